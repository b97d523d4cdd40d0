package model

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/lipgloss"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/audit"
)

// A suspend confirmed with y shows in the command log (L) at 80 columns as
// its stratop line and its HTTP call with the outcome; nothing is wider
// than the terminal, and esc closes the log.
func TestProgramCommandLogShowsTheSuspendSent(t *testing.T) {
	path := filepath.Join(t.TempDir(), "stratop", "audit.jsonl")
	j, err := audit.Open(path, "demo", "sandbox.test")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = j.Close() })
	a := startAppOn(t, nil, 80, 40, WithJournal(j), WithAuditPath(path), WithClock(time.Now))
	id := a.firstRows(1)[0].ID
	a.setStatus(id, api.StatusActive)
	a.keys("2")
	a.waitReady("page 1 of 3")
	a.keys("L")
	a.waitText("Command log", "Nothing sent yet")
	a.keys("esc")
	a.keys("s")
	a.waitText("Suspend strategy " + itoa(id) + "?")
	a.keys("y")
	a.waitText("strategy " + itoa(id) + ": done, now suspended")
	a.keys("L")
	var shown string
	a.waitFor("the suspend in the command log", func(v string) bool {
		shown = v
		return strings.Contains(v, "  done") &&
			strings.Contains(v, "stratop --profile demo strategies suspend "+itoa(id)) &&
			strings.Contains(v, "POST /api/v1/strategies/suspendStrategy") &&
			strings.Contains(v, `{"userId":"`) && strings.Contains(v, `"strategyId":`+itoa(id)+"}")
	})
	for _, line := range strings.Split(shown, "\n") {
		if w := lipgloss.Width(line); w > 80 {
			t.Fatalf("a line of %d columns at 80:\n%s", w, line)
		}
	}
	a.keys("esc")
	a.waitFor("the log closed", func(v string) bool { return !strings.Contains(v, "Command log") })
}
