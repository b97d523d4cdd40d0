// Package exit is the command line contract's exit codes and the one error
// type that carries them, below every command and the context they share:
// whoever decides the code returns an *Error, and the root prints its text
// and exits with its code.
package exit

import "fmt"

// Exit codes of the command line contract.
const (
	OK      = 0 // all done
	Failed  = 1 // an action failed or was refused; a read failed
	Usage   = 2 // usage or credentials
	Unknown = 3 // an action's outcome is unknown
)

// Error ends a command with Code. Err, when set, is printed on stderr; it
// is already worded for the operator.
type Error struct {
	Code int
	Err  error
}

func (e *Error) Error() string {
	if e.Err == nil {
		return fmt.Sprintf("exit %d", e.Code)
	}
	return e.Err.Error()
}

func (e *Error) Unwrap() error { return e.Err }

// UsageErr is a Usage error with err's words.
func UsageErr(err error) error { return &Error{Code: Usage, Err: err} }
