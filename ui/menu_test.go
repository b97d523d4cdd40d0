package ui

import (
	"strings"
	"testing"

	"github.com/stratop/stratop/internal/text"
)

func TestMenuLinesKeepEveryWordOfTheEffect(t *testing.T) {
	it := MenuItem{Key: "h", Label: "pause for good", Effect: "execution pauses; balances stay allocated; no route leaves paused"}
	lines := MenuLines(it, 1)
	if !strings.HasPrefix(lines[0], "h  pause for good  (execution") {
		t.Fatalf("first line %q", lines[0])
	}
	joined := strings.Join(strings.Fields(strings.Join(lines, " ")), " ")
	if want := "h pause for good (" + it.Effect + ")"; joined != want {
		t.Fatalf("wrapped menu line lost words: %q, want %q", joined, want)
	}
	for _, l := range lines {
		if text.Width(l) > menuWidth {
			t.Fatalf("line %q wider than %d", l, menuWidth)
		}
	}
}

func TestMarkedCountNamesHiddenRows(t *testing.T) {
	if got := MarkedCount(7, 2); got != "7 strategies, 2 not shown" {
		t.Fatalf("MarkedCount(7, 2) = %q", got)
	}
	if got := MarkedCount(3, 0); got != "3 strategies" {
		t.Fatalf("MarkedCount(3, 0) = %q", got)
	}
}

func TestHaltDialogSaysNoRouteLeavesPaused(t *testing.T) {
	d := ActionDialog(ActionDialogData{Action: "halt", Next: "paused", Keys: DefaultDialogKeys()})
	text := strings.Join(d.Lines, "\n")
	if !strings.Contains(text, HaltIrreversible) || !strings.Contains(text, HaltReversible) {
		t.Fatalf("halt dialog lacks the irreversibility sentence:\n%s", text)
	}
	s := ActionDialog(ActionDialogData{Action: "suspend", Next: "suspended", Keys: DefaultDialogKeys()})
	if strings.Contains(strings.Join(s.Lines, "\n"), HaltIrreversible) {
		t.Fatal("the suspend dialog carries halt's warning")
	}
}
