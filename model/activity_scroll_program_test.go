package model

import (
	"strings"
	"testing"
	"time"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/ui"
)

// changeOne flips a strategy's status behind the dashboard's back and has
// the Strategies tab read it, until the Activity counts unseen lines.
func (a *app) changeOne(s api.Strategy, unseen int) string {
	a.t.Helper()
	next := api.StatusPaused
	if s.Status == next {
		next = api.StatusActive
	}
	a.setStatus(s.ID, next)
	a.keys("ctrl+r")
	if unseen > 0 {
		a.waitText("Activity (" + itoa(int64(unseen)) + ")")
	}
	return string(s.Status) + " -> " + string(next)
}

func TestProgramActivityOpensAtTheNewestLine(t *testing.T) {
	a := startApp(t, 80, 24, WithInterval(time.Hour))
	a.keys("2")
	a.waitReady("page 1 of")
	rows := a.firstRows(12)
	for i, s := range rows {
		a.changeOne(s, i+1)
	}
	a.keys("5")
	a.waitReady("12 entries")
	newest := " " + itoa(rows[11].ID) + " "
	if sel := selectedLine(a.frame()); !strings.Contains(sel, newest) {
		t.Fatalf("the cursor is not on the newest line (strategy %d): %q\n%s", rows[11].ID, sel, a.frame())
	}
	for _, s := range rows {
		if !strings.Contains(a.frame(), " "+itoa(s.ID)+" ") {
			t.Errorf("strategy %d's line is not on screen at 80x24:\n%s", s.ID, a.frame())
		}
	}
	if strings.Contains(a.frame(), "new above") {
		t.Errorf("a marker while at the newest line:\n%s", a.frame())
	}
}

func TestProgramActivityStaysAtTheNewestOrMarksWhatArrivedAbove(t *testing.T) {
	a := startApp(t, 80, 24, WithInterval(time.Hour))
	a.keys("2")
	a.waitReady("page 1 of")
	rows := a.firstRows(3)
	// flip changes row i's status again (as the sandbox has it now) and
	// returns the entries there are then.
	total, last := 0, int64(0)
	flip := func(i int) {
		s := rows[i]
		last = s.ID
		s.Status = a.status(s.ID)
		a.keys("2")
		a.waitReady("page 1 of")
		a.changeOne(s, 0)
		total++
		a.keys("5")
		a.waitReady(ui.ActivityCount(total, total, false))
	}
	flip(0)
	flip(1)
	// Shown and at the newest line: each new line is selected as it arrives.
	if sel := selectedLine(a.frame()); !strings.Contains(sel, " "+itoa(rows[1].ID)+" ") {
		t.Fatalf("the newest line is not selected: %q", sel)
	}
	flip(2)
	// Away from the newest: the cursor stays on its line as lines arrive
	// above; those not on screen are counted by the marker (24 lines, 18
	// rows shown), and once the list is longer than the screen what is on
	// it stays where it was.
	a.keys("down")
	a.waitFor("the cursor on the second line", func(v string) bool {
		return strings.Contains(selectedLine(v), " "+itoa(rows[1].ID)+" ")
	})
	mine := selectedLine(a.frame())
	for i := 0; i < 21; i++ {
		flip(i % 3)
	}
	a.waitText("↑ 6 new above")
	if sel := selectedLine(a.frame()); sel != mine {
		t.Fatalf("the cursor left the operator's line %q: now %q", mine, sel)
	}
	before := a.frame()
	flip(0)
	flip(1)
	a.waitText("↑ 8 new above")
	if after := a.frame(); body(after) != body(before) {
		t.Errorf("the view moved under the operator:\nbefore\n%s\nafter\n%s", before, after)
	}
	// Back to the newest: the marker goes.
	a.keys("g")
	a.waitFor("the marker gone, the newest selected", func(v string) bool {
		return !strings.Contains(v, "new above") && strings.Contains(selectedLine(v), " "+itoa(last)+" ")
	})
}

// body is a frame's table rows: the lines between the column header and
// the footer.
func body(frame string) string {
	lines := strings.Split(frame, "\n")
	for i, l := range lines {
		if strings.Contains(l, "TIME") && strings.Contains(l, "KIND") {
			return strings.Join(lines[i+1:len(lines)-2], "\n")
		}
	}
	return ""
}
