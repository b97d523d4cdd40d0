package sandbox_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stratop/stratop/api/sandbox"
)

// The error answers the sandbox really gives, on every operation of the
// description, go through the conformance check (checked): each must be
// one the operation lists, with the error body and, for 429, Retry-After.

// sampleRequest is a request for op: every path parameter 1, and an empty
// object as the body of an operation that takes one.
func sampleRequest(op documentedOp) (method, path, body string) {
	path = "/api/v1" + pathParam.ReplaceAllString(op.template, "1")
	if op.hasBody {
		body = "{}"
	}
	return op.method, path, body
}

func TestOpenAPI_SandboxRateLimitAnswersConform(t *testing.T) {
	e := newEnv(t)
	e.sb.SetFaults(sandbox.Faults{RateLimitRate: 1, RetryAfter: 1500 * time.Millisecond})
	for _, op := range documentedOps() {
		method, path, body := sampleRequest(op)
		r := e.raw(method, path, body)
		if path == sandbox.OpenAPIPath {
			continue // the description itself is served whatever the faults but Down
		}
		if r.status != http.StatusTooManyRequests || r.header.Get("Retry-After") != "2" {
			t.Errorf("%s %s: %d Retry-After %q, want 429 and 2", method, path, r.status, r.header.Get("Retry-After"))
		}
	}
}

func TestOpenAPI_SandboxServerErrorsConform(t *testing.T) {
	e := newEnv(t)
	e.sb.SetFaults(sandbox.Faults{FailRate: 1})
	seen := map[int]bool{}
	for round := 0; round < 50 && len(seen) < 3; round++ {
		for _, op := range documentedOps() {
			if op.method != http.MethodGet || strings.HasSuffix(op.template, "openapi.json") {
				continue // reads by method: the POST reads are failed too, but so are no actions
			}
			method, path, body := sampleRequest(op)
			r := e.raw(method, path, body)
			if r.status < 500 {
				t.Fatalf("%s %s under fail-rate 1: %d", method, path, r.status)
			}
			seen[r.status] = true
		}
	}
	for _, code := range []int{500, 502, 503} {
		if !seen[code] {
			t.Errorf("fail-rate never answered %d (saw %v)", code, seen)
		}
	}
}

func TestOpenAPI_SandboxRefusalsConform(t *testing.T) {
	e := newEnv(t, sandbox.WithoutTwoFactor())
	for _, op := range documentedOps() {
		method, path, body := sampleRequest(op)
		if path == sandbox.OpenAPIPath {
			continue
		}
		if r := e.rawWith(method, path, body, nil); r.status != http.StatusUnauthorized {
			t.Errorf("%s %s without credentials: %d, want 401", method, path, r.status)
		}
		e.raw(method, path, body) // 400, 403 or 404 as the route decides; checked validates it
	}
}
