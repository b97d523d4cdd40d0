package cli

import (
	"fmt"
	"io"
	"os"
	"strings"

	"golang.org/x/term"

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
		a, answered := readAnswer(o)
		a = strings.ToLower(strings.TrimSpace(a))
		return answered && (a == "y" || a == "yes")
	}
	what := "the strategy id"
	switch {
	case spec.Scope == action.ScopeUser:
		what = "the user's id"
	case len(ids) > 1:
		what = "the number of strategies"
	}
	fmt.Fprintf(o.Err, "%s cannot be undone. Type %s (%s) to %s, anything else cancels: ", spec.Name, what, text.Clean(want), spec.Name)
	got, answered := readAnswer(o)
	if got = strings.TrimSpace(got); !answered || got != want {
		if answered && got != "" {
			fmt.Fprintf(o.Err, "%q is not %q\n", text.CleanN(got, 40), text.Clean(want))
		}
		return false
	}
	return true
}

// readAnswer reads the operator's answer; answered is false when it was
// cancelled. On a terminal the line is read with the terminal in raw mode
// and edited by x/term: Ctrl-C (or Ctrl-D on an empty line) cancels at
// once, without the terminal echoing "^C" and without waiting for Enter,
// which in the terminal's own line mode it would (the interrupt only ends
// the command's context, while the read waits for the line). Anywhere else
// the answer is one line.
func readAnswer(o IO) (answer string, answered bool) {
	f, isFile := o.In.(*os.File)
	if !isFile || !term.IsTerminal(int(f.Fd())) {
		return readLine(o.In), true
	}
	fd := int(f.Fd())
	saved, err := term.MakeRaw(fd)
	if err != nil {
		return readLine(o.In), true
	}
	// The typed answer is echoed on the terminal it is typed on.
	t := term.NewTerminal(f, "")
	line, err := t.ReadLine()
	_ = term.Restore(fd, saved)
	if err != nil {
		fmt.Fprintln(o.Err)
		return "", false
	}
	return line, true
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
