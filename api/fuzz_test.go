package api

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// decodeTargets decodes body into every response type through decodeRaw,
// the path every client method uses, in both body modes.
var decodeTargets = []func(*rawResponse, bodyMode) (any, error){
	func(r *rawResponse, m bodyMode) (any, error) { return decodeRaw[User](r, m) },
	func(r *rawResponse, m bodyMode) (any, error) { return decodeRaw[[]User](r, m) },
	func(r *rawResponse, m bodyMode) (any, error) { return decodeRaw[UserPoolsResponse](r, m) },
	func(r *rawResponse, m bodyMode) (any, error) { return decodeRaw[TokenBalanceResponse](r, m) },
	func(r *rawResponse, m bodyMode) (any, error) { return decodeRaw[NativeBalance](r, m) },
	func(r *rawResponse, m bodyMode) (any, error) { return decodeRaw[[]NativeBalance](r, m) },
	func(r *rawResponse, m bodyMode) (any, error) { return decodeRaw[Pool](r, m) },
	func(r *rawResponse, m bodyMode) (any, error) { return decodeRaw[[]Pool](r, m) },
	func(r *rawResponse, m bodyMode) (any, error) { return decodeRaw[DashboardStats](r, m) },
	func(r *rawResponse, m bodyMode) (any, error) { return decodeRaw[StrategiesPage](r, m) },
	func(r *rawResponse, m bodyMode) (any, error) { return decodeRaw[FilteredStrategiesResponse](r, m) },
	func(r *rawResponse, m bodyMode) (any, error) { return decodeRaw[Strategy](r, m) },
	func(r *rawResponse, m bodyMode) (any, error) { return decodeRaw[DuplicateResult](r, m) },
	func(r *rawResponse, m bodyMode) (any, error) { return decodeRaw[RemoveStrategiesResult](r, m) },
	func(r *rawResponse, m bodyMode) (any, error) { return decodeRaw[JobStarted](r, m) },
}

// FuzzDecodeResponses feeds arbitrary bytes to the response decoder and the
// error-body parser: they must never panic, a failure must be a
// *DecodeError, a strict decode that succeeds must yield a value, and an
// error message must come out sanitised and bounded.
func FuzzDecodeResponses(f *testing.F) {
	f.Add([]byte(strategyJSON))
	f.Add([]byte(`{"message":["a","b"],"error":"Bad Request","statusCode":400}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		raw := &rawResponse{method: "GET", path: "/api/v1/x", status: 200, contentType: "application/json", body: body}
		for i, decode := range decodeTargets {
			for _, mode := range []bodyMode{needJSON, emptyOK} {
				v, err := decode(raw, mode)
				if err != nil {
					var de *DecodeError
					if !errors.As(err, &de) || !errors.Is(err, ErrDecode) {
						t.Fatalf("target %d: error %T is not a *DecodeError", i, err)
					}
					_ = err.Error()
					continue
				}
				if mode == needJSON && isNilPointer(v) {
					t.Fatalf("target %d: strict decode returned no value and no error", i)
				}
			}
		}
		msgs, reason := parseErrorBody(body)
		for _, m := range append(msgs, reason) {
			s := cleanText(m, maxMessageRunes)
			if strings.ContainsFunc(s, isControl) || len([]rune(s)) > maxMessageRunes+1 {
				t.Fatalf("sanitised message %q keeps controls or exceeds the cap", s)
			}
		}
	})
}

// isNilPointer reports whether v holds a nil pointer of any type.
func isNilPointer(v any) bool {
	rv := reflect.ValueOf(v)
	return !rv.IsValid() || (rv.Kind() == reflect.Pointer && rv.IsNil())
}
