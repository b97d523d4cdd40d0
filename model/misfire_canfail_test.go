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

func TestProgramMisfireFuzzerCatchesBrokenDialogs(t *testing.T) {
	cases := []struct {
		name   string
		break_ func(confirmDialog) overlay
		want   string
	}{
		{"ignores escape", func(d confirmDialog) overlay { return escDeaf{d} }, "an escape left open"},
		{"enter says yes", func(d confirmDialog) overlay { return enterSaysYes{d} }, "with no confirmation of it"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			wrap := func(m tea.Model) tea.Model { return brokenDialogs{inner: m, break_: tc.break_} }
			found := false
			for seed := uint64(1); seed <= 24 && !found; seed++ {
				res := runFuzz(t, fuzzRun{seed: seed, steps: 150, wrap: wrap})
				for _, v := range res.violations {
					found = found || strings.Contains(v, tc.want)
				}
				t.Logf("seed %d: %d violations %q", seed, len(res.violations), res.violations)
			}
			if !found {
				t.Fatalf("the fuzzer did not catch a dialog that %s", tc.name)
			}
		})
	}
}
