package api_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"

	"github.com/stratop/stratop/api"
)

// Example shows a client halting a strategy and telling a missing strategy
// apart from other failures with errors.Is and errors.As.
func Example() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("X-API-Key") != "demo-key" || r.Header.Get("X-API-Secret") != "demo-secret" {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		if r.Method == http.MethodPost && r.URL.Path == "/api/v1/strategies/12/halt" {
			_, _ = io.WriteString(w, `{"id":12,"status":"paused","category":"buy","type":"dca"}`)
			return
		}
		w.WriteHeader(http.StatusNotFound)
		_, _ = io.WriteString(w, `{"statusCode":404,"message":"strategy not found","error":"Not Found"}`)
	}))
	defer srv.Close()

	c, err := api.New(srv.URL, api.WithCredentials(api.Credentials{Key: "demo-key", Secret: "demo-secret"}))
	if err != nil {
		fmt.Println(err)
		return
	}
	ctx := context.Background()
	s, err := c.HaltStrategy(ctx, 12)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("strategy", s.ID, "is", s.Status)

	_, err = c.GetStrategy(ctx, 99)
	var apiErr *api.Error
	if errors.Is(err, api.ErrNotFound) && errors.As(err, &apiErr) {
		fmt.Println(apiErr.StatusCode, apiErr.Message)
	}
	// Output:
	// strategy 12 is paused
	// 404 strategy not found
}
