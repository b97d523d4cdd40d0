package api

import (
	"bytes"
	_ "embed" // the description is compiled in
)

// openAPI is the machine-readable description of the interface v1 (spec
// section 9): OpenAPI 3.1 of every route of sections 4.1-4.6, kept as one
// file beside this one so partners and reviewers read the same bytes the
// binary serves.
//
//go:embed openapi.json
var openAPI []byte

// OpenAPI returns the OpenAPI 3.1 description of the interface v1 as JSON.
// The sandbox serves it at GET /api/v1/openapi.json and `stratop sandbox
// --openapi` prints it. Each call returns a fresh copy.
func OpenAPI() []byte { return bytes.Clone(openAPI) }
