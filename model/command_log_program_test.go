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

// A suspend confirmed with y shows in the command log, the Activity tab's
// second page (5, then ]), at 80 columns as its stratop line and its HTTP
// call with the outcome; nothing is wider than the terminal, the footer is
// the log's own ([ or esc back to the activity, never the feed's filter
// and go-to), and esc goes back to the feed.
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
	a.keys("5")
	a.waitText("] command log")
	a.keys("]")
	a.waitText("Command log", "Nothing sent yet", "[ activity", "esc activity")
	a.keys("2")
	a.waitReady("page 1 of 3")
	a.keys("s")
	a.waitText("Suspend strategy " + itoa(id) + "?")
	a.keys("y")
	a.waitText("strategy " + itoa(id) + ": done, now suspended")
	a.keys("5") // the tab kept its page
	var shown string
	a.waitFor("the suspend in the command log", func(v string) bool {
		shown = v
		return strings.Contains(v, "  done") &&
			strings.Contains(v, "stratop --profile demo strategies suspend "+itoa(id)) &&
			strings.Contains(v, "POST /api/v1/strategies/suspendStrategy") &&
			strings.Contains(v, `{"userId":"`) && strings.Contains(v, `"strategyId":`+itoa(id)+"}")
	})
	lines := strings.Split(shown, "\n")
	for _, line := range lines {
		if w := lipgloss.Width(line); w > 80 {
			t.Fatalf("a line of %d columns at 80:\n%s", w, line)
		}
	}
	if footer := lines[len(lines)-1]; !strings.Contains(footer, "[ activity") || strings.Contains(footer, "filter") || strings.Contains(footer, "go to") {
		t.Fatalf("the log's footer is not its own: %q", footer)
	}
	a.keys("esc")
	a.waitFor("the feed again", func(v string) bool {
		return !strings.Contains(v, "Command log") && strings.Contains(v, "suspend") && strings.Contains(v, "] command log")
	})
	a.keys("]", "[")
	a.waitFor("[ back to the feed", func(v string) bool { return !strings.Contains(v, "Command log") })
}

// L is no key of the dashboard's: DESIGN.md's bindings have none, and the
// log is a page of the Activity tab.
func TestProgramLOpensNothing(t *testing.T) {
	a := startAppOn(t, nil, 80, 40)
	a.keys("2")
	a.waitReady("page 1 of 3")
	a.keys("L", "5")
	a.waitText("] command log")
	if strings.Contains(a.frame(), "Command log") {
		t.Fatalf("L opened the command log:\n%s", a.frame())
	}
}

// The command line's >log shows the log from any tab, as 5 then ] would.
func TestProgramPaletteLogShowsTheCommandLog(t *testing.T) {
	a := startAppOn(t, nil, 80, 40)
	a.keys("2")
	a.waitReady("page 1 of 3")
	a.keys(":")
	a.typeText(">log")
	a.keys("enter")
	a.waitText("[5 Activity]", "Command log", "[ activity")
	a.keys("esc")
	a.waitFor("the Activity's feed", func(v string) bool {
		return strings.Contains(v, "[5 Activity]") && !strings.Contains(v, "Command log") && strings.Contains(v, "] command log")
	})
}
