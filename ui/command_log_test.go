package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/lipgloss"
)

// Entries that do not fit are counted, a long command wraps within the
// width, and a long outcome is cut with an ellipsis.
func TestCommandLogWrapsCutsAndCounts(t *testing.T) {
	s := DefaultStyles()
	long := "stratop --profile prod strategies halt " + strings.Repeat("4211 ", 30)
	lines := make([]CommandLogLine, 6)
	for i := range lines {
		lines[i] = CommandLogLine{At: time.Unix(0, 0), Outcome: "failed: " + strings.Repeat("x", 100), Command: long, Call: "POST /api/v1/strategies/4211/halt"}
	}
	out := CommandLog(&s, lines, 40, 20)
	rows := strings.Split(out, "\n")
	if len(rows) > 19 {
		t.Fatalf("%d rows in 20 (with the count):\n%s", len(rows), out)
	}
	for _, r := range rows {
		if lipgloss.Width(r) > 40 {
			t.Fatalf("row wider than 40: %q", r)
		}
	}
	if !strings.Contains(out, "older not shown") || !strings.Contains(out, "…") {
		t.Fatalf("no count of the entries left out or no ellipsis:\n%s", out)
	}
	if got := strings.Count(out, "4211"); got < 30 {
		t.Fatalf("the command lost ids when wrapped (%d of 31):\n%s", got, out)
	}
}
