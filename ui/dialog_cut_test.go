package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// A dialog taller than its area cuts its last facts, and says so on a line
// of its own: a shell line cut after its variables must not pass for the
// whole command. One that fits says nothing of the kind.
func TestRenderDialogSaysWhatItCuts(t *testing.T) {
	d := Dialog{Title: "Halt strategy 299?", Lines: []string{"action    halt", "strategy  299"},
		Prompt: "type 299 and enter to halt", Hint: "enter confirm · n/esc cancel"}
	d = WithCommand(d, "STRATOP_BASE_URL=http://127.0.0.1:44247 STRATOP_API_KEY=demo-key STRATOP_API_SECRET=demo-secret stratop --profile demo strategies halt 299", "while this demo runs")
	tall := ansi.Strip(RenderDialog(DefaultStyles(), d, 80, 40))
	if strings.Contains(tall, "more lines") || !strings.Contains(tall, "strategies halt 299") {
		t.Fatalf("a dialog that fits:\n%s", tall)
	}
	short := ansi.Strip(RenderDialog(DefaultStyles(), d, 80, 9))
	if !strings.Contains(short, "more lines in a taller window") {
		t.Fatalf("a cut dialog does not say it is cut:\n%s", short)
	}
	if n := strings.Count(strings.TrimRight(short, "\n "), "\n") + 1; n > 9 {
		t.Fatalf("the cut dialog is %d lines in 9", n)
	}
}
