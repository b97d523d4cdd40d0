package model

import (
	"strings"
	"testing"
	"time"

	"github.com/stratop/stratop/api"
)

func TestProgramEnterOnAStrategyOffThePageOpensItByID(t *testing.T) {
	a := startApp(t, 120, 40, WithInterval(time.Hour))
	a.keys("2")
	a.waitReady("page 1 of 3")
	// A change seen on page 2; then the list goes back to page 1.
	a.keys("]")
	a.waitReady("page 2 of 3")
	page2, err := a.c.ListStrategies(t.Context(), stratFilter{}.integrationQuery(2, 20))
	if err != nil || len(page2.Strategies) == 0 {
		t.Fatalf("page 2: %v", err)
	}
	target := page2.Strategies[3]
	change := a.changeOne(target, 1)
	a.keys("[")
	a.waitReady("page 1 of 3")
	if strings.Contains(a.frame(), " "+itoa(target.ID)+" ") {
		t.Fatalf("strategy %d is on page 1: the test needs it off the page", target.ID)
	}
	reads := a.sb.Hits(routeRead)
	a.keys("5")
	a.waitText(change)
	a.keys("enter")
	a.waitReady("strategy "+itoa(target.ID)+" · read by its id", "[2 Strategies]")
	if a.sb.Hits(routeRead) <= reads {
		t.Fatalf("no read by id")
	}
	v := a.frame()
	if sel := selectedLine(v); sel != "" {
		t.Fatalf("a list row is selected while strategy %d is shown alone: %q", target.ID, sel)
	}
	if !strings.Contains(v, "ID "+itoa(target.ID)) && !strings.Contains(v, "#"+itoa(target.ID)) && strings.Count(v, itoa(target.ID)) < 2 {
		t.Fatalf("the detail of strategy %d is not shown:\n%s", target.ID, v)
	}
	// An action key acts on the strategy shown, never on a list row.
	a.keys("a")
	a.waitText("strategy " + itoa(target.ID))
	a.waitFor("the archive dialog naming it", func(v string) bool {
		return strings.Contains(v, "Archive strategy "+itoa(target.ID))
	})
	a.keys("esc")
	a.waitFor("the dialog closed", func(v string) bool { return !strings.Contains(v, "Archive strategy") })
	// esc goes back to the list as it was.
	a.keys("esc")
	a.waitReady("page 1 of 3")
	if strings.Contains(a.frame(), "read by its id") {
		t.Fatalf("still shown alone after esc")
	}
}

func TestProgramEnterOnAStrategyThatNoLongerExistsSaysSo(t *testing.T) {
	a := startApp(t, 120, 40, WithInterval(time.Hour))
	a.keys("2")
	a.waitReady("page 1 of 3")
	a.keys("5")
	a.waitReady("Activity")
	// What enter on its line sends, for a strategy the server no longer has.
	a.tm.Send(jumpMsg{strategy: 987654})
	a.waitText("strategy 987654 no longer exists")
	if sel := selectedLine(a.frame()); sel != "" {
		t.Fatalf("a row is selected: %q", sel)
	}
	// Nothing to act on: an action key opens no dialog about another
	// strategy. Keys are handled in order: once the help shows, h was.
	a.keys("h", "?")
	a.waitFor("the full help", func(v string) bool { return !strings.Contains(v, "no longer exists") })
	if strings.Contains(a.frame(), "Halt strategy") {
		t.Fatalf("a halt dialog opened:\n%s", a.frame())
	}
}

func TestProgramArchiveBehindTheDashboardsBackIsReportedOnceByID(t *testing.T) {
	a := startApp(t, 80, 24, WithInterval(time.Hour))
	a.keys("2")
	a.waitReady("page 1 of 3")
	var target api.Strategy
	for _, s := range a.firstRows(10) {
		if s.Status != api.StatusArchived {
			target = s
			break
		}
	}
	a.setStatus(target.ID, api.StatusArchived) // leaves the page
	reads := a.sb.Hits(routeRead)
	a.refreshed(routeStrategies)
	// The strategy that left the page is read by id.
	a.waitMoreHits(routeRead, reads+1-a.sb.Hits(routeRead))
	// Read twice more: the page no longer lacks it, nothing is read by id.
	for range 2 {
		a.refreshed(routeStrategies)
	}
	a.keys("5")
	defer func() {
		if n := a.sb.Hits(routeRead) - reads; n != 1 {
			t.Errorf("%d reads by id in all, want 1", n)
		}
	}()
	change := string(target.Status) + " -> archived"
	a.waitText(change)
	row := lineWith(a.frame(), change)
	if !strings.Contains(row, "vanished") || !strings.Contains(row, " "+itoa(target.ID)+" ") {
		t.Fatalf("the line is not strategy %d vanished (archived): %q", target.ID, row)
	}
	if n := strings.Count(a.frame(), change); n != 1 {
		t.Fatalf("reported %d times:\n%s", n, a.frame())
	}
}

// refreshed presses ctrl+r until the sandbox serves pattern once more: a
// refresh while a read is in flight adds none.
func (a *app) refreshed(pattern string) {
	a.t.Helper()
	before := a.sb.Hits(pattern)
	deadline := time.Now().Add(10 * time.Second)
	for a.sb.Hits(pattern) == before {
		if time.Now().After(deadline) {
			a.t.Fatalf("ctrl+r read no %s", pattern)
		}
		a.keys("ctrl+r")
		for end := time.Now().Add(200 * time.Millisecond); time.Now().Before(end) && a.sb.Hits(pattern) == before; {
			time.Sleep(2 * time.Millisecond)
		}
	}
}
