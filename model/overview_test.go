package model

import (
	"context"
	"math"
	"strings"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/history"
	"github.com/stratop/stratop/internal/text"
	"github.com/stratop/stratop/ui"
)

// fixedHistory is a week of samples every 10 s up to t0 (built once, never
// mutated by the tests): counts that drift
// in waves, users that grow, latency with a bump and an outage of failed
// reads three hours ago.
var fixedHistory = sync.OnceValue(func() *history.History {
	h := history.New()
	start := t0.Add(-7 * 24 * time.Hour)
	for i := 0; start.Add(time.Duration(i)*10*time.Second).Before(t0) || start.Add(time.Duration(i)*10*time.Second).Equal(t0); i++ {
		at := start.Add(time.Duration(i) * 10 * time.Second)
		x := float64(i) / 360
		s := history.Sample{Time: at, Users: 30 + i/6000, Latency: time.Duration(20+10*math.Sin(x/5)) * time.Millisecond,
			Counts: map[string]int{
				"active":    int(180 + 40*math.Sin(x/7)),
				"suspended": int(20 + 8*math.Cos(x/3)),
				"paused":    int(15 + float64(i%720)/60),
				"completed": 60 + i/2000,
			}}
		s.Failed = t0.Sub(at) > 3*time.Hour && t0.Sub(at) < 3*time.Hour+5*time.Minute
		h.Add(s)
	}
	return h
})

// fixedOverview is the Overview with a fixed history, fixed counts, stats,
// health and attention lines, at width x height.
func fixedOverview(tb testing.TB, charts ui.ChartStyle, width, height int, window int) overviewTab {
	tb.Helper()
	e := newEnv(tb.(interface{ Context() context.Context }).Context(), newFakeAPI(), []Option{WithClock(func() time.Time { return t0 }),
		WithCharts(charts), WithProfile("prod")}, nil)
	t := newOverviewTab(e)
	t.active = true
	t.now = t0
	t.hist = t.hist.loaded(historyLoadedMsg{session: e.session, h: fixedHistory()})
	t.hist.window = window
	t.stats = &api.DashboardStats{UsersCount: 58, StrategiesCount: 301}
	t.counts.data = &countsData{total: 301, counts: []ui.StatusCount{
		{Status: api.StatusActive, Count: 181}, {Status: api.StatusSuspended, Count: 25},
		{Status: api.StatusPaused, Count: 27}, {Status: api.StatusCompleted, Count: 68}}}
	t.health = ui.Health{Profile: "prod", Host: "partner.example", Interval: 5 * time.Second, LastGood: t0, Latency: 23 * time.Millisecond}
	t.attn = []ui.AttentionLine{
		{At: t0.Add(-2 * time.Minute), Kind: ui.KindStatus, Strategy: 4711, User: "cust_\x1b[31mred", Symbol: "WETH", Old: "active", New: "paused"},
		{At: t0.Add(-9 * time.Minute), Kind: ui.KindAction, Strategy: 4702, User: "cust_b", Note: "halt failed: 503 service unavailable"},
		{At: t0.Add(-31 * time.Minute), Kind: ui.KindCompleted, Strategy: 3990, User: "cust_c", Symbol: "cbBTC", Old: "active", New: "completed"},
		{At: t0.Add(-40 * time.Second), Kind: ui.AttentionJob, User: "cust_d", Note: "disable-all cust_d: 3 of 9 suspended"},
	}
	for i := range t.attn {
		t.attn[i].User = text.Clean(t.attn[i].User)
	}
	tab := t.SetSize(width, height)
	return tab.(overviewTab)
}

var overviewSizes = []struct{ w, h int }{{80, 24}, {120, 40}, {200, 60}}

// TestOverviewGoldens draws the Overview at three sizes in each glyph set
// (the 1 h, 24 h and 7 d windows in turn) and checks that every line is
// exactly the frame's width and the frame exactly its height.
func TestOverviewGoldens(t *testing.T) {
	for ci, name := range ui.ChartStyleNames {
		for _, sz := range overviewSizes {
			t.Run(name+"/"+itoa(int64(sz.w))+"x"+itoa(int64(sz.h)), func(t *testing.T) {
				v := fixedOverview(t, ui.ChartStyle(ci), sz.w, sz.h, ci).View()
				checkFrame(t, v, sz.w, sz.h)
				golden.RequireEqual(t, []byte(v))
			})
		}
	}
}

func checkFrame(t *testing.T, v string, w, h int) {
	t.Helper()
	lines := strings.Split(v, "\n")
	if len(lines) != h {
		t.Errorf("%d lines, want %d", len(lines), h)
	}
	for i, l := range lines {
		if got := ansi.StringWidth(l); got != w {
			t.Errorf("line %d is %d cells, want exactly %d: %q", i+1, got, w, l)
		}
		if strings.ContainsRune(ansi.Strip(l), '\x1b') {
			t.Errorf("line %d holds an escape from a server string: %q", i+1, l)
		}
	}
}

// TestOverviewExactWidthAtEverySize draws every size from 80x24 up to
// 220x70 in steps, in every glyph set, with and without history.
func TestOverviewExactWidthAtEverySize(t *testing.T) {
	for ci := range ui.ChartStyleNames {
		for w := 80; w <= 220; w += 7 {
			for h := 24; h <= 70; h += 9 {
				tab := fixedOverview(t, ui.ChartStyle(ci), w, h, (w+h)%3)
				checkFrame(t, tab.View(), w, h)
				empty := newOverviewTab(tab.env).SetSize(w, h).(overviewTab)
				checkFrame(t, empty.View(), w, h)
			}
		}
	}
}

// TestOverviewKeys: + and - switch the window within 1 h .. 7 d, up and
// down move in Needs attention and enter opens the line's strategy.
func TestOverviewKeys(t *testing.T) {
	var cmd tea.Cmd
	var tb tab = fixedOverview(t, ui.ChartBraille, 120, 40, 0)
	for _, k := range []string{"+", "+", "+"} {
		tb, _ = tb.Update(keyMsg(k))
	}
	if !strings.Contains(tb.View(), "Trends · last 7d") {
		t.Errorf("+ three times does not reach 7d:\n%s", tb.View())
	}
	tb, _ = tb.Update(keyMsg("-"))
	if !strings.Contains(tb.View(), "Trends · last 24h") {
		t.Error("- does not go back to 24h")
	}
	tb, _ = tb.Update(keyMsg("down"))
	_, cmd = tb.Update(keyMsg("enter"))
	if cmd == nil {
		t.Fatal("enter on an action line opens nothing")
	}
	if j, ok := cmd().(jumpMsg); !ok || j.strategy != 4702 {
		t.Errorf("enter on the second line: %#v, want a jump to 4702", cmd())
	}
}

// TestOverviewChartsRedrawOnlyWhenTheyChange: a second of the display
// clock reuses the drawn charts; a sample with a new value redraws them.
func TestOverviewChartsRedrawOnlyWhenTheyChange(t *testing.T) {
	h := history.New()
	h.Add(history.Sample{Time: t0.Add(-time.Minute), Counts: map[string]int{"active": 5}, Users: 1})
	tab := fixedOverview(t, ui.ChartBlock, 120, 40, 0)
	tab.hist = overviewHistory{cache: &trendCache{}}.loaded(historyLoadedMsg{h: h})
	tab = tab.render()
	before := tab.hist.cache.lines
	tab.now = t0.Add(time.Second)
	tab = tab.render()
	if len(before) == 0 || &tab.hist.cache.lines[0] != &before[0] {
		t.Error("a tick of the display clock drew the charts again")
	}
	view := tab.View()
	tab.hist, _ = tab.hist.add(tab.env, history.Sample{Time: t0.Add(time.Second), Counts: map[string]int{"active": 9}, Users: 1})
	tab = tab.render()
	if tab.View() == view || !strings.Contains(tab.View(), "active            9") {
		t.Errorf("a new value is not drawn:\n%s", tab.View())
	}
}
