package api

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
)

// TestBadBodiesAreDecodeErrors: HTML pages, truncated and wrong-typed JSON
// in a 2xx answer are *DecodeError, not panics and not zero values.
func TestBadBodiesAreDecodeErrors(t *testing.T) {
	for _, tc := range []struct{ name, ctype, body string }{
		{"html", "text/html", "<!DOCTYPE html><html><body><h1>Welcome to nginx!</h1></body></html>"},
		{"truncated", "application/json", `{"id":12,"strategyId":"s-12","pool":{"id":1,"na`},
		{"wrong type", "application/json", `{"id":"twelve"}`},
		{"array not object", "application/json", `[` + strategyJSON + `]`},
		{"trailing garbage", "application/json", strategyJSON + `}`},
		{"empty", "application/json", ``},
		{"null", "application/json", `null`},
		{"plain text", "text/plain", `OK`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, _, w := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", tc.ctype)
				_, _ = io.WriteString(w, tc.body)
			}))
			s, err := c.GetStrategy(context.Background(), 12)
			var de *DecodeError
			if !errors.As(err, &de) || !errors.Is(err, ErrDecode) || s != nil {
				t.Fatalf("got %v, %v; want *DecodeError", s, err)
			}
			if de.StatusCode != 200 || de.Method != "GET" || de.Path != "/api/v1/strategies/12" || de.ContentType != tc.ctype {
				t.Errorf("DecodeError fields %+v", *de)
			}
			if len(tc.body) > 20 && strings.Contains(err.Error(), tc.body[:20]) {
				t.Errorf("error quotes the body: %v", err)
			}
			if len(w.got()) != 0 {
				t.Errorf("decode error was retried")
			}
		})
	}
}

// TestWrongTypeExposesCause: the JSON cause is reachable with errors.As.
func TestWrongTypeExposesCause(t *testing.T) {
	c, _, _ := newTestClient(t, jsonHandler(&counter{}, 200, `{"usersCount":"many"}`))
	_, err := c.GetDashboardStats(context.Background())
	var te *json.UnmarshalTypeError
	if !errors.As(err, &te) || !strings.Contains(err.Error(), "usersCount") {
		t.Fatalf("err = %v", err)
	}
}

// TestOversizedBodyRefused: a body above the cap is an error, with or
// without a Content-Length, and a body exactly at the cap is accepted.
// (GET /users has its own cap: users_stream_test.go.)
func TestOversizedBodyRefused(t *testing.T) {
	const limit = 1024
	body := func(n int) string { return `[` + strings.Repeat(" ", n-2) + `]` }
	for _, tc := range []struct {
		name    string
		size    int
		chunked bool
		ok      bool
	}{
		{"declared over", limit + 1, false, false},
		{"chunked over", limit * 4, true, false},
		{"at cap", limit, false, true},
		{"chunked at cap", limit, true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, _, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				b := body(tc.size)
				if !tc.chunked {
					w.Header().Set("Content-Length", strconv.Itoa(len(b)))
				}
				for i := 0; i < len(b); i += 100 {
					_, _ = io.WriteString(w, b[i:min(i+100, len(b))])
					if tc.chunked {
						w.(http.Flusher).Flush()
					}
				}
			}), WithMaxResponseBytes(limit))
			pools, err := c.GetClientPools(context.Background(), 0)
			if tc.ok {
				if err != nil || pools == nil {
					t.Fatalf("at cap: %v, %v", pools, err)
				}
				return
			}
			var de *DecodeError
			if !errors.Is(err, ErrResponseTooLarge) || !errors.As(err, &de) {
				t.Fatalf("err = %v, want ErrResponseTooLarge", err)
			}
		})
	}
	if _, err := New("https://x.example", WithMaxResponseBytes(0)); err == nil {
		t.Error("WithMaxResponseBytes(0) accepted")
	}
}

// TestCutConnectionMidBody: a body cut short by the connection (fewer bytes
// than Content-Length) is a network error on reading, retried for reads.
func TestCutConnectionMidBody(t *testing.T) {
	var hits counter
	c, _, w := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.inc()
		w.Header().Set("Content-Length", "500")
		_, _ = io.WriteString(w, `{"strategies":[`)
	}))
	_, err := c.ListStrategies(context.Background(), StrategyFilter{})
	var te *TransportError
	if !errors.As(err, &te) || te.Op != "read" || !te.MaybeDelivered {
		t.Fatalf("err = %v", err)
	}
	if hits.get() != 4 || len(w.got()) != 3 {
		t.Errorf("hits %d waits %d", hits.get(), len(w.got()))
	}
}

// TestActionBodiesNotShownBySpec: an action's empty or non-strategy body is
// (nil, nil); a strategy body is returned; HTML is still a DecodeError that
// reports the 2xx status (the action was accepted).
func TestActionBodiesNotShownBySpec(t *testing.T) {
	for _, tc := range []struct {
		body    string
		wantNil bool
		wantErr bool
	}{
		{"", true, false},
		{"  \n", true, false},
		{"null", true, false},
		{`{"success":true}`, true, false},
		{strategyJSON, false, false},
		{"<html>ok</html>", true, true},
	} {
		c, _, _ := newTestClient(t, jsonHandler(&counter{}, http.StatusCreated, tc.body))
		s, err := c.HaltStrategy(context.Background(), 12)
		if (err != nil) != tc.wantErr || (s == nil) != tc.wantNil {
			t.Errorf("body %q: got %v, %v", tc.body, s, err)
		}
		var de *DecodeError
		if tc.wantErr && (!errors.As(err, &de) || de.StatusCode != http.StatusCreated) {
			t.Errorf("body %q: err %v", tc.body, err)
		}
	}
}

// TestUpsertUserBodyNotShownBySpec: a user record is returned, anything
// else that decodes (empty, {}, {"ok":true}) gives (nil, nil).
func TestUpsertUserBodyNotShownBySpec(t *testing.T) {
	for body, want := range map[string]bool{``: false, `{}`: false, `{"ok":true}`: false, `{"id":4,"externalUserId":"u1"}`: true} {
		c, _, _ := newTestClient(t, jsonHandler(&counter{}, http.StatusCreated, body))
		u, err := c.UpsertUser(context.Background(), CreateUserRequest{ExternalUserID: "u1"})
		if err != nil || (u != nil) != want {
			t.Errorf("body %q: got %v, %v", body, u, err)
		}
	}
}

// TestUnknownFieldsIgnored: extra fields at every level do not fail decoding.
func TestUnknownFieldsIgnored(t *testing.T) {
	body := `{"pools":[{"id":1,"extra":true,"deposits":[{"id":9,"more":{"a":[1]}}],"totalBought":12.5}],"tokenOverallValue":"1.00","new":"x"}`
	c, _, _ := newTestClient(t, jsonHandler(&counter{}, 200, body))
	p, err := c.GetUserPools(context.Background(), UserPoolsRequest{UserID: "u1"})
	if err != nil || len(p.Pools) != 1 || p.Pools[0].Deposits[0].ID != 9 || p.Pools[0].TotalBought.String() != "12.5" {
		t.Fatalf("got %+v, %v", p, err)
	}
}
