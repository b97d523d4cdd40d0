package api

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestStatusMapping: each status matches exactly its sentinel.
func TestStatusMapping(t *testing.T) {
	sentinels := []error{ErrBadRequest, ErrUnauthorized, ErrForbidden, ErrNotFound, ErrConflict, ErrTooManyRequests, ErrServer}
	for code, want := range map[int]error{
		400: ErrBadRequest, 401: ErrUnauthorized, 403: ErrForbidden, 404: ErrNotFound, 409: ErrConflict,
		429: ErrTooManyRequests, 500: ErrServer, 502: ErrServer, 503: ErrServer, 599: ErrServer, 418: nil,
	} {
		c, _, _ := newTestClient(t, jsonHandler(&counter{}, code, `{"statusCode":1,"message":"m","error":"E"}`), WithRetries(0))
		_, err := c.GetUser(context.Background(), "u1")
		var ae *Error
		if !errors.As(err, &ae) || ae.StatusCode != code || ae.Method != "GET" || ae.Path != "/api/v1/users/u1" {
			t.Fatalf("%d: err = %#v", code, err)
		}
		for _, s := range sentinels {
			if errors.Is(err, s) != (s == want) {
				t.Errorf("%d: errors.Is(%v) = %v", code, s, errors.Is(err, s))
			}
		}
		if errors.Is(err, ErrNetwork) || errors.Is(err, ErrDecode) || errors.Is(err, ErrValidation) {
			t.Errorf("%d matches a non-HTTP family", code)
		}
	}
}

// TestErrorMessages: message as string, list, absent, non-JSON; hostile
// bodies are sanitised and capped.
func TestErrorMessages(t *testing.T) {
	long := strings.Repeat("x", 5000)
	for _, tc := range []struct {
		name, body   string
		wantMsg      string
		wantMessages []string
		wantReason   string
	}{
		{"string", `{"statusCode":400,"message":"strategy is not active","error":"Bad Request"}`,
			"strategy is not active", []string{"strategy is not active"}, "Bad Request"},
		{"list", `{"statusCode":400,"message":["orders must be >= 1","chainId required"],"error":"Bad Request"}`,
			"orders must be >= 1; chainId required", []string{"orders must be >= 1", "chainId required"}, "Bad Request"},
		{"no message", `{"statusCode":400}`, "Bad Request", nil, ""},
		{"message wrong type", `{"message":{"a":1},"error":7}`, "Bad Request", nil, ""},
		{"html", `<html><body>` + long + `</body></html>`, "Bad Request", nil, ""},
		{"empty", ``, "Bad Request", nil, ""},
		{"control chars", "{\"message\":\"bad\\u001b[2J\\u0007 \\u202einput\\n\\nhere\"}", "bad\uFFFD \uFFFDinput here", []string{"bad\uFFFD \uFFFDinput here"}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, _, _ := newTestClient(t, jsonHandler(&counter{}, 400, tc.body))
			_, err := c.HaltStrategy(context.Background(), 1)
			var ae *Error
			if !errors.As(err, &ae) {
				t.Fatalf("err = %v", err)
			}
			if ae.Message != tc.wantMsg || fmt.Sprint(ae.Messages) != fmt.Sprint(tc.wantMessages) || ae.Reason != tc.wantReason {
				t.Errorf("got Message %q Messages %q Reason %q", ae.Message, ae.Messages, ae.Reason)
			}
			if len(err.Error()) > 600 {
				t.Errorf("error text is %d bytes", len(err.Error()))
			}
		})
	}
}

// TestLongMessageCapped: a huge JSON message is cut, with an ellipsis.
func TestLongMessageCapped(t *testing.T) {
	c, _, _ := newTestClient(t, jsonHandler(&counter{}, 404, `{"message":"`+strings.Repeat("é", 10000)+`"}`))
	_, err := c.GetPool(context.Background(), 1)
	var ae *Error
	if !errors.As(err, &ae) || utf8.RuneCountInString(ae.Message) > maxMessageRunes+1 || !strings.HasSuffix(ae.Message, "…") {
		t.Fatalf("message not capped: %d runes", utf8.RuneCountInString(ae.Message))
	}
}

// TestRetryAfterOnError: Error carries the parsed Retry-After.
func TestRetryAfterOnError(t *testing.T) {
	c, _, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", "3")
		w.WriteHeader(http.StatusTooManyRequests)
	}), WithRetries(0))
	_, err := c.ListUsers(context.Background())
	var ae *Error
	if !errors.As(err, &ae) || ae.RetryAfter.Seconds() != 3 {
		t.Fatalf("err = %v", err)
	}
}

// TestCredentialsNeverInErrors formats every error type the client makes,
// including a server echoing the credentials back, with every verb, and
// checks that the canary key and secret are absent.
func TestCredentialsNeverInErrors(t *testing.T) {
	echo := func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", r.Header.Get(headerSecret))
		w.WriteHeader(http.StatusUnauthorized)
		_, _ = fmt.Fprintf(w, `{"message":["bad key %s","bad secret %s"],"error":"%s"}`,
			r.Header.Get(headerKey), r.Header.Get(headerSecret), r.Header.Get(headerSecret))
	}
	echoOK := func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/"+r.Header.Get(headerSecret))
		_, _ = io.WriteString(w, "<html>"+r.Header.Get(headerSecret)+"</html>")
	}
	other := newTestServer(t, http.HandlerFunc(echoOK))
	redirect := func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, other.URL+"/"+r.Header.Get(headerSecret), http.StatusFound)
	}
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	dead := "http://" + ln.Addr().String()
	_ = ln.Close()

	var errs []error
	for _, h := range []http.HandlerFunc{echo, echoOK, redirect} {
		c, _, _ := newTestClient(t, h, WithRetries(0))
		_, err := c.GetStrategy(context.Background(), 1)
		errs = append(errs, err)
		_, err = c.ChangeBalance(context.Background(), &ChangeBalanceRequest{UserID: "u", StrategyID: 1, BalanceBuyUsed: "1"})
		errs = append(errs, err)
		errs = append(errs, fmt.Errorf("wrapped: %w", err))
	}
	creds := WithCredentials(Credentials{Key: canaryKey, Secret: canarySecret})
	c, err := New(dead, creds, WithRetries(0))
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.ListUsers(context.Background())
	errs = append(errs, err)
	_, err = c.CreateStrategyDcaBuy(context.Background(), CreateStrategyRequest{UserID: canarySecret})
	errs = append(errs, err)
	_, err = New("http://user:"+canarySecret+"@example.com", creds)
	errs = append(errs, err)
	_, err = New("https://"+canarySecret+".example.com:xx", creds)
	errs = append(errs, err)

	kinds := map[string]bool{}
	for i, e := range errs {
		if e == nil {
			t.Fatalf("case %d produced no error", i)
		}
		var (
			ae *Error
			de *DecodeError
			te *TransportError
			ve *ValidationError
		)
		kinds["Error"] = kinds["Error"] || errors.As(e, &ae)
		kinds["DecodeError"] = kinds["DecodeError"] || errors.As(e, &de)
		kinds["TransportError"] = kinds["TransportError"] || errors.As(e, &te)
		kinds["ValidationError"] = kinds["ValidationError"] || errors.As(e, &ve)
		for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%q", "%x"} {
			checkNoCanary(t, fmt.Sprintf(verb, e))
			for _, inner := range []any{ae, de, te, ve} {
				checkNoCanary(t, fmt.Sprintf(verb, inner))
			}
		}
		var sb strings.Builder
		slog.New(slog.NewJSONHandler(&sb, nil)).Error("failed", "err", e)
		checkNoCanary(t, sb.String())
	}
	for _, k := range []string{"Error", "DecodeError", "TransportError", "ValidationError"} {
		if !kinds[k] {
			t.Errorf("no %s was exercised", k)
		}
	}
	for _, verb := range []string{"%v", "%+v", "%#v", "%s"} {
		checkNoCanary(t, fmt.Sprintf(verb, c))
		checkNoCanary(t, fmt.Sprintf(verb, *c))
	}
}

func checkNoCanary(t *testing.T, s string) {
	t.Helper()
	if strings.Contains(s, canarySecret) || strings.Contains(s, canaryKey) || strings.Contains(s, "b81d44e2") {
		t.Errorf("credentials leaked: %s", s)
	}
}
