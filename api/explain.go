package api

// Errors in the words an operator acts on: the dashboard's status line and
// Overview, the command line's reports and the action results show these.

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"strconv"

	"github.com/stratop/stratop/internal/text"
)

// Explain describes a failed request in a line an operator acts on. host is the
// configured host; "" names the server from the error itself (the address
// asked, Where), for front ends that show the error alone. An answer
// that is not JSON where JSON was due says what came back: a wrong base
// URL or a proxy answers with a page, not with the interface's errors.
func Explain(err error, host string) string {
	if host == "" {
		if host = Where(err); host == "" {
			host = "the server"
		}
	}
	var ae *Error
	var de *DecodeError
	var te *TransportError
	switch {
	case err == nil:
		return ""
	case errors.Is(err, ErrUnauthorized):
		return "credentials rejected: run stratop login / check STRATOP_API_KEY"
	case errors.As(err, &te) && te.Timeout, errors.Is(err, context.DeadlineExceeded):
		return "cannot reach " + host + " (timed out)"
	case errors.Is(err, ErrNetwork):
		return "cannot reach " + host
	case errors.Is(err, ErrTooManyRequests):
		return "rate limited by " + host + ": slowing down"
	case errors.As(err, &ae) && ae.StatusCode >= 500:
		return "server error " + strconv.Itoa(ae.StatusCode) + " from " + host + got(ae.ContentType, " (got ", ")")
	case errors.As(err, &ae) && ae.StatusCode == 404 && NotJSON(ae.ContentType):
		return "not found: got " + contentType(ae.ContentType) + " from " + host + ": check the base URL"
	case errors.Is(err, ErrForbidden):
		return "forbidden: " + text.CleanN(messageOf(err), 80)
	case errors.Is(err, ErrNotFound):
		return "not found: " + text.CleanN(messageOf(err), 80)
	case errors.As(err, &de) && NotJSON(de.ContentType):
		return "got " + contentType(de.ContentType) + " from " + host + ": check the base URL"
	case errors.Is(err, ErrResponseTooLarge):
		return "unexpected answer from " + host + ": larger than the response cap"
	case errors.Is(err, ErrDecode):
		return "unexpected answer from " + host + decodeWhat(err)
	case errors.Is(err, ErrValidation):
		return "invalid request: " + text.CleanN(err.Error(), 80)
	}
	return text.CleanN(err.Error(), 120)
}

// got words a content type that is not JSON, between before and after; ""
// for JSON or none.
func got(ct, before, after string) string {
	if !NotJSON(ct) {
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
		return ": field " + text.CleanN(te.Field, 40) + " holds a JSON " + text.CleanN(te.Value, 20)
	case errors.As(err, &te):
		return ": a JSON " + text.CleanN(te.Value, 20) + " where another type was due"
	case errors.As(err, &se), errors.Is(err, io.ErrUnexpectedEOF):
		return ": malformed or cut JSON"
	}
	return ""
}

func contentType(ct string) string { return text.CleanN(MediaType(ct), 40) }

// messageOf is the server's message of an *Error, else the error text.
func messageOf(err error) string {
	var ae *Error
	if errors.As(err, &ae) && ae.Message != "" {
		return ae.Message
	}
	return err.Error()
}
