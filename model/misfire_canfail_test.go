package model

// The misfire fuzzer must fail on a deliberately broken dashboard: the
// real one with its confirmations wrapped so that they ignore escape, or
// so that enter answers yes where only y may. Both wrappers live here,
// in tests only.

import (
	"strings"
	"testing"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// brokenDialogs wraps the program's model and every confirmation it
// opens with breakage.
type brokenDialogs struct {
	inner  tea.Model
	break_ func(confirmDialog) overlay
}

func (b brokenDialogs) Init() tea.Cmd { return b.inner.Init() }

func (b brokenDialogs) View() string { return b.inner.View() }

func (b brokenDialogs) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	next, cmd := b.inner.Update(msg)
	if m, ok := FromTea(next); ok {
		if d, ok := m.acts.overlay.(confirmDialog); ok {
			m.acts.overlay = b.break_(d)
			next = m.Tea()
		}
	}
	return brokenDialogs{inner: next, break_: b.break_}, cmd
}

// escDeaf is a confirmation that ignores escape.
type escDeaf struct{ confirmDialog }

func (d escDeaf) Update(msg tea.KeyMsg) (overlay, decision) {
	if msg.Type == tea.KeyEsc {
		return d, decision{}
	}
	next, dec := d.confirmDialog.Update(msg)
	if c, ok := next.(confirmDialog); ok {
		next = escDeaf{c}
	}
	return next, dec
}

// enterSays yes is a y/n confirmation that sends on enter.
type enterSaysYes struct{ confirmDialog }

func (d enterSaysYes) Update(msg tea.KeyMsg) (overlay, decision) {
	if !d.isTyped() && key.Matches(msg, d.keys.Submit) {
		req := d.req
		return d, decision{close: true, send: &req}
	}
	next, dec := d.confirmDialog.Update(msg)
	if c, ok := next.(confirmDialog); ok {
		next = enterSaysYes{c}
	}
	return next, dec
}

// The streams are written to reach dialogs (misfire_gen_test.go): a y/n
// question met by a stray enter, confirmations met by escapes, several in
// every run. So a run that meets the broken dialog must report it, and
// the first few seeds meet it; the seeds are not chosen for luck.
func TestProgramMisfireFuzzerCatchesBrokenDialogs(t *testing.T) {
	cases := []struct {
		name   string
		break_ func(confirmDialog) overlay
		met    func(reach) int // how often a run met the breakage
		want   string
	}{
		{"ignores escape", func(d confirmDialog) overlay { return escDeaf{d} }, func(r reach) int { return r.escOnConfirm },
			"an escape left open"},
		{"enter says yes", func(d confirmDialog) overlay { return enterSaysYes{d} }, func(r reach) int { return r.enterOnYesNo },
			"with no confirmation of it"},
	}
	const seeds, steps = 6, 300
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			wrap := func(m tea.Model) tea.Model { return brokenDialogs{inner: m, break_: tc.break_} }
			found := false
			for seed := uint64(1); seed <= seeds && !found; seed++ {
				res := runFuzz(t, fuzzRun{seed: seed, steps: steps, wrap: wrap})
				for _, v := range res.violations {
					found = found || strings.Contains(v, tc.want)
				}
				met := tc.met(res.reach)
				t.Logf("seed %d: met the breakage %d times; %d violations %q", seed, met, len(res.violations), res.violations)
				if met > 0 && !found {
					t.Fatalf("seed %d met a dialog that %s %d times and did not report it (%s)", seed, tc.name, met, res.reach)
				}
			}
			if !found {
				t.Fatalf("%d streams of %d steps never met a dialog that %s", seeds, steps, tc.name)
			}
		})
	}
}
