package mcp

import (
	"context"
	"net"
	"net/http"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

func TestListenServesLoopbackOnly(t *testing.T) {
	for addr, ok := range map[string]bool{
		"127.0.0.1:8765": true, "[::1]:8765": true, "localhost:8765": true,
		"0.0.0.0:8765": false, ":8765": false, "[::]:8765": false, "192.168.1.10:8765": false, "example.com:8765": false, "127.0.0.1": false,
	} {
		if err := CheckLoopback(addr); (err == nil) != ok {
			t.Errorf("%s: %v, want served %v", addr, err, ok)
		}
	}
	e := start(t)
	for _, token := range []string{"", "short"} {
		if err := e.srv.ListenAndServe(t.Context(), "127.0.0.1:0", token, nil); err == nil || !strings.Contains(err.Error(), TokenEnv) {
			t.Errorf("token %q: %v", token, err)
		}
	}
	if err := e.srv.ListenAndServe(t.Context(), "0.0.0.0:0", strings.Repeat("k", MinTokenLen), nil); err == nil {
		t.Error("served on every interface")
	}
}

type bearer struct{ token string }

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return http.DefaultTransport.RoundTrip(r)
}

func TestListenAnswersOnlyTheBearerOfTheToken(t *testing.T) {
	e := start(t)
	token := strings.Repeat("s3cr", 8)
	ctx, cancel := context.WithCancel(context.Background())
	addrs := make(chan net.Addr, 1)
	done := make(chan error, 1)
	go func() { done <- e.srv.ListenAndServe(ctx, "127.0.0.1:0", token, func(a net.Addr) { addrs <- a }) }()
	url := "http://" + (<-addrs).String()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("serve: %v", err)
		}
	}()

	for _, auth := range []string{"", "Bearer wrong-token-of-enough-length-xx"} {
		req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if auth != "" {
			req.Header.Set("Authorization", auth)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		_ = resp.Body.Close()
		if resp.StatusCode != http.StatusUnauthorized {
			t.Errorf("authorization %q: %d, want 401", auth, resp.StatusCode)
		}
	}

	c := sdk.NewClient(&sdk.Implementation{Name: "http-client", Version: "1"}, nil)
	cs, err := c.Connect(ctx, &sdk.StreamableClientTransport{Endpoint: url, HTTPClient: &http.Client{Transport: bearer{token}}, MaxRetries: -1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "stats"})
	if err != nil || res.IsError || !strings.HasPrefix(textOf(res.Content), "{") {
		t.Fatalf("stats over HTTP: %v %+v", err, res)
	}
}
