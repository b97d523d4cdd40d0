package sandbox

import (
	"net/http"

	"github.com/stratop/stratop/api"
)

// OpenAPIPath is where the sandbox serves the description of the interface.
const OpenAPIPath = "/api/v1/openapi.json"

// openAPIDoc is the description, read once.
var openAPIDoc = api.OpenAPI()

// serveOpenAPI answers GET /api/v1/openapi.json with the OpenAPI description.
// It is the one route that needs no credentials, by choice: the description
// is public (spec section 9: it "is published"), partners fetch it to
// generate clients and mock servers before they hold a key, and it tells
// nothing about any integration's data. Faults that make the sandbox
// unreachable still apply, so it is no way to probe a "down" sandbox.
func (s *Sandbox) serveOpenAPI(w http.ResponseWriter, r *http.Request) {
	if s.currentFaults().Down {
		dropConnection(w)
		return
	}
	if hasBody(r) {
		writeReply(w, badRequest("this route takes no request body"))
		return
	}
	writeBytes(w, http.StatusOK, openAPIDoc)
}
