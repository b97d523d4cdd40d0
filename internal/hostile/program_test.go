package hostile_test

import (
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/stratop/stratop/internal/hostile"
)

// sizes are the terminal sizes every program test runs at.
var sizes = []struct {
	name          string
	width, height int
}{{"80x24", 80, 24}, {"120x40", 120, 40}}

// TestHostileProgramEveryScreen drives the real dashboard over a server whose
// every string is hostile: every tab, the strategy and pool detail panes,
// pages, the filter picker, the Users filter and drill-down into the chosen
// user's strategies and pools, help, the action keys, and the error line
// with a hostile 403/404 message. Every frame and every byte written must
// hold none of the payloads' control sequences, and no line may be wider
// (and no frame taller) than the terminal.
func TestHostileProgramEveryScreen(t *testing.T) {
	runs := append(sizes[:len(sizes):len(sizes)], struct {
		name          string
		width, height int
	}{"80x24-truecolor", 80, 24})
	for _, size := range runs {
		t.Run(size.name, func(t *testing.T) {
			if strings.HasSuffix(size.name, "truecolor") {
				// Colours put SGR sequences around every styled cell: the
				// checks must hold with them too.
				lipgloss.SetColorProfile(termenv.TrueColor)
				defer lipgloss.SetColorProfile(termenv.Ascii)
			}
			h := hostile.New()
			srv := httptest.NewServer(h)
			defer srv.Close()
			r := startProgram(t, srv.URL, size.width, size.height)

			r.step("tab 1 overview", "1")
			r.ready("[1 Overview]")
			r.step("tab 2 strategies", "2")
			r.ready("[2 Strategies]", "page 1 of 3")
			r.step("tab 2 strategies, next page", "]")
			r.ready("page 2 of 3")
			r.step("tab 2 strategies, moving", "down", "down", "pgdown", "G", "g")
			r.ready("page 2 of 3")
			r.step("tab 2 strategy detail", "[", "down", "enter")
			r.ready("page 1 of 3", "Strategy ")
			r.step("tab 2 strategy detail, next row", "down")
			r.ready("Strategy ")
			r.step("tab 2 filter picker", "esc", "f")
			r.waitFor("the filter picker", func(f string) bool { return strings.Contains(f, "enter apply") })
			r.step("tab 2 filter picker closed", "esc")
			r.ready("page 1 of 3")

			r.step("tab 3 pools", "3")
			r.ready("[3 Pools]", "SYMBOL")
			r.step("tab 3 pool detail", "down", "enter")
			r.ready("price", "Price · last 1h")
			r.step("tab 3 pool detail, next row", "down")
			r.ready("price", "Price · last 1h")

			r.step("tab 4 users", "esc", "4")
			r.ready("[4 Users]", fmt.Sprintf("%d users", len(hostile.Payloads)+3))
			r.step("tab 4 users filter", "/", "w", "i", "p", "e")
			r.ready("wipe")
			r.step("tab 4 users filter cleared", "esc")
			r.ready()
			r.step("tab 4 choose user", "down", "enter")
			r.ready("Native balances")
			r.step("tab 2 chosen user's strategies", "2")
			r.ready("[2 Strategies]", "gains by chain")
			r.step("tab 2 chosen user's strategy detail", "enter")
			r.ready("Strategy ")
			r.step("tab 3 chosen user's pools", "esc", "3")
			r.ready("[3 Pools]", "SYMBOL")
			r.step("tab 3 chosen user's pool detail", "enter")
			r.ready()

			r.step("help", "esc", "?")
			r.ready()
			r.step("help closed", "?")
			r.ready()

			// Action keys on rows of several statuses (rows 0, 3, 6 hold
			// active, suspended and paused strategies). The dialog shows the
			// hostile record; "y" confirms what it can
			// and the hostile server's 400 error reaches the status line;
			// then everything is cancelled.
			r.step("tab 2 action keys", "4", "esc", "2", "g")
			r.ready("[2 Strategies]", "page 1 of 3")
			for row, k := range []string{"h", "s", "r", "a", "x"} {
				moves := []string{"g"}
				for range (row % 3) * 3 {
					moves = append(moves, "down")
				}
				r.step("tab 2 action key "+k, append(moves, k)...)
				r.ready()
				r.step("tab 2 action key "+k+" confirmed", "y")
				r.ready()
				r.step("tab 2 action key "+k+" cancelled", "esc", "n", "esc")
				r.readyAfterLateAnswers("page 1 of 3")
			}

			for _, mode := range []hostile.FaultMode{hostile.Status403, hostile.Status404, hostile.Status500} {
				r.step("error line "+mode.String(), "2", "ctrl+r")
				h.SetFault(hostile.Fault{Mode: mode})
				r.waitFor("the stale badge", func(f string) bool { return strings.Contains(f, "STALE") })
				h.SetFault(hostile.Fault{})
				r.waitFor("recovery", func(f string) bool { return !strings.Contains(f, "STALE") })
			}
			r.finish()
			if strings.HasSuffix(size.name, "truecolor") && !r.st.coloured {
				t.Error("the TrueColor run wrote no colour: it checked nothing the plain runs did not")
			}
		})
	}
}

// TestHarnessCatchesALeakyProgram proves the checks above are not vacuous:
// a program that draws a payload raw and a line too wide is caught, both in
// its frames and in its output stream.
func TestHarnessCatchesALeakyProgram(t *testing.T) {
	st := &frameCheck{width: 40, height: 5, sized: true, step: "leaky"}
	p, _ := hostile.PayloadNamed("osc52-clipboard")
	st.view("ok\n" + p.Text + "\n" + strings.Repeat("w", 41))
	st.stream([]byte("\x1b[2A\rframe " + p.Text + "\x1b[K\r\n"))
	want := []string{"frame leaks OSC 52", "line 3 is 41 cells wide", "output stream leaks OSC 52"}
	for _, w := range want {
		found := false
		for _, got := range st.problems {
			found = found || strings.Contains(got, w)
		}
		if !found {
			t.Errorf("harness missed %q; problems: %q", w, st.problems)
		}
	}
}
