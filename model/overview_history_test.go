package model

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stratop/stratop/history"
)

// The dashboard shares the profile's history file with serve and watch:
// its write adds its own samples to what the file holds (another writer's
// sample survives it), its view takes in the other writer's samples, and a
// sample taken while the write runs is kept in the view and for the next
// write.
func TestDashboardWriteKeepsTheOtherWritersSamples(t *testing.T) {
	dir := t.TempDir()
	e := newEnv(t.Context(), newFakeAPI(), []Option{WithClock(func() time.Time { return t0 }), withHistoryIn(dir), WithProfile("p")}, nil)
	sample := func(at time.Time, status string, n int) history.Sample {
		return history.Sample{Time: at, Counts: map[string]int{status: n}, Users: -1, Latency: time.Millisecond}
	}
	oh := overviewHistory{cache: &trendCache{}}
	oh = oh.loaded(historyLoadedMsg{session: e.session, h: history.New()})
	oh, first := oh.add(e, sample(t0, "active", 10))
	if first == nil {
		t.Fatal("the first sample after the read did not write")
	}
	oh = oh.saved(first().(historySavedMsg))

	other, err := history.Open(e.historyPath)
	if err != nil {
		t.Fatal(err)
	}
	if err := other.Add(sample(t0.Add(20*time.Second), "paused", 5)); err != nil {
		t.Fatal(err)
	}
	if err := other.Close(); err != nil {
		t.Fatal(err)
	}

	oh, _ = oh.add(e, sample(t0.Add(30*time.Second), "active", 11))
	oh, write := oh.add(e, sample(t0.Add(time.Minute+time.Second), "active", 12))
	if write == nil {
		t.Fatal("no write a minute after the last")
	}
	msg := write().(historySavedMsg)
	oh, _ = oh.add(e, sample(t0.Add(time.Minute+20*time.Second), "active", 13)) // during the write
	oh = oh.saved(msg)

	file, err := history.Load(e.historyPath)
	if err != nil {
		t.Fatal(err)
	}
	end := t0.Add(2 * time.Minute)
	for _, h := range []struct {
		name string
		h    *history.History
	}{{"the file", file}, {"the dashboard's view", oh.h}} {
		pts := h.h.Points(nil, time.Hour, end)
		if _, last, ok := history.Change(pts, history.SeriesPaused); !ok || last != 5 {
			t.Errorf("%s lost the other writer's paused 5: %v, %v", h.name, last, ok)
		}
		if first, _, _ := history.Change(pts, history.SeriesActive); first != 10 {
			t.Errorf("%s lost the dashboard's first sample: %v", h.name, first)
		}
	}
	if _, last, _ := history.Change(file.Points(nil, time.Hour, end), history.SeriesActive); last != 12 {
		t.Errorf("the file's newest active %v, want 12 (13 is not written yet)", last)
	}
	if _, last, _ := history.Change(oh.h.Points(nil, time.Hour, end), history.SeriesActive); last != 13 {
		t.Errorf("the view's newest active %v, want 13, taken during the write", last)
	}
	if len(oh.unsaved) != 1 || oh.unsaved[0].Counts["active"] != 13 {
		t.Errorf("unsaved after the write: %+v, want the sample taken during it", oh.unsaved)
	}
	if oh.flush(e)() != nil {
		t.Fatal("flush returned a message")
	}
	file, _ = history.Load(e.historyPath)
	if _, last, _ := history.Change(file.Points(nil, time.Hour, end), history.SeriesActive); last != 13 {
		t.Errorf("after the flush at quit the file's newest active is %v, want 13", last)
	}
	if filepath.Dir(e.historyPath) != dir {
		t.Errorf("history path %s is not in %s", e.historyPath, dir)
	}
}

// A write that fails says so on the Overview and keeps the samples it
// carried for the next write, which, once the file can be written, holds
// them.
func TestDashboardWriteThatFailsKeepsItsSamples(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state")
	if err := os.WriteFile(dir, []byte("a file where the directory should be"), 0o600); err != nil {
		t.Fatal(err)
	}
	e := newEnv(t.Context(), newFakeAPI(), []Option{WithClock(func() time.Time { return t0 }), withHistoryIn(dir), WithProfile("p")}, nil)
	oh := overviewHistory{cache: &trendCache{}}
	oh = oh.loaded(historyLoadedMsg{session: e.session, h: history.New()})
	oh, write := oh.add(e, history.Sample{Time: t0, Counts: map[string]int{"active": 3}, Users: -1})
	if write == nil {
		t.Fatal("no write")
	}
	msg := write().(historySavedMsg)
	oh, _ = oh.add(e, history.Sample{Time: t0.Add(10 * time.Second), Counts: map[string]int{"active": 4}, Users: -1})
	oh = oh.saved(msg)
	if msg.err == nil || !strings.Contains(oh.note, "history not saved") {
		t.Fatalf("a failed write: err %v, note %q", msg.err, oh.note)
	}
	if len(oh.unsaved) != 2 || oh.unsaved[0].Counts["active"] != 3 || oh.unsaved[1].Counts["active"] != 4 {
		t.Fatalf("unsaved after a failed write: %+v, want both samples in order", oh.unsaved)
	}
	if err := os.Remove(dir); err != nil {
		t.Fatal(err)
	}
	if oh.flush(e)() != nil {
		t.Fatal("flush returned a message")
	}
	h, err := history.Load(e.historyPath)
	if err != nil {
		t.Fatal(err)
	}
	first, last, ok := history.Change(h.Points(nil, time.Hour, t0.Add(time.Minute)), history.SeriesActive)
	if !ok || first != 3 || last != 4 {
		t.Errorf("after the failed write and a good one the file holds active %v..%v (%v), want 3..4", first, last, ok)
	}
}
