package model

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/ui"
)

func TestProgramPaletteJumpsToAStrategyOnNoPageShown(t *testing.T) {
	a, _ := openStrategies(t, api.StatusActive, nil)
	p, err := a.c.ListStrategies(t.Context(), stratFilter{}.integrationQuery(3, 20))
	if err != nil || len(p.Strategies) == 0 {
		t.Fatalf("page 3: %v", err)
	}
	far := p.Strategies[len(p.Strategies)-1].ID
	a.keys(":")
	a.typeText("#" + itoa(far))
	a.waitText(": #" + itoa(far) + "_")
	a.keys("enter")
	a.waitText("strategy "+itoa(far), "Latest transactions")
}

func TestProgramPaletteActionGoesThroughTheSameDialogAndPolicy(t *testing.T) {
	j := &memJournal{}
	a, id := openStrategies(t, api.StatusActive, nil, WithJournal(j))
	a.tm.Send(tea.KeyMsg{Type: tea.KeyCtrlP})
	a.typeText(`>suspend --reason "INC-77 db"`)
	a.keys("enter")
	a.waitText("Suspend strategy "+itoa(id)+"?", "reason    INC-77 db", "'INC-77 db'")
	if n := a.sb.Hits(routeSuspend); n != 0 {
		t.Fatalf("the command line sent %d suspends before the confirmation", n)
	}
	a.keys("y")
	a.waitText("strategy " + itoa(id) + ": done, now suspended")
	out := j.outcomes()
	if len(out) != 1 || out[0].Reason != "INC-77 db" {
		t.Fatalf("audit %+v, want one suspend with the reason", out)
	}
}

func TestProgramPaletteActionIsRefusedReadOnlyLikeItsKey(t *testing.T) {
	a, _ := openStrategies(t, api.StatusActive, nil, WithReadOnly(true))
	a.keys(":")
	a.typeText(">suspend")
	a.keys("enter")
	a.waitText(ui.NoticeReadOnly[:20])
	if n := a.sb.Hits(routeSuspend); n != 0 {
		t.Fatalf("%d suspends sent read-only", n)
	}
}

func TestProgramPaletteBurstThenHaltYNeverHalts(t *testing.T) {
	a, id := openStrategies(t, api.StatusActive, nil)
	for _, ids := range []string{"4211", itoa(id)} {
		keys := []string{":", "#"}
		for _, r := range ids {
			keys = append(keys, string(r))
		}
		a.keys(append(keys, "enter", "h", "y")...)
		if ids == itoa(id) {
			a.waitText("Halt strategy "+ids+"?", "This cannot be undone.")
		}
		a.keys("esc", "esc")
	}
	a.keys("2")
	a.waitReady("page 1 of 3")
	if n := a.sb.Hits(routeHalt); n != 0 {
		t.Fatalf("%d halts sent by a burst without the typed id", n)
	}
}

func TestPaletteSplitsQuotedWords(t *testing.T) {
	got, err := splitWords(`suspend --reason "INC-77 db"  'a b'c`)
	if err != nil || len(got) != 4 || got[2] != "INC-77 db" || got[3] != "a bc" {
		t.Fatalf("splitWords = %q, %v", got, err)
	}
	if _, err := splitWords(`halt --reason "open`); err == nil {
		t.Fatal("an unclosed quote was taken")
	}
}
