// Package cli is the logic of stratop's scriptable commands: reads printed
// as table, JSON, JSON lines or CSV, lifecycle actions through the one
// action.Runner with a plan and a confirmation, `stratop api` for raw
// routes, and `stratop audit`. The cobra wiring lives in the packages
// under internal/cmd; everything here takes its streams and client as
// arguments so tests drive it against the sandbox.
package cli

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/internal/exit"
)

// Exit codes of the command line contract (package exit).
const (
	ExitOK      = exit.OK
	ExitFailed  = exit.Failed
	ExitUsage   = exit.Usage
	ExitUnknown = exit.Unknown
)

// ExitError ends a command with Code: the one exit error, exit.Error.
type ExitError = exit.Error

// Usage is an ExitUsage error.
func Usage(format string, args ...any) error {
	return &ExitError{Code: ExitUsage, Err: fmt.Errorf("stratop: "+format, args...)}
}

// Failed is an ExitFailed error.
func Failed(format string, args ...any) error {
	return &ExitError{Code: ExitFailed, Err: fmt.Errorf("stratop: "+format, args...)}
}

// silent ends a command with a code and nothing more to say (the results
// on stdout said it).
func silent(code int) error {
	if code == ExitOK {
		return nil
	}
	return &ExitError{Code: code}
}

// IO is a command's streams and whether each is a terminal: data goes to
// Out, everything else to Err; questions are asked only when In is one.
type IO struct {
	In          io.Reader
	Out, Err    io.Writer
	InTerminal  bool
	OutTerminal bool
	ErrTerminal bool
}

// Format is an output format.
type Format string

// Output formats.
const (
	Table Format = "table"
	JSON  Format = "json"
	JSONL Format = "jsonl"
	CSV   Format = "csv"
)

// ReadFormats are the formats of the read commands; AuditFormats those of
// `stratop audit`.
var (
	ReadFormats  = []Format{Table, JSON, JSONL, CSV}
	AuditFormats = []Format{Table, JSON}
)

// ParseFormat checks -o. Without one the output is a table on a terminal
// and JSON otherwise, so a pipe gets what a program reads best.
func ParseFormat(s string, allowed []Format, outTerminal bool) (Format, error) {
	if s == "" {
		if outTerminal {
			return Table, nil
		}
		return JSON, nil
	}
	for _, f := range allowed {
		if strings.EqualFold(s, string(f)) {
			return f, nil
		}
	}
	names := make([]string, len(allowed))
	for i, f := range allowed {
		names[i] = string(f)
	}
	return "", Usage("-o %q: want one of %s", s, strings.Join(names, ", "))
}

// FormatNames lists formats, for completion.
func FormatNames(fs []Format) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = string(f)
	}
	return out
}

// readErr turns a failed read into exit 1 with the error in words; a 401
// (the credentials were refused) is exit 2, as any credentials problem.
func readErr(what string, err error) error {
	var ee *ExitError
	if errors.As(err, &ee) {
		return err
	}
	code := ExitFailed
	if errors.Is(err, api.ErrUnauthorized) {
		code = ExitUsage
	}
	return &ExitError{Code: code, Err: fmt.Errorf("stratop: %s: %s", what, errorText(err))}
}
