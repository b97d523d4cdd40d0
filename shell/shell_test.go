package shell

import (
	"context"
	"reflect"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/internal/fleet"
	"github.com/stratop/stratop/internal/fleet/fleettest"
	"github.com/stratop/stratop/internal/testkit"
	"github.com/stratop/stratop/model"
	"github.com/stratop/stratop/ui/fleetview"
)

// openedShell is a shell on the fleet of profiles a and b, polled once,
// with the dashboard of a shown.
func openedShell(t *testing.T) Model {
	t.Helper()
	a, b := testkit.NewSandbox(t), testkit.NewSandbox(t)
	fac, _ := fleettest.Factory(t, fleettest.Profile{Name: "a", URL: a.URL}, fleettest.Profile{Name: "b", URL: b.URL})
	ctx := t.Context()
	fl, err := fleet.Open(ctx, fac, fleet.Options{})
	if err != nil {
		t.Fatal(err)
	}
	fl.PollOnce(ctx)
	build := func(ctx context.Context, m *fleet.Member) (model.Model, error) {
		return model.New(ctx, m.Client, model.WithProfile(m.Profile()), model.WithIntegration(m.Context.Integration), model.WithFleet(true)), nil
	}
	s := New(ctx, func(context.Context) (*fleet.Fleet, error) { return fl, nil }, build)
	s, _ = s.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	s, _ = s.Update(s.fleetCmd()())
	s, cmd := s.Update(fleetview.OpenMsg{Profile: "a"})
	s, _ = s.Update(cmd())
	if s.active == 0 {
		t.Fatal("enter on a did not show its dashboard")
	}
	return s
}

// A dashboard's ask to leave counts only from the dashboard shown, on the
// show it was asked on: an esc of an earlier show, or of a dashboard no
// longer shown, arriving late does not take the operator away.
func TestLeaveCountsOnlyOnItsShow(t *testing.T) {
	s := openedShell(t)
	shown := s.active
	for _, stale := range []routed{
		{session: shown, visit: s.visit - 1, msg: model.LeaveMsg{}},
		{session: shown, visit: s.visit - 1, msg: model.FleetMsg{}},
		{session: shown + 100, visit: s.visit, msg: model.LeaveMsg{}},
	} {
		if got, _ := s.Update(stale); got.active != shown {
			t.Fatalf("%+v took the dashboard away", stale)
		}
	}
	s, _ = s.Update(routed{session: shown, visit: s.visit, msg: model.LeaveMsg{}})
	if s.active != 0 {
		t.Fatal("esc at the top of the dashboard shown did not come back")
	}
	// Entering again finds the same dashboard, not a new one.
	s, _ = s.Update(fleetview.OpenMsg{Profile: "a"})
	if s.active != shown {
		t.Fatalf("entering a again showed session %d, want the warm %d", s.active, shown)
	}
	// An enter that arrives while a dashboard is shown opens nothing.
	if got, cmd := s.Update(fleetview.OpenMsg{Profile: "b"}); got.active != shown || cmd != nil {
		t.Fatal("an enter from the fleet acted while a dashboard was shown")
	}
}

// q in a dashboard ends the program through the shell, which quits last.
func TestDashboardQuitEndsTheProgram(t *testing.T) {
	s := openedShell(t)
	_, cmd := s.Update(quitMsg{session: s.active})
	if cmd == nil {
		t.Fatal("a dashboard's quit asked nothing")
	}
	msg := cmd()
	if seq := reflect.ValueOf(msg); seq.Kind() == reflect.Slice {
		last, _ := seq.Index(seq.Len() - 1).Interface().(tea.Cmd)
		msg = last()
	}
	if _, ok := msg.(tea.QuitMsg); !ok {
		t.Fatalf("the shell's answer to a dashboard's quit ends with %#v", msg)
	}
}
