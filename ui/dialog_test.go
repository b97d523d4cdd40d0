package ui

import (
	"strings"
	"testing"
)

func TestDialogFitsShortAreas(t *testing.T) {
	d := Dialog{Title: "Stop strategy 9?", Lines: []string{"a", "b", "c", "d", "e", "f", "", "g", "h"},
		Prompt: "type 9 and enter", Input: "9", Hint: "esc cancel"}
	for _, h := range []int{11, 15, 30} {
		out := RenderDialog(DefaultStyles(), d, 60, h)
		if n := len(strings.Split(out, "\n")); n > h {
			t.Errorf("height %d: dialog drew %d lines", h, n)
		}
		for _, want := range []string{"Stop strategy 9?", "type 9 and enter", "> 9_", "esc cancel"} {
			if !strings.Contains(out, want) {
				t.Errorf("height %d: %q dropped:\n%s", h, want, out)
			}
		}
	}
}
