package model

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/teatest"

	"github.com/stratop/stratop/integration"
	"github.com/stratop/stratop/internal/testkit"
)

// >profile switches as P does; each integration keeps its own history,
// and switching back finds the first one's lines again.
func TestProgramPaletteHistoryFollowsTheIntegrationThroughAProfileSwitch(t *testing.T) {
	alpha := namedSandbox(t, "alpha.test", 12, 40)
	beta := namedSandbox(t, "beta.test", 5, 9)
	root := t.TempDir()
	states := map[string]integration.Dir{"alpha": {Path: filepath.Join(root, "alpha")}, "beta": {Path: filepath.Join(root, "beta")}}
	profiles := fakeProfiles{
		list:    []ProfileChoice{{Name: "alpha"}, {Name: "beta"}},
		clients: map[string]API{"alpha": alpha, "beta": beta},
		states:  states,
	}
	m := New(t.Context(), alpha, WithProfile("alpha"), WithProfiles(profiles), WithState(states["alpha"]),
		WithInterval(30*time.Millisecond), WithClock(func() time.Time { return t0 }))
	pr := testkit.NewProbe(m.Tea())
	tm := teatest.NewTestModel(t, pr, teatest.WithInitialTermSize(120, 30))
	t.Cleanup(func() { testkit.Stop(t, tm) })
	wait := func(what string, subs ...string) {
		t.Helper()
		testkit.WaitFor(t, 10*time.Second, what, pr.Frame, func(v string) bool {
			for _, s := range subs {
				if !strings.Contains(v, s) {
					return false
				}
			}
			return true
		})
	}
	typeLine := func(s string) {
		tm.Send(testkit.Runes(":"))
		for _, r := range s {
			tm.Send(testkit.Runes(string(r)))
		}
		tm.Send(testkit.Key("enter"))
	}
	wait("alpha", "12 users")
	typeLine("#7")
	typeLine(">profile beta")
	wait("beta", "5 users", "beta.test")
	// The line that switched is alpha's: beta's history has none yet.
	tm.Send(testkit.Runes(":"))
	wait("beta's command line", ": _", ">ACTION")
	if strings.Contains(pr.Frame(), "↑ history") {
		t.Fatalf("beta offers a history:\n%s", pr.Frame())
	}
	tm.Send(testkit.Key("esc"))
	typeLine(">profile alpha")
	wait("alpha again", "12 users", "alpha.test")
	tm.Send(testkit.Runes(":"))
	wait("alpha's history read", "↑ history (2)")
	tm.Send(testkit.Key("up"))
	wait("alpha's last line", ": >profile beta_")
	tm.Send(testkit.Key("up"))
	wait("alpha's first line", ": #7_")
	if lines, err := readHistory(states["beta"].Commands()); err != nil || len(lines) != 1 || lines[0] != ">profile alpha" {
		t.Errorf("beta's file: %q, %v", lines, err)
	}
}
