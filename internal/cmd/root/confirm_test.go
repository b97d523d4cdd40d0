package root

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"
	"testing"

	"github.com/creack/pty"

	"github.com/stratop/stratop/api"
)

// runOnTerminal runs stratop in-process with stdin a pseudo-terminal on
// which answer was typed: the real terminal check and the real prompt.
func (e *cliEnv) runOnTerminal(answer string, args ...string) (stdout, stderr string, code int) {
	e.t.Helper()
	ptmx, tty, err := pty.Open()
	if err != nil {
		e.t.Skipf("no pseudo-terminal: %v", err)
	}
	defer func() { _ = ptmx.Close() }()
	defer func() { _ = tty.Close() }()
	go func() { _, _ = io.Copy(io.Discard, ptmx) }() // the echo
	// Typed before the question: the terminal keeps the line until it is read.
	if _, err := ptmx.Write([]byte(answer)); err != nil {
		e.t.Fatal(err)
	}
	var out, errb bytes.Buffer
	code = Run(args, tty, &out, &errb)
	return out.String(), errb.String(), code
}

func TestCLITypedConfirmationOnATerminal(t *testing.T) {
	e := newCLIEnv(t)
	a := e.strategyWith(api.StatusActive, false)

	// stop cannot be undone: y is not an answer, the id is.
	for _, wrong := range []string{"y\n", "yes\n", "\n", "1" + id(a) + "\n"} {
		_, errOut, code := e.runOnTerminal(wrong, "strategies", "stop", id(a), "-o", "json")
		if code != 1 || !strings.Contains(errOut, "Type the strategy id ("+id(a)+")") || !strings.Contains(errOut, "cancelled: nothing sent") {
			t.Errorf("stop answered %q: exit %d, stderr %q", wrong, code, errOut)
		}
		if strings.Contains(errOut, "[y/N]") {
			t.Errorf("stop asked y/N: %q", errOut)
		}
	}
	if n := len(e.stateChanges()); n != 0 || e.status(a.ID) != api.StatusActive {
		t.Fatalf("%d requests after wrong answers", n)
	}
	if _, errOut, code := e.runOnTerminal(id(a)+"\n", "strategies", "stop", id(a), "-o", "json"); code != 0 || e.status(a.ID) != api.StatusCompleted {
		t.Fatalf("stop with the id typed: exit %d, status %s, stderr %q", code, e.status(a.ID), errOut)
	}

	// Several strategies: the count.
	var two []string
	for _, s := range e.strategies(api.StatusActive, 2) {
		two = append(two, id(s))
	}
	if _, errOut, code := e.runOnTerminal(two[0]+"\n", append([]string{"strategies", "archive", "-o", "json"}, two...)...); code != 1 ||
		!strings.Contains(errOut, "Type the number of strategies (2)") {
		t.Errorf("archive of two answered with an id: exit %d, %q", code, errOut)
	}
	if _, errOut, code := e.runOnTerminal("2\n", append([]string{"strategies", "archive", "-o", "json"}, two...)...); code != 0 {
		t.Errorf("archive of two answered 2: exit %d, %q", code, errOut)
	}

	// A user-wide job: the user's external id.
	u := e.strategyWith(api.StatusActive, false).UserID
	if _, errOut, code := e.runOnTerminal("y\n", "users", "disable-all", u); code != 1 || !strings.Contains(errOut, "Type the user's id") {
		t.Errorf("disable-all answered y: exit %d, %q", code, errOut)
	}
	before := len(e.stateChanges())
	if _, errOut, code := e.runOnTerminal(u+"\n", "users", "disable-all", u, "-o", "json"); code != 0 || len(e.stateChanges()) != before+1 {
		t.Errorf("disable-all with the id typed: exit %d, %q", code, errOut)
	}

	// halt leaves the strategy paused for good: a bare y is refused, the
	// typed id halts.
	h := e.strategyWith(api.StatusActive, false)
	if _, errOut, code := e.runOnTerminal("y\n", "strategies", "halt", id(h), "-o", "json"); code != 1 || !strings.Contains(errOut, "Type the strategy id") || e.status(h.ID) != api.StatusActive {
		t.Errorf("halt answered y: exit %d, status %s, %q", code, e.status(h.ID), errOut)
	}
	if _, errOut, code := e.runOnTerminal(id(h)+"\n", "strategies", "halt", id(h), "-o", "json"); code != 0 || e.status(h.ID) != api.StatusPaused {
		t.Errorf("halt answered with its id: exit %d, status %s, %q", code, e.status(h.ID), errOut)
	}

	// suspend, the reversible pause, is confirmed with y/N.
	s := e.strategyWith(api.StatusActive, false)
	if _, errOut, code := e.runOnTerminal("y\n", "strategies", "suspend", id(s), "-o", "json"); code != 0 || !strings.Contains(errOut, "[y/N]") || e.status(s.ID) != api.StatusSuspended {
		t.Errorf("suspend answered y: exit %d, status %s, %q", code, e.status(s.ID), errOut)
	}
}

// strategies finds n strategies with status st in the sandbox's first page.
func (e *cliEnv) strategies(st api.Status, n int) []api.Strategy {
	e.t.Helper()
	var page []api.Strategy
	if err := json.Unmarshal([]byte(e.ok("strategies", "list", "-o", "json", "--status", string(st), "--page-size", "100")), &page); err != nil {
		e.t.Fatal(err)
	}
	var out []api.Strategy
	for _, s := range page {
		if len(out) < n {
			out = append(out, s)
		}
	}
	if len(out) < n {
		e.t.Fatalf("fewer than %d %s strategies", n, st)
	}
	return out
}
