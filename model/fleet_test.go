package model

import (
	"regexp"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/api"
)

var fleetHelp = regexp.MustCompile(`\bF +fleet\b`)

// asked says whether cmd's messages hold a message of type T.
func asked[T any](cmd tea.Cmd) bool {
	for _, msg := range runCmd(cmd) {
		if _, ok := msg.(T); ok {
			return true
		}
	}
	return false
}

// Inside a fleet, F asks for it and esc leaves only when nothing on the
// dashboard would take it: a dialog, the help, a pane, a filter being
// typed or a chosen user close first.
func TestFleetKeysAndEscAtTheTop(t *testing.T) {
	m, _, _ := newTestModel(t, WithFleet(true))
	if _, cmd := press(m, "F"); !asked[FleetMsg](cmd) {
		t.Fatal("F did not ask for the fleet")
	}
	if _, cmd := press(m, "esc"); !asked[LeaveMsg](cmd) {
		t.Fatal("esc on the Overview with nothing open did not leave")
	}
	if h, _ := press(m, "?"); !fleetHelp.MatchString(h.View()) {
		t.Errorf("help does not list F:\n%s", h.View())
	}
	steps := []struct {
		name string
		open []string
	}{
		{"help", []string{"?"}},
		{"a pane", []string{"2", "enter"}},
		{"the filter picker", []string{"2", "f"}},
		{"a typed filter", []string{"4", "/", "x"}},
	}
	for _, s := range steps {
		t.Run(s.name, func(t *testing.T) {
			m, _, _ := newTestModel(t, WithFleet(true))
			m, _ = m.Update(pageReply(m, strat(1, api.StatusActive)))
			m, _ = press(m, s.open...)
			m, cmd := press(m, "esc")
			if asked[LeaveMsg](cmd) {
				t.Fatalf("esc left with %s open", s.name)
			}
			// What is left is the top level (a typed filter: one more
			// esc, which clears it).
			for i := 0; i < 2; i++ {
				if _, cmd = press(m, "esc"); asked[LeaveMsg](cmd) {
					return
				}
				m, _ = press(m, "esc")
			}
			t.Fatalf("esc never left after closing %s", s.name)
		})
	}
}

// Without a fleet, F and esc at the top level do nothing new, and help
// does not offer F.
func TestFleetKeysOffAlone(t *testing.T) {
	m, _, _ := newTestModel(t)
	for _, k := range []string{"F", "esc"} {
		if _, cmd := press(m, k); asked[FleetMsg](cmd) || asked[LeaveMsg](cmd) {
			t.Errorf("%s asked for a fleet that does not hold the dashboard", k)
		}
	}
	if h, _ := press(m, "?"); fleetHelp.MatchString(h.View()) {
		t.Error("help offers F alone")
	}
}
