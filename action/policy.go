package action

import (
	"errors"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/stratop/stratop/internal/text"
)

// The policy's refusals. Run returns them in Result.Err (wrapped with the
// words that say why); Check returns them before a confirmation is shown.
var (
	// ErrReadOnly: the resolved profile is read-only; nothing is sent and
	// nothing is recorded.
	ErrReadOnly = errors.New("read-only")
	// ErrReasonRequired: the profile requires a reason and none was given.
	ErrReasonRequired = errors.New("a reason is required")
	// ErrReasonInvalid: the reason is too long or holds control characters.
	ErrReasonInvalid = errors.New("the reason is not usable")
)

// MaxReason bounds a reason, in characters: a ticket or a sentence.
const MaxReason = 200

// JournalError says the audit intent could not be written, so nothing was
// sent (the Runner is not Unaudited).
type JournalError struct{ Err error }

func (e *JournalError) Error() string {
	msg := "the audit log cannot be written"
	if e.Err != nil {
		msg += " (" + text.CleanN(e.Err.Error(), 160) + ")"
	}
	return msg
}

func (e *JournalError) Unwrap() error { return e.Err }

// policyError is a refusal of the policy with the words that say why.
type policyError struct {
	kind error
	msg  string
}

func (e *policyError) Error() string { return e.msg }
func (e *policyError) Unwrap() error { return e.kind }

// CheckReason trims a reason and checks it: at most MaxReason characters,
// no control characters (it is one line of the audit log and of a table).
// An empty reason is valid here; whether one is required is the Runner's.
func CheckReason(s string) (string, error) {
	s = strings.TrimSpace(s)
	if n := utf8.RuneCountInString(s); n > MaxReason {
		return "", &policyError{kind: ErrReasonInvalid, msg: "the reason has " + itoa(int64(n)) + " characters; at most " + itoa(MaxReason) + " are kept"}
	}
	for _, r := range s {
		if unicode.IsControl(r) || r == utf8.RuneError {
			return "", &policyError{kind: ErrReasonInvalid, msg: "the reason holds a control character; write it on one line"}
		}
	}
	return s, nil
}

// Check is what the policy decides before the server is asked and before
// a confirmation is shown: read-only, the reason, and whether the audit
// log can take the intent (when the journal can tell, and the Runner is
// not Unaudited). Run decides the same again; Check lets a front end
// refuse before asking the operator anything.
func (r Runner) Check(t Target) error {
	if err := r.admit(&t); err != nil {
		return err
	}
	if err := r.JournalCheck(); err != nil && !r.Unaudited {
		return &JournalError{Err: err}
	}
	return nil
}

// JournalCheck reports whether the journal can be written now, when it can
// tell (*audit.Log can); nil otherwise.
func (r Runner) JournalCheck() error {
	if c, ok := r.journal().(interface{ Check() error }); ok {
		return c.Check()
	}
	return nil
}

func (r Runner) readOnlyErr() error {
	msg := "read-only"
	if r.ReadOnlyBy != "" {
		msg += " (" + r.ReadOnlyBy + ")"
	}
	return &policyError{kind: ErrReadOnly, msg: msg + ": actions are refused; nothing sent, nothing recorded"}
}

func (r Runner) reasonErr() error {
	msg := "a reason is required"
	if r.RequireReasonBy != "" {
		msg += " (" + r.RequireReasonBy + ")"
	}
	return &policyError{kind: ErrReasonRequired, msg: msg + ": give one (a ticket or a sentence); nothing sent"}
}

// CheckRoute is the policy for a raw request (`stratop api`): a read-only
// Runner refuses every method but GET, whatever the route does; a route
// that changes state (changes) is checked as an action is.
func (r Runner) CheckRoute(method string, changes bool, reason string) error {
	if r.ReadOnly && method != "GET" {
		return r.readOnlyErr()
	}
	if !changes {
		return nil
	}
	return r.Check(Target{Reason: reason})
}
