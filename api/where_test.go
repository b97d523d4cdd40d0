package api

import (
	"context"
	"errors"
	"net/http"
	"testing"
)

// An answer's error names the server it came from and what it said it was.
func TestErrorsNameTheAddressAndContentType(t *testing.T) {
	page := func(status int, ct string) http.HandlerFunc {
		return func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", ct)
			w.WriteHeader(status)
			_, _ = w.Write([]byte("<html>proxy</html>"))
		}
	}
	c, srv, _ := newTestClient(t, page(404, "text/html; charset=utf-8"), WithRetries(0))
	_, err := c.ListStrategies(context.Background(), StrategyFilter{})
	var ae *Error
	if !errors.As(err, &ae) || ae.Origin != srv.URL || ae.ContentType != "text/html; charset=utf-8" || !NotJSON(ae.ContentType) {
		t.Fatalf("404 page: %#v", err)
	}
	if got := Where(err); got != srv.URL+"/api/v1/strategies" {
		t.Errorf("Where = %q", got)
	}

	c, srv, _ = newTestClient(t, page(200, "text/html"), WithRetries(0))
	_, err = c.GetDashboardStats(context.Background())
	var de *DecodeError
	if !errors.As(err, &de) || de.Origin != srv.URL || MediaType(de.ContentType) != "text/html" {
		t.Fatalf("200 page: %#v", err)
	}
	if got := Where(err); got != srv.URL+"/api/v1/strategies/getDashBoardStats" {
		t.Errorf("Where = %q", got)
	}
	if NotJSON("application/json; charset=utf-8") || NotJSON("application/problem+json") || NotJSON("") || !NotJSON("text/plain") {
		t.Error("NotJSON misreads a content type")
	}
}
