package root

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// A read that gets something other than the interface's JSON names the
// address asked and what came back, so a wrong base URL shows at once.
func TestCLIErrorsNameTheHostAndWhatCameBack(t *testing.T) {
	e := newCLIEnv(t)
	cases := []struct {
		name   string
		status int
		ct     string
		want   string
	}{
		{"a page where JSON was due", 200, "text/html; charset=utf-8", "got text/html from %s/api/v1/strategies: check the base URL"},
		{"a page not found", 404, "text/html", "not found: got text/html from %s/api/v1/strategies: check the base URL"},
		{"a proxy's error page", 502, "text/html", "server error 502 from %s/api/v1/strategies (got text/html)"},
		{"JSON of the wrong shape", 200, "application/json", "unexpected answer from %s/api/v1/strategies: field"},
		{"credentials rejected", 401, "application/json", "credentials rejected: run stratop login / check STRATOP_API_KEY (from %s/api/v1/strategies)"},
		{"the interface's own 404", 404, "application/json", "not found: no such route (from %s/api/v1/strategies)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", tc.ct)
				w.WriteHeader(tc.status)
				switch {
				case tc.status == 404 && strings.Contains(tc.ct, "json"):
					_, _ = w.Write([]byte(`{"statusCode": 404, "message": "no such route", "error": "Not Found"}`))
				case strings.Contains(tc.ct, "json"):
					_, _ = w.Write([]byte(`{"strategies": "none", "totalCount": "many"}`))
				default:
					_, _ = w.Write([]byte("<html><body>Welcome to nginx</body></html>"))
				}
			}))
			defer srv.Close()
			t.Setenv("STRATOP_BASE_URL", srv.URL)
			_, errOut, code := e.run("", "strategies", "list", "-o", "json")
			want := strings.ReplaceAll(tc.want, "%s", srv.URL)
			if code == 0 || !strings.Contains(errOut, want) {
				t.Errorf("exit %d, stderr %q; want it to contain %q", code, errOut, want)
			}
		})
	}
}
