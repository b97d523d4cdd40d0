package ui

// Errors in the words an operator acts on. The status line and the Overview
// show these; the full error (sanitised) goes nowhere else.

import (
	"context"
	"errors"
	"strconv"

	"github.com/stratop/stratop/api"
)

// ErrorText describes a failed read for the status line. host is the
// configured host, named when the network failed.
func ErrorText(err error, host string) string {
	var ae *api.Error
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
		return "server error " + strconv.Itoa(ae.StatusCode) + " from " + host
	case errors.Is(err, api.ErrForbidden):
		return "forbidden: " + SanitizeLimit(messageOf(err), 80)
	case errors.Is(err, api.ErrNotFound):
		return "not found: " + SanitizeLimit(messageOf(err), 80)
	case errors.Is(err, api.ErrDecode):
		return "unexpected answer from " + host
	case errors.Is(err, api.ErrValidation):
		return "invalid request: " + SanitizeLimit(err.Error(), 80)
	}
	return SanitizeLimit(err.Error(), 120)
}

// messageOf is the server's message of an *api.Error, else the error text.
func messageOf(err error) string {
	var ae *api.Error
	if errors.As(err, &ae) && ae.Message != "" {
		return ae.Message
	}
	return err.Error()
}
