package ui

// Errors in the words an operator acts on. The status line and the Overview
// show these; the full error (sanitised) goes nowhere else.

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"strconv"

	"github.com/stratop/stratop/api"
)

// ErrorText describes a failed read for the status line. host is the
// configured host; "" names the server from the error itself (the address
// asked, api.Where), for front ends that show the error alone. An answer
// that is not JSON where JSON was due says what came back: a wrong base
// URL or a proxy answers with a page, not with the interface's errors.
func ErrorText(err error, host string) string {
	if host == "" {
		if host = api.Where(err); host == "" {
			host = "the server"
		}
	}
	var ae *api.Error
	var de *api.DecodeError
	var te *api.TransportError
	switch {
	case err == nil:
		return ""
	case errors.Is(err, api.ErrUnauthorized):
		return "credentials rejected: run stratop login / check STRATOP_API_KEY"
	case errors.As(err, &te) && te.Timeout, errors.Is(err, context.DeadlineExceeded):
		return "cannot reach " + host + " (timed out)"
	case errors.Is(err, api.ErrNetwork):
		return "cannot reach " + host
	case errors.Is(err, api.ErrTooManyRequests):
		return "rate limited by " + host + ": slowing down"
	case errors.As(err, &ae) && ae.StatusCode >= 500:
		return "server error " + strconv.Itoa(ae.StatusCode) + " from " + host + got(ae.ContentType, " (got ", ")")
	case errors.As(err, &ae) && ae.StatusCode == 404 && api.NotJSON(ae.ContentType):
		return "not found: got " + contentType(ae.ContentType) + " from " + host + ": check the base URL"
	case errors.Is(err, api.ErrForbidden):
		return "forbidden: " + SanitizeLimit(messageOf(err), 80)
	case errors.Is(err, api.ErrNotFound):
		return "not found: " + SanitizeLimit(messageOf(err), 80)
	case errors.As(err, &de) && api.NotJSON(de.ContentType):
		return "got " + contentType(de.ContentType) + " from " + host + ": check the base URL"
	case errors.Is(err, api.ErrResponseTooLarge):
		return "unexpected answer from " + host + ": larger than the response cap"
	case errors.Is(err, api.ErrDecode):
		return "unexpected answer from " + host + decodeWhat(err)
	case errors.Is(err, api.ErrValidation):
		return "invalid request: " + SanitizeLimit(err.Error(), 80)
	}
	return SanitizeLimit(err.Error(), 120)
}

// got words a content type that is not JSON, between before and after; ""
// for JSON or none.
func got(ct, before, after string) string {
	if !api.NotJSON(ct) {
		return ""
	}
	return before + contentType(ct) + after
}

// decodeWhat says what was wrong with a JSON answer, in the file's words
// rather than Go's; "" when the decoder did not say.
func decodeWhat(err error) string {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te) && te.Field != "":
		return ": field " + SanitizeLimit(te.Field, 40) + " holds a JSON " + SanitizeLimit(te.Value, 20)
	case errors.As(err, &te):
		return ": a JSON " + SanitizeLimit(te.Value, 20) + " where another type was due"
	case errors.As(err, &se), errors.Is(err, io.ErrUnexpectedEOF):
		return ": malformed or cut JSON"
	}
	return ""
}

func contentType(ct string) string { return SanitizeLimit(api.MediaType(ct), 40) }

// messageOf is the server's message of an *api.Error, else the error text.
func messageOf(err error) string {
	var ae *api.Error
	if errors.As(err, &ae) && ae.Message != "" {
		return ae.Message
	}
	return err.Error()
}
