package model

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/audit"
	"github.com/stratop/stratop/integration"
	"github.com/stratop/stratop/ui"
	"github.com/stratop/stratop/watch"
)

func integrationOf(t *testing.T, base, key string) integration.ID {
	t.Helper()
	id, err := integration.New(base, key)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// The shared audit log holds actions of two integrations on one host under
// one profile name, and of another profile's host: only this integration's
// are shown as its own; the others are marked and left out of Needs
// attention.
func TestActivityMarksOtherIntegrationsActions(t *testing.T) {
	eu := integrationOf(t, "https://api.example.com", "key-eu")
	us := integrationOf(t, "https://api.example.com", "key-us")
	other := integrationOf(t, "https://staging.example.com", "key-st")
	e := newEnv(t.Context(), newFakeAPI(), []Option{WithClock(func() time.Time { return t0 }), WithIntegration(eu)}, nil)
	e.loadWatches()
	rec := func(seq string, id integration.ID, profile string, strategy int64, o audit.Outcome) audit.Record {
		return audit.Record{Entry: audit.Entry{Seq: seq, Time: t0.Add(-time.Minute), Profile: profile, Host: id.HostPort(),
			Integration: id.String(), Action: "suspend", StrategyIDs: []int64{strategy}, Outcome: o}}
	}
	tb := newActivityTab(e).applyAudit(&auditData{records: []audit.Record{
		rec("1", eu, "default", 101, audit.OutcomeFailed),
		rec("2", us, "default", 298, audit.OutcomeFailed),
		rec("3", other, "staging", 299, audit.OutcomeFailed),
		{Entry: audit.Entry{Seq: "4", Time: t0.Add(-time.Minute), Host: "api.example.com", Action: "halt", StrategyIDs: []int64{7}, Outcome: audit.OutcomeDone}},
	}})
	marks := map[int64]string{}
	for i := 0; i < tb.feed.len(); i++ {
		en := tb.feed.at(i).entry
		marks[en.Strategy] = en.Elsewhere
		change := ui.ActivityCells(en)[5].Text
		if (en.Elsewhere != "") != strings.HasPrefix(change, "other integration ") {
			t.Errorf("strategy %d: marked %q, shown %q", en.Strategy, en.Elsewhere, change)
		}
	}
	if marks[101] != "" || marks[7] != "" {
		t.Errorf("this integration's actions (and an old entry of its host) are marked: %v", marks)
	}
	if marks[298] != us.Label() || marks[299] != other.Label() {
		t.Errorf("other integrations' actions: %v; want %q and %q", marks, us.Label(), other.Label())
	}
	var ids []int64
	for _, l := range tb.attention(t0.Add(-time.Hour), nil) {
		ids = append(ids, l.Strategy)
	}
	if !slices.Equal(ids, []int64{101}) {
		t.Errorf("Needs attention lists strategies %v, want only this integration's 101", ids)
	}
}

// enter on another integration's action line says whose it is and opens
// nothing of this integration (where 298 is another strategy).
func TestProgramEnterOnAnotherIntegrationsActionSaysSo(t *testing.T) {
	mine := integrationOf(t, "https://sandbox.test", "key-mine")
	theirs := integrationOf(t, "https://sandbox.test", "key-theirs")
	path := filepath.Join(t.TempDir(), "stratop", "audit.jsonl")
	for _, w := range []struct {
		id  integration.ID
		seq string
		at  time.Time
	}{{mine, "m", time.Now().Add(-2 * time.Minute)}, {theirs, "t", time.Now().Add(-time.Minute)}} {
		l, err := audit.Open(path, "default", "sandbox.test", audit.ForIntegration(w.id))
		if err != nil {
			t.Fatal(err)
		}
		if err := l.Write(audit.Entry{Seq: w.seq, Time: w.at, Action: "suspend", StrategyIDs: []int64{12}, StateBefore: api.StatusActive,
			Expected: api.StatusSuspended, Outcome: audit.OutcomeDone}); err != nil {
			t.Fatal(err)
		}
		_ = l.Close()
	}
	// At 80 columns the mark is still there, first on its line.
	narrow := startApp(t, 80, 24, WithInterval(time.Hour), WithIntegration(mine), WithAuditPath(path))
	narrow.keys("5")
	narrow.waitText("other integration sandbox.test")

	a := startApp(t, 120, 40, WithInterval(time.Hour), WithIntegration(mine), WithAuditPath(path))
	a.keys("5")
	a.waitText("other integration " + theirs.Label())
	// The newest line, under the cursor, is the other integration's.
	if sel := selectedLine(a.frame()); !strings.Contains(sel, "other integration") {
		t.Fatalf("the selected line is %q", sel)
	}
	a.keys("enter")
	a.waitText("belongs to another integration")
	if v := a.frame(); strings.Contains(v, "[2 Strategies]") {
		t.Fatalf("enter opened this integration's strategy 12:\n%s", v)
	}
	a.keys("down", "enter")
	a.waitText("[2 Strategies]", "Strategy 12 ")
}

// Two integrations keep their watched items apart, whatever the profile.
func TestEachIntegrationWatchesItsOwnItems(t *testing.T) {
	dirs := []integration.Dir{{Path: t.TempDir()}, {Path: t.TempDir()}}
	if err := testWatchStore(dirs[0].Path).Save(watch.WatchList{Strategies: []int64{1}}, 1); err != nil {
		t.Fatal(err)
	}
	if err := testWatchStore(dirs[1].Path).Save(watch.WatchList{Strategies: []int64{2, 3}, Users: []string{"u9"}}, 1); err != nil {
		t.Fatal(err)
	}
	for i, want := range []string{"watching 1 strategy", "watching 2 strategies, 1 user"} {
		m := New(t.Context(), newFakeAPI(), WithClock(func() time.Time { return t0 }), WithProfile("default"), WithState(dirs[i]))
		m, _ = m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
		m, _ = press(m, "5")
		if v := m.View(); !strings.Contains(v, want) {
			t.Errorf("integration %d: want %q in:\n%s", i, want, v)
		}
	}
}

func TestCorruptWatchesAreSaidAndReplaced(t *testing.T) {
	dir := integration.Dir{Path: t.TempDir()}
	if err := os.WriteFile(dir.Watched(), []byte("{not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	m := New(t.Context(), newFakeAPI(), WithClock(func() time.Time { return t0 }), WithProfile("prod"), WithState(dir))
	m, _ = m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	m, _ = press(m, "5")
	if v := m.View(); !strings.Contains(v, "watches could not be read") || !strings.Contains(v, "starting with none") {
		t.Fatalf("a corrupt watches file is not said in words:\n%s", v)
	}
	if err := m.env.watchStore.Save(watch.WatchList{Strategies: []int64{1}}, 1); err != nil {
		t.Fatalf("a corrupt file blocks saving: %v", err)
	}
	if w, err := m.env.watchStore.Load(); err != nil || !slices.Equal(w.Strategies, []int64{1}) {
		t.Fatalf("after replacing: %+v, %v", w, err)
	}
}

// The one-time move of old files is said on the status line at start.
func TestTheStartNoticeIsSaid(t *testing.T) {
	m := New(t.Context(), newFakeAPI(), WithClock(func() time.Time { return t0 }), WithNotice("moved profile prod's state (history-prod.json)"))
	m, _ = m.Update(tea.WindowSizeMsg{Width: 160, Height: 40})
	if v := m.View(); !strings.Contains(v, "moved profile prod's state") {
		t.Errorf("the notice is not on screen:\n%s", v)
	}
}
