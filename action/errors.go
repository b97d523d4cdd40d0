package action

import (
	"errors"
	"strings"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/internal/text"
)

// TwoFactorText is the plain-words 403 of the two-factor routes.
const TwoFactorText = "two-factor authentication is not enabled for any portal user of the integration — " +
	"enable it in the partner portal's security settings"

// ErrorText describes a failed action in plain words.
func ErrorText(err error, spec Spec) string {
	msg := ""
	var ae *api.Error
	if errors.As(err, &ae) {
		msg = text.CleanN(ae.Message, 100)
	}
	var te *api.TransportError
	switch {
	case errors.Is(err, api.ErrBadRequest):
		return "not allowed from the current state: " + text.OrDash(msg)
	case errors.Is(err, api.ErrConflict) && spec.Amount:
		return "refused (409): this dialog's idempotency key was already used for a different amount or strategy; " +
			"nothing was added by this request — close the dialog and start again"
	case errors.Is(err, api.ErrForbidden):
		low := strings.ToLower(msg)
		switch {
		case strings.Contains(low, "two-factor") || strings.Contains(low, "2fa"):
			return "refused: " + TwoFactorText
		case strings.Contains(low, "belong") || strings.Contains(low, "owner"):
			return "refused: not the owner of the strategy (" + msg + ")"
		case spec.Owner || spec.Scope == ScopeUser:
			return "refused: " + TwoFactorText + "; or the user is not the owner (" + msg + ")"
		}
		return "refused: " + text.OrDash(msg)
	case errors.Is(err, api.ErrNotFound):
		return "the strategy is gone (404)"
	case errors.As(err, &te) && !te.MaybeDelivered:
		return "not sent: cannot reach the server"
	}
	return api.Explain(err, "")
}
