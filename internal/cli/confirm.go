package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/stratop/stratop/action"
	"github.com/stratop/stratop/internal/text"
)

// confirm asks on the terminal with the strength the action table gives:
// y/N (the default no), or, for an action that cannot be undone, the
// operator types action.ConfirmText (the strategy id, the user's id, or the
// number of strategies), as in the dashboard.
func confirm(o IO, spec action.Spec, ids []int64, user string) bool {
	want := action.ConfirmText(spec, ids, user)
	if want == "" {
		fmt.Fprintf(o.Err, "%s %d %s? [y/N] ", spec.Name, max(len(ids), 1), noun(spec, len(ids)))
		a := strings.ToLower(strings.TrimSpace(readLine(o.In)))
		return a == "y" || a == "yes"
	}
	what := "the strategy id"
	switch {
	case spec.Scope == action.ScopeUser:
		what = "the user's id"
	case len(ids) > 1:
		what = "the number of strategies"
	}
	fmt.Fprintf(o.Err, "%s cannot be undone. Type %s (%s) to %s, anything else cancels: ", spec.Name, what, text.Clean(want), spec.Name)
	got := strings.TrimSpace(readLine(o.In))
	if got != want {
		if got != "" {
			fmt.Fprintf(o.Err, "%q is not %q\n", text.CleanN(got, 40), text.Clean(want))
		}
		return false
	}
	return true
}

// readLine reads up to a newline one byte at a time, so nothing after the
// answer is consumed.
func readLine(r io.Reader) string {
	var line []byte
	buf := make([]byte, 1)
	for len(line) < 4096 {
		n, err := r.Read(buf)
		if n == 1 {
			if buf[0] == '\n' {
				break
			}
			line = append(line, buf[0])
		}
		if err != nil {
			break
		}
	}
	return strings.TrimSuffix(string(line), "\r")
}
