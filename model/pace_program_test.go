package model

import (
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/jonboulle/clockwork"
)

// hitsOf snapshots the sandbox's counters of the given routes.
func (a *app) hitsOf(routes ...string) []int {
	out := make([]int, len(routes))
	for i, r := range routes {
		out[i] = a.sb.Hits(r)
	}
	return out
}

// sameHits fails when a route was hit since the snapshot.
func (a *app) sameHits(what string, routes []string, before []int) {
	a.t.Helper()
	for i, r := range routes {
		if n := a.sb.Hits(r) - before[i]; n != 0 {
			a.t.Fatalf("%s: %s polled %d times", what, r, n)
		}
	}
}

func TestProgramBlurPacesEveryPoll(t *testing.T) {
	fc := clockwork.NewFakeClockAt(t0)
	a := startApp(t, 120, 40, WithClock(fc.Now), WithTimer(fc.After))
	a.keys("2")
	a.waitReady("page 1 of 3")
	a.statsPolls(3)
	routes := []string{routeStats, routeStrategies}

	a.tm.Send(tea.BlurMsg{})
	if err := fc.BlockUntilContext(t.Context(), 1); err != nil {
		t.Fatal(err)
	}
	time.Sleep(150 * time.Millisecond) // a fetch in flight at the blur lands
	before := a.hitsOf(routes...)
	// Unpaced, each feed polls every 30 ms: ten times in this wait.
	time.Sleep(300 * time.Millisecond)
	a.sameHits("blurred, no time passed", routes, before)
	fc.Advance(59 * time.Second)
	time.Sleep(200 * time.Millisecond)
	a.sameHits("blurred, 59 s passed", routes, before)

	fc.Advance(time.Second)
	for i, r := range routes {
		a.waitHits(r, before[i]+1)
	}
	time.Sleep(200 * time.Millisecond)
	for i, r := range routes {
		if n := a.sb.Hits(r) - before[i]; n != 1 {
			t.Fatalf("blurred, 60 s passed: %s polled %d times, want 1", r, n)
		}
	}

	before = a.hitsOf(routes...)
	a.tm.Send(tea.FocusMsg{})
	for i, r := range routes {
		a.waitHits(r, before[i]+1) // at once: the clock has not moved
	}
	for i, r := range routes {
		a.waitHits(r, before[i]+5) // and then at the interval again
	}
}

func TestProgramKeyWhileBlurredCatchesUp(t *testing.T) {
	fc := clockwork.NewFakeClockAt(t0)
	a := startApp(t, 120, 40, WithClock(fc.Now), WithTimer(fc.After))
	a.keys("2")
	a.waitReady("page 1 of 3")
	a.tm.Send(tea.BlurMsg{})
	if err := fc.BlockUntilContext(t.Context(), 1); err != nil {
		t.Fatal(err)
	}
	time.Sleep(100 * time.Millisecond)
	before := a.hitsOf(routeStats)
	a.keys("down")
	a.waitHits(routeStats, before[0]+3)
}

// Watched items poll in the background on any tab; blurred, they too poll
// at most once a minute.
func TestProgramBlurPacesWatchedItems(t *testing.T) {
	fc := clockwork.NewFakeClockAt(t0)
	a := startApp(t, 120, 40, WithClock(fc.Now), WithTimer(fc.After), WithWatchStore(testWatchStore(t.TempDir())))
	const routeWatch = "GET /api/v1/strategies/{strategyId}"
	a.keys("2")
	a.waitReady("page 1 of 3")
	a.keys("w")
	a.keys("5") // Activity: the stats and the watch poll, nothing else
	a.waitHits(routeWatch, a.sb.Hits(routeWatch)+3)
	routes := []string{routeStats, routeWatch}

	a.tm.Send(tea.BlurMsg{})
	if err := fc.BlockUntilContext(t.Context(), 1); err != nil {
		t.Fatal(err)
	}
	time.Sleep(150 * time.Millisecond)
	before := a.hitsOf(routes...)
	time.Sleep(300 * time.Millisecond)
	fc.Advance(59 * time.Second)
	time.Sleep(200 * time.Millisecond)
	a.sameHits("blurred, 59 s passed", routes, before)
	fc.Advance(time.Second)
	for i, r := range routes {
		a.waitHits(r, before[i]+1)
	}
	time.Sleep(200 * time.Millisecond)
	for i, r := range routes {
		if n := a.sb.Hits(r) - before[i]; n != 1 {
			t.Fatalf("blurred, 60 s passed: %s polled %d times, want 1", r, n)
		}
	}
}
