package api

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Sentinels for errors.Is. Each typed error below matches exactly one family,
// so callers branch on the family without parsing text.
var (
	// ErrBadRequest matches a 400: invalid input or a refused transition.
	ErrBadRequest = errors.New("bad request")
	// ErrUnauthorized matches a 401: missing or wrong key or secret.
	ErrUnauthorized = errors.New("unauthorized")
	// ErrForbidden matches a 403: two-factor not set up, or an ownership restriction.
	ErrForbidden = errors.New("forbidden")
	// ErrNotFound matches a 404: unknown user, pool or strategy.
	ErrNotFound = errors.New("not found")
	// ErrConflict matches a 409: an idempotency key reused with another body.
	ErrConflict = errors.New("conflict")
	// ErrTooManyRequests matches a 429: the server asks the client to slow down.
	ErrTooManyRequests = errors.New("too many requests")
	// ErrServer matches any 5xx answer.
	ErrServer = errors.New("server error")

	// ErrDecode matches a *DecodeError: a 2xx body that is not the expected JSON.
	ErrDecode = errors.New("unexpected response body")
	// ErrResponseTooLarge matches a body larger than the configured cap
	// (WithMaxResponseBytes); the body is refused, never silently truncated.
	ErrResponseTooLarge = errors.New("response body too large")

	// ErrNetwork matches a *TransportError: the exchange failed below HTTP.
	ErrNetwork = errors.New("network error")
	// ErrRedirectRefused matches a redirect the client would not follow: to
	// another origin (it would not carry the credentials there) or to plain
	// http:// on a non-loopback host.
	ErrRedirectRefused = errors.New("redirect refused")

	// ErrValidation matches a *ValidationError: input refused before any request.
	ErrValidation = errors.New("invalid input")
	// ErrInsecureURL matches a base URL or redirect that would send the
	// credentials in clear text (http:// to a host other than loopback).
	ErrInsecureURL = errors.New("insecure URL: http:// is allowed only for loopback hosts")
)

// Error is a non-2xx answer of the server. Message is the server's message
// (joined when it sent a list, sanitised and length-capped) or the HTTP status
// text when the body was not a JSON error. It never carries request headers.
type Error struct {
	StatusCode int
	Message    string
	Messages   []string
	Reason     string // the body's "error" field, e.g. "Bad Request"
	Method     string
	Path       string        // escaped URL path, without query
	RetryAfter time.Duration // from the Retry-After header; 0 when absent
	// Origin is scheme://host[:port] of the server asked (where.go), and
	// ContentType what its answer said it was (sanitised): an HTML page
	// here means a proxy's or a wrong base URL's, not the interface's.
	Origin      string
	ContentType string
}

// Error reads "api: GET /api/v1/users/x: 404 Not Found: user not found".
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("api: ")
	if e.Method != "" {
		b.WriteString(e.Method + " " + e.Path + ": ")
	}
	b.WriteString(strconv.Itoa(e.StatusCode))
	if t := http.StatusText(e.StatusCode); t != "" {
		b.WriteString(" " + t)
	}
	if e.Message != "" && e.Message != http.StatusText(e.StatusCode) {
		b.WriteString(": " + e.Message)
	}
	return b.String()
}

// Is lets errors.Is match the status family sentinels.
func (e *Error) Is(target error) bool {
	switch target {
	case ErrBadRequest:
		return e.StatusCode == http.StatusBadRequest
	case ErrUnauthorized:
		return e.StatusCode == http.StatusUnauthorized
	case ErrForbidden:
		return e.StatusCode == http.StatusForbidden
	case ErrNotFound:
		return e.StatusCode == http.StatusNotFound
	case ErrConflict:
		return e.StatusCode == http.StatusConflict
	case ErrTooManyRequests:
		return e.StatusCode == http.StatusTooManyRequests
	case ErrServer:
		return e.StatusCode >= 500 && e.StatusCode <= 599
	}
	return false
}

// Format prints Error() for every verb, so %#v cannot reflect into fields.
func (e *Error) Format(f fmt.State, _ rune) { _, _ = f.Write([]byte(e.Error())) }

// DecodeError is a 2xx answer whose body is not the expected JSON: an HTML
// page, a truncated or oversized body, or wrong types. StatusCode is the 2xx
// status, so a caller of a state-changing route knows the server accepted it.
type DecodeError struct {
	Method      string
	Path        string
	StatusCode  int
	ContentType string // sanitised and capped
	Err         error  // the JSON error, or ErrResponseTooLarge
	Origin      string // scheme://host[:port] of the server asked
}

// Error names the route and what was wrong, never the body itself.
func (e *DecodeError) Error() string {
	ct := e.ContentType
	if ct == "" {
		ct = "no content type"
	}
	msg := "unexpected body"
	if e.Err != nil {
		msg = e.Err.Error()
	}
	return fmt.Sprintf("api: %s %s: %d answer (%s): %s", e.Method, e.Path, e.StatusCode, ct, msg)
}

// Unwrap exposes the cause (e.g. ErrResponseTooLarge, *json.UnmarshalTypeError).
func (e *DecodeError) Unwrap() error { return e.Err }

// Is matches ErrDecode.
func (e *DecodeError) Is(target error) bool { return target == ErrDecode }

// Format prints Error() for every verb.
func (e *DecodeError) Format(f fmt.State, _ rune) { _, _ = f.Write([]byte(e.Error())) }

// TransportError is an exchange that failed below HTTP: DNS, dial, TLS, a
// timeout, a reset or a cut body, or a refused redirect. MaybeDelivered is
// false only when the request provably never left the machine (DNS, dial or
// TLS-handshake failure, a refused insecure URL); otherwise the server may
// have acted on it, so the outcome of an action is unknown.
type TransportError struct {
	Op             string // "dial", "tls", "send", "read", "redirect", "wait"
	Host           string // host[:port] of the configured origin
	Err            error
	Timeout        bool
	MaybeDelivered bool
}

// Error reads "api: send api.example.com: ... (outcome unknown)".
func (e *TransportError) Error() string {
	msg := "failed"
	if e.Err != nil {
		msg = e.Err.Error()
	}
	s := "api: " + e.Op + " " + e.Host + ": " + msg
	if e.MaybeDelivered {
		s += " (request may have been delivered)"
	}
	return s
}

// Unwrap exposes the cause (context.Canceled, ErrRedirectRefused, net errors).
func (e *TransportError) Unwrap() error { return e.Err }

// Is matches ErrNetwork.
func (e *TransportError) Is(target error) bool { return target == ErrNetwork }

// Format prints Error() for every verb.
func (e *TransportError) Format(f fmt.State, _ rune) { _, _ = f.Write([]byte(e.Error())) }

// ValidationError is input refused on the client before any request, naming
// the JSON field so a form can point at it: "variableDcaAmountValue: must be 20 to 80".
type ValidationError struct {
	Field  string
	Reason string
	cause  error // a more specific sentinel, e.g. ErrInsecureURL
}

// Error reads "field: reason".
func (e *ValidationError) Error() string {
	if e.Field == "" {
		return e.Reason
	}
	return e.Field + ": " + e.Reason
}

// Is matches ErrValidation and the specific cause, if any.
func (e *ValidationError) Is(target error) bool {
	return target == ErrValidation || (e.cause != nil && target == e.cause)
}

// Format prints Error() for every verb.
func (e *ValidationError) Format(f fmt.State, _ rune) { _, _ = f.Write([]byte(e.Error())) }

// invalid builds a *ValidationError.
func invalid(field, reason string) *ValidationError {
	return &ValidationError{Field: field, Reason: reason}
}

// invalidf builds a *ValidationError with a formatted reason.
func invalidf(field, format string, args ...any) *ValidationError {
	return &ValidationError{Field: field, Reason: fmt.Sprintf(format, args...)}
}
