package model

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/teatest"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/api/sandbox"
	"github.com/stratop/stratop/history"
	"github.com/stratop/stratop/integration"
	"github.com/stratop/stratop/internal/testkit"
	"github.com/stratop/stratop/watch"
)

// TestProgramHaltAppearsUnderNeedsAttention: a watched strategy halted on
// the sandbox behind the dashboard's back shows under Needs attention on
// the Overview within one poll of the watch, and enter opens it.
func TestProgramHaltAppearsUnderNeedsAttention(t *testing.T) {
	state := t.TempDir()
	var target api.Strategy
	prep := func(sb *sandbox.Sandbox, c *api.Client) {
		p, err := c.ListStrategies(context.Background(), api.StrategyFilter{Status: api.StatusActive, PageSize: 1})
		if err != nil || len(p.Strategies) == 0 {
			t.Fatalf("no active strategy: %v", err)
		}
		target = p.Strategies[0]
		if err := testWatchStore(state).Save(watch.WatchList{Strategies: []int64{target.ID}}, 1); err != nil {
			t.Fatal(err)
		}
	}
	a := startAppAfter(t, nil, prep, 120, 40, WithWatchStore(testWatchStore(state)))
	a.waitReady("Needs attention", "nothing: no halts")
	a.waitMoreHits("GET /api/v1/strategies/{strategyId}", 1)
	a.setStatus(target.ID, api.StatusPaused)
	want := itoa(target.ID) + " active -> paused"
	a.waitText("Needs attention (1)", want)
	if line := lineWith(a.frame(), want); !strings.HasPrefix(line, "> ") || !strings.Contains(line, target.UserID) {
		t.Errorf("the halt is not selected or lacks its user %q: %q", target.UserID, line)
	}
	a.keys("enter")
	a.waitFor("strategy "+itoa(target.ID)+" opened", func(v string) bool {
		return strings.Contains(v, "[2 Strategies]") && (strings.Contains(selectedLine(v), " "+itoa(target.ID)+" ") ||
			strings.Contains(v, "Strategy "+itoa(target.ID)+" "))
	})
}

// TestProgramTrendSurvivesARestart: the first run keeps the counts in the
// history file; a second run whose every read fails still draws them, and
// says since when it has history.
func TestProgramTrendSurvivesARestart(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, integration.HistoryFileName)
	// A clock that runs 60 times faster than the wall, so the history is
	// written (at most once a minute of it) every second while the test
	// waits, and a slow run stays well inside the hour shown.
	wall := time.Now()
	fast := func() time.Time { return t0.Add(time.Since(wall) * 60) }
	a := startApp(t, 120, 40, withHistoryIn(dir), WithClock(fast))
	a.waitReady("Trends · last 1h", "active ")
	var kept float64
	testkit.WaitFor(t, 10*time.Second, "counts in the history file", func() string {
		h, err := history.Load(path)
		if err != nil {
			return ""
		}
		_, last, ok := history.Change(h.Points(nil, time.Hour, fast()), history.SeriesActive)
		if !ok {
			return ""
		}
		kept = last
		return "kept"
	}, func(s string) bool { return s != "" })
	_ = a.tm.Quit()
	later := fast().Add(5 * time.Minute)

	_, c := testSandbox(t)
	bad, err := api.New(c.BaseURL(), api.WithCredentials(api.Credentials{Key: "wrong", Secret: "wrong"}), api.WithRetries(0))
	if err != nil {
		t.Fatal(err)
	}
	b := startAppClient(t, sandboxClient{bad}, 120, 40, withHistoryIn(dir), WithClock(func() time.Time { return later }))
	b.waitText("credentials rejected", "(since 12:30: the axis spans what is kept)")
	if got := trendValue(b.frame(), "active"); got != itoa(int64(kept)) {
		t.Errorf("after a restart with every read failing the active trend shows %q, want the kept %v", got, kept)
	}
}

// trendValue is the value on a trend's label line.
func trendValue(view, name string) string {
	for _, l := range strings.Split(view, "\n") {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == name && !strings.Contains(l, "█") {
			return f[1]
		}
	}
	return ""
}

// startAppClient runs the dashboard on client (no sandbox of its own).
func startAppClient(t *testing.T, client API, width, height int, opts ...Option) *app {
	t.Helper()
	m := New(t.Context(), client, appOptions(opts...)...)
	pr := testkit.NewProbe(m.Tea())
	tm := teatest.NewTestModel(t, pr, teatest.WithInitialTermSize(width, height))
	a := &app{t: t, w: width, h: height, tm: tm, probe: pr}
	t.Cleanup(func() { testkit.Stop(t, tm) })
	return a
}

// TestProgramQuitWritesTheLastMinute: the history is written at most once a
// minute while the program runs; q writes what came since.
func TestProgramQuitWritesTheLastMinute(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, integration.HistoryFileName)
	a := startApp(t, 120, 40, withHistoryIn(dir))
	a.waitReady("Trends · last 1h", "active ")
	reads := func() int32 {
		h, err := history.Load(path)
		if err != nil {
			return -1
		}
		pts := h.Points(nil, time.Hour, t0)
		if len(pts) == 0 {
			return 0
		}
		return pts[len(pts)-1].Reads
	}
	// With the clock standing still only the first sample after the read
	// of the file is written; several polls come after it.
	testkit.WaitFor(t, 10*time.Second, "the first write", func() string { return itoa(int64(reads())) },
		func(s string) bool { return s != "0" && s != "-1" })
	before := reads()
	a.waitMoreHits("GET /api/v1/strategies", 15)
	a.keys("q")
	a.tm.WaitFinished(t, teatest.WithFinalTimeout(5*time.Second))
	if after := reads(); after <= before || after < 4 {
		t.Errorf("reads kept in the file: %d before q, %d after", before, after)
	}
}
