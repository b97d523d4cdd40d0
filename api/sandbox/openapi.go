package sandbox

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"sync"

	"github.com/stratop/stratop/api"
)

// OpenAPIPath is where the sandbox serves the description of the interface.
const OpenAPIPath = "/api/v1/openapi.json"

// openAPIDoc is the description, copied once at its first use rather than
// at every start of the binary (160 kB).
var openAPIDoc = sync.OnceValue(api.OpenAPI)

// DefaultBaseURL is the address the description's servers entry names:
// the sandbox's default --addr.
const DefaultBaseURL = "http://127.0.0.1:8787"

// OpenAPIAt is the description with its servers entry naming baseURL (a
// sandbox listening elsewhere than the default), so a client generated
// from it, or a tool that reads servers, talks to the sandbox that served
// it. Only that entry changes; the rest is the file byte for byte.
func OpenAPIAt(baseURL string) []byte {
	if baseURL == DefaultBaseURL {
		return bytes.Clone(openAPIDoc())
	}
	url, _ := json.Marshal(baseURL + "/api/v1")
	addr, _ := json.Marshal("stratop sandbox (stratop sandbox --addr " + strings.TrimPrefix(baseURL, "http://") + ")")
	return []byte(strings.NewReplacer(
		`"url": "`+DefaultBaseURL+`/api/v1"`, `"url": `+string(url),
		`"description": "stratop sandbox (stratop sandbox --addr 127.0.0.1:8787)"`, `"description": `+string(addr),
	).Replace(string(openAPIDoc())))
}

// serveAt makes the served description name baseURL.
func (s *Sandbox) serveAt(baseURL string) {
	doc := OpenAPIAt(baseURL)
	s.served.Store(&doc)
}

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
	doc := openAPIDoc()
	if p := s.served.Load(); p != nil {
		doc = *p
	}
	writeBytes(w, http.StatusOK, doc)
}
