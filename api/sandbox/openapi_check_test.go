package sandbox_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"path"
	"regexp"
	"strings"
	"sync"

	"github.com/pb33f/libopenapi"
	validator "github.com/pb33f/libopenapi-validator"
	"github.com/pb33f/libopenapi-validator/config"
	vErrors "github.com/pb33f/libopenapi-validator/errors"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/api/sandbox"
)

// Every round trip of the conformance suite goes through checked: the
// request and the answer are validated against the OpenAPI description
// (api/openapi.json) with libopenapi-validator, and the test fails when
//   - the answer is not one the description allows (status or body);
//   - the sandbox accepted (2xx) a request the description forbids;
//   - the sandbox refused (400) a request the description allows, unless
//     for one of the rules the description's 400 says no schema can state
//     (semanticRefusals, below, mirrors that list);
//   - a route the description does not have answered anything but the
//     404 or 405 error body.

// docValidator is the validator of the description, built once. The
// library's validators share caches; the mutex keeps the suite's parallel
// requests from relying on more than it promises.
var (
	docOnce    sync.Once
	docV       validator.Validator
	docErr     error
	docMu      sync.Mutex
	errorCheck = regexp.MustCompile(`^\{"statusCode":\d{3},"message":`)
)

func docValidator() (validator.Validator, error) {
	docOnce.Do(func() {
		doc, err := libopenapi.NewDocument(api.OpenAPI())
		if err != nil {
			docErr = err
			return
		}
		// A body on an operation that declares none is a violation: the
		// sandbox refuses one (400) on the routes that take none.
		v, errs := validator.NewValidator(doc, config.WithRejectUndeclaredRequestBody())
		if len(errs) > 0 {
			docErr = fmt.Errorf("validator: %v", errs)
			return
		}
		docV = v
	})
	return docV, docErr
}

// semanticRefusals are the 400s a request valid by the description may
// still get: rules about state, about several fields together, or about
// the chain of an address, which JSON Schema cannot state. The
// description's BadRequest response lists the same rules.
var semanticRefusals = regexp.MustCompile(strings.Join([]string{
	`^cannot [a-z ]+ strategy \d+: `,                  // transitions, duplicate, changeBalance on a finished strategy
	`^strategy \d+ is a [a-z]+ [a-z]+ strategy; this`, // update route of another type or side
	`^strategy \d+ cannot be updated: `,
	`^strategy \d+ is a (buy|sell) strategy: only `, // changeBalance on the other side
	`^changeBalance applies to volume strategies only`,
	`^(poolId|poolDepositId|chainId) \d+ is not the strategy's `,
	`exceeds the available balance`,
	`^a sell strategy needs a deposit`,
	`^(tokenAddress|inputToken|outputToken) must be a token address on chain \d+$`,
	`^(receiverAddress|volumeExclusionAddresses\[\d+\]) must be an address on chain \d+$`,
	`^poolAddress must be a Solana address`,
	`^minTransactionValue must be <= maxTransactionValue$`,
	`^variableDcaFrequency requires dcaFrequency >= 2 and orders > 1$`, // against stored values on update
	`^triggerPrice is required when triggerType is price$`,             // against stored values on update
	`^orders must be greater than the executed orders`,
	`^balanceUsed cannot be lower than the amount already traded`,
	`^the resulting balance is too large$`,
}, "|"))

// reporter is what a check reports to: a *testing.T, or a collector in the
// test that shows the check can fail.
type reporter interface {
	Helper()
	Errorf(format string, args ...any)
}

// checked wraps the sandbox so that every round trip is validated.
func checked(t reporter, sb *sandbox.Sandbox) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, whole := peekBody(r)
		tee := &teeWriter{ResponseWriter: w}
		sb.ServeHTTP(tee, r)
		if tee.status == 0 {
			return // the connection was dropped on purpose (faults)
		}
		checkRoundTrip(t, sb.Faults(), r, body, whole, tee.status, tee.Header().Clone(), tee.body.Bytes())
	})
}

// peekBody reads up to 1 MiB + 1 of the body for validation and leaves the
// request able to read all of it again; whole is false when there is more.
func peekBody(r *http.Request) ([]byte, bool) {
	if r.Body == nil || r.Body == http.NoBody {
		return nil, true
	}
	b, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20+1))
	r.Body = struct {
		io.Reader
		io.Closer
	}{io.MultiReader(bytes.NewReader(b), r.Body), r.Body}
	return b, len(b) <= 1<<20
}

// checkRoundTrip validates one request and its answer.
func checkRoundTrip(t reporter, f sandbox.Faults, r *http.Request, body []byte, whole bool, status int, header http.Header, got []byte) {
	t.Helper()
	v, err := docValidator()
	if err != nil {
		t.Errorf("openapi: %v", err)
		return
	}
	what := r.Method + " " + r.URL.RequestURI()
	if len(what) > 120 {
		what = what[:120] + "..."
	}
	if f.TruncateRate > 0 {
		return // a body cut in half on purpose is outside the description by design
	}
	req := r.Clone(r.Context())
	req.Body = io.NopCloser(bytes.NewReader(body))
	req.ContentLength = int64(len(body))
	resp := &http.Response{StatusCode: status, Header: header, Body: io.NopCloser(bytes.NewReader(got)), Request: req}

	docMu.Lock()
	reqOK, reqErrs := v.ValidateHttpRequestSync(req)
	req.Body = io.NopCloser(bytes.NewReader(body))
	_, respErrs := v.ValidateHttpResponse(req, resp)
	docMu.Unlock()

	// The validator's router forgives // and a trailing slash; a path
	// template of the description matches neither.
	if routeMissing(reqErrs) || path.Clean(r.URL.Path) != r.URL.Path {
		if (status != http.StatusNotFound && status != http.StatusMethodNotAllowed) || !errorCheck.Match(got) {
			t.Errorf("openapi: %s is no route of the description, yet answered %d: %.200s", what, status, got)
		}
		if status == http.StatusMethodNotAllowed && header.Get("Allow") == "" {
			t.Errorf("openapi: %s: 405 without Allow", what)
		}
		return
	}
	for _, e := range respErrs {
		t.Errorf("openapi: %s answered %d, which the description does not allow: %s\nbody: %.300s", what, status, describe(e), got)
	}
	if len(respErrs) == 0 && !listsStatus(r.Method, r.URL.Path, status) {
		t.Errorf("openapi: %s answered %d, which the description does not allow on this route (only its default answer covers it): %.200s", what, status, got)
	}
	switch {
	case !whole:
		// Too large to validate; the answer (413) was checked above.
	case !reqOK && status < 300:
		for _, e := range reqErrs {
			t.Errorf("openapi: %s was accepted (%d), but the description forbids it: %s", what, status, describe(e))
		}
	case reqOK && status == http.StatusBadRequest:
		var eb api.ErrorBody
		_ = json.Unmarshal(got, &eb)
		for _, m := range eb.Message {
			if !semanticRefusals.MatchString(m) {
				t.Errorf("openapi: %s is valid by the description but the sandbox refused it: %q\nbody sent: %.300s", what, m, body)
			}
		}
	}
}

// routeMissing reports whether the validator found no operation for the
// request's path and method.
func routeMissing(errs []*vErrors.ValidationError) bool {
	for _, e := range errs {
		if e.IsPathMissingError() || e.IsOperationMissingError() {
			return true
		}
	}
	return false
}

// describe words a validation error with its schema failures.
func describe(e *vErrors.ValidationError) string {
	var b strings.Builder
	b.WriteString(e.Message)
	if e.Reason != "" {
		b.WriteString(": " + e.Reason)
	}
	for _, f := range e.SchemaValidationErrors {
		b.WriteString("; " + f.Reason + " at " + f.FieldPath)
	}
	return b.String()
}

// teeWriter passes an answer through and keeps a copy. Unwrap lets the
// sandbox reach the connection (its body deadline) through it.
type teeWriter struct {
	http.ResponseWriter
	status int
	body   bytes.Buffer
}

func (w *teeWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *teeWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	w.body.Write(b)
	return w.ResponseWriter.Write(b)
}

func (w *teeWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
