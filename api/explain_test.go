package api

import (
	"encoding/json"
	"errors"
	"io"
	"testing"
)

func TestExplain(t *testing.T) {
	cases := []struct {
		err  error
		want string
	}{
		{&Error{StatusCode: 401}, "credentials rejected: run stratop login / check STRATOP_API_KEY"},
		{&TransportError{Op: "dial", Host: "x", Err: errors.New("refused")}, "cannot reach h.example"},
		{&TransportError{Op: "read", Host: "x", Err: errors.New("t"), Timeout: true}, "cannot reach h.example (timed out)"},
		{&Error{StatusCode: 503}, "server error 503 from h.example"},
		{&Error{StatusCode: 429}, "rate limited by h.example: slowing down"},
		{errors.New("bad\x1b[2Jthing"), "badthing"},
		{&Error{StatusCode: 502, ContentType: "text/html; charset=utf-8"}, "server error 502 from h.example (got text/html)"},
		{&Error{StatusCode: 404, ContentType: "text/html"}, "not found: got text/html from h.example: check the base URL"},
		{&Error{StatusCode: 404, ContentType: "application/json", Message: "user not found"}, "not found: user not found"},
		{&DecodeError{StatusCode: 200, ContentType: "text/html", Err: errors.New("x")}, "got text/html from h.example: check the base URL"},
		{&DecodeError{StatusCode: 200, ContentType: "application/json", Err: &json.UnmarshalTypeError{Value: "string", Field: "strategies.id"}},
			"unexpected answer from h.example: field strategies.id holds a JSON string"},
		{&DecodeError{StatusCode: 200, ContentType: "application/json", Err: io.ErrUnexpectedEOF}, "unexpected answer from h.example: malformed or cut JSON"},
	}
	for _, c := range cases {
		if got := Explain(c.err, "h.example"); got != c.want {
			t.Errorf("Explain(%v) = %q, want %q", c.err, got, c.want)
		}
	}
}
