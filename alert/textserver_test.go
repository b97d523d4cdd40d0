package alert

import (
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
)

// newTextServer records each request body on got and returns its URL.
func newTextServer(t *testing.T, got chan<- string) string {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		select {
		case got <- string(b):
		default:
		}
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}
