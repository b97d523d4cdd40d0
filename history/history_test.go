package history

import (
	"bytes"
	"errors"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

var t0 = time.Date(2026, 11, 25, 9, 12, 0, 0, time.UTC)

func sample(at time.Time, active, users int, lat time.Duration) Sample {
	return Sample{Time: at, Counts: map[string]int{"active": active, "paused": active / 10}, Users: users, Latency: lat}
}

// week fills a history with a sample every 5 s for 7 days.
func week(h *History) time.Time {
	at := t0
	for i := 0; i < 7*24*720; i++ {
		s := sample(at, 1000+i%500, 40+i/10000, time.Duration(20+i%30)*time.Millisecond)
		s.Failed = i%97 == 0
		h.Add(s)
		at = at.Add(5 * time.Second)
	}
	return at
}

func TestAddKeepsLevelsPerBucketInEveryTier(t *testing.T) {
	h := New()
	h.Add(sample(t0, 10, 3, 40*time.Millisecond))
	h.Add(sample(t0.Add(5*time.Second), 12, 4, 60*time.Millisecond))
	h.Add(Sample{Time: t0.Add(7 * time.Second), Failed: true, Users: -1})
	h.Add(sample(t0.Add(10*time.Second), 15, 5, 10*time.Millisecond))

	pts := h.Points(nil, time.Hour, t0.Add(10*time.Second))
	if len(pts) != 2 {
		t.Fatalf("10 s tier: %d points, want 2: %+v", len(pts), pts)
	}
	p := pts[0]
	if v, _ := p.Value(SeriesActive); v != 12 {
		t.Errorf("active in first bucket = %v, want the last level 12", v)
	}
	if v, _ := p.Value(SeriesUsers); v != 4 {
		t.Errorf("users = %v, want 4 (a failed read does not erase the level)", v)
	}
	if v, _ := p.Value(SeriesLatency); v != 50 {
		t.Errorf("latency = %v, want the mean of good reads 50", v)
	}
	if v, _ := p.Value(SeriesErrors); v != 1 {
		t.Errorf("errors = %v, want 1", v)
	}
	if _, ok := p.Value(SeriesSuspended); ok {
		t.Error("suspended was never read but has a value")
	}
	day := h.Points(nil, 24*time.Hour, t0.Add(10*time.Second))
	if len(day) != 1 {
		t.Fatalf("1 min tier: %d points, want 1", len(day))
	}
	if v, _ := day[0].Value(SeriesActive); v != 15 {
		t.Errorf("1 min tier active = %v, want 15", v)
	}
	if !h.Start().Equal(t0) {
		t.Errorf("start = %v, want %v", h.Start(), t0)
	}
}

func TestTiersAreBounded(t *testing.T) {
	h := New()
	end := week(h)
	for i, tier := range Tiers {
		if n := h.tiers[i].len(); n > tier.Keep {
			t.Errorf("tier %s holds %d points, more than %d", tier.Step, n, tier.Keep)
		}
	}
	pts := h.Points(nil, 7*24*time.Hour, end)
	if len(pts) < 1000 {
		t.Fatalf("a week at 10 min: %d points", len(pts))
	}
	for i := 1; i < len(pts); i++ {
		if pts[i].Start <= pts[i-1].Start {
			t.Fatalf("points out of order at %d", i)
		}
	}
	if got := pts[len(pts)-1].Start - pts[0].Start; got < 6*24*3600 {
		t.Errorf("the 7 d window spans %s", time.Duration(got)*time.Second)
	}
	hour := h.Points(nil, time.Hour, end)
	if len(hour) > 361 || len(hour) < 350 {
		t.Errorf("an hour at 10 s: %d points", len(hour))
	}
}

// weekWithPrices is week with the prices of MaxPools pools in every
// sample: the most a history holds.
func weekWithPrices(h *History) time.Time {
	at := t0
	prices := make(map[int64]float64, MaxPools)
	for i := 0; i < 7*24*720; i++ {
		s := sample(at, 1000+i%500, 40+i/10000, time.Duration(20+i%30)*time.Millisecond)
		s.Failed = i%97 == 0
		for p := int64(1); p <= MaxPools; p++ {
			prices[p] = float64(p) * (1 + math.Sin(float64(i)/(500+float64(p)))/3) * 1234.56789
		}
		s.Prices = prices
		h.Add(s)
		at = at.Add(5 * time.Second)
	}
	return at
}

// TestWeekFitsOnDiskAndInMemory measures the encoded size of a full week
// with the prices of the most pools kept, and the heap it holds.
func TestWeekFitsOnDiskAndInMemory(t *testing.T) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	h := New()
	weekWithPrices(h)
	runtime.GC()
	runtime.ReadMemStats(&after)
	inMemory := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	runtime.KeepAlive(h)
	var buf bytes.Buffer
	if err := Encode(&buf, h); err != nil {
		t.Fatal(err)
	}
	t.Logf("a week: %d bytes on disk, %d bytes in memory", buf.Len(), inMemory)
	if buf.Len() >= 5<<20 {
		t.Errorf("a week encodes to %d bytes, want under 5 MB", buf.Len())
	}
	if inMemory >= 5<<20 {
		t.Errorf("a week holds %d bytes of heap, want under 5 MB", inMemory)
	}
}

func TestSaveLoadSurvivesARestart(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "stratop")
	path := filepath.Join(dir, "history-prod.json")
	h := New()
	end := week(h)
	if err := Save(path, h); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if runtime.GOOS != "windows" {
		if fi.Mode().Perm() != 0o600 {
			t.Errorf("file mode %v, want 0600", fi.Mode().Perm())
		}
		di, _ := os.Stat(dir)
		if di.Mode().Perm() != 0o700 {
			t.Errorf("dir mode %v, want 0700", di.Mode().Perm())
		}
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if e.Name() != filepath.Base(path) && e.Name() != filepath.Base(LockPath(path)) {
			t.Errorf("the directory holds %s: only the history and its lock should be left (no temporary)", e.Name())
		}
	}
	got, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if !got.Start().Equal(h.Start()) {
		t.Errorf("start %v after load, want %v", got.Start(), h.Start())
	}
	for _, w := range []time.Duration{time.Hour, 24 * time.Hour, 7 * 24 * time.Hour} {
		a, b := h.Points(nil, w, end), got.Points(nil, w, end)
		if len(a) != len(b) {
			t.Fatalf("window %s: %d points before, %d after", w, len(a), len(b))
		}
		for i := range a {
			if a[i] != b[i] {
				t.Fatalf("window %s point %d: %+v before, %+v after", w, i, a[i], b[i])
			}
		}
	}
	// A sample after the restart lands after the loaded ones.
	got.Add(sample(end.Add(time.Minute), 7, 1, time.Millisecond))
	last := got.Points(nil, time.Hour, end.Add(time.Minute))
	if v, _ := last[len(last)-1].Value(SeriesActive); v != 7 {
		t.Errorf("the newest point after a restart has active %v, want 7", v)
	}
}

func TestLoadMissingAndDamaged(t *testing.T) {
	dir := t.TempDir()
	h, err := Load(filepath.Join(dir, "none.json"))
	if err != nil || h == nil || !h.Start().IsZero() {
		t.Fatalf("a missing file: %v, %v", h, err)
	}
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte(`{"version":1,"tiers":[`), 0o600); err != nil {
		t.Fatal(err)
	}
	h, err = Load(bad)
	var fe *FileError
	if !errors.As(err, &fe) || fe.Op != "decode" || fe.Path != bad {
		t.Fatalf("a damaged file: %v, want a decode *FileError", err)
	}
	if h == nil || len(h.Points(nil, time.Hour, t0)) != 0 {
		t.Error("a damaged file does not give an empty history")
	}
	if err := Save(filepath.Join(bad, "x.json"), New()); !errors.As(err, &fe) || fe.Op != "write" {
		t.Errorf("writing under a file: %v, want a write *FileError", err)
	}
}

func TestDecodeStaysBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"version":1,"start":"2026-11-25T09:12:00Z","tiers":[{"step":10,"points":[`)
	for i := 0; i < 5000; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("[" + itoa(int64(1_700_000_000+i*10)) + ",1,1,0,5,5,1,1,2,3,4]")
	}
	b.WriteString(`,[1,1,1,0,5,5,1,1,2,3,4],[5,5]]},{"step":7,"points":[[1,1,1,0,5,5,1,1,2,3,4]]}]}`)
	h, err := Decode(strings.NewReader(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if n := h.tiers[0].len(); n != Tiers[0].Keep {
		t.Errorf("the 10 s tier holds %d points, want its bound %d", n, Tiers[0].Keep)
	}
	if h.tiers[0].last().Start != 1_700_000_000+4999*10 {
		t.Error("the newest point was not kept (a point out of order replaced it?)")
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

func TestColumns(t *testing.T) {
	h := New()
	for i := 0; i < 360; i++ {
		h.Add(sample(t0.Add(time.Duration(i)*10*time.Second), i, 1, time.Millisecond))
	}
	now := t0.Add(3590 * time.Second)
	pts := h.Points(nil, time.Hour, now)
	col := Columns(nil, pts, SeriesActive, time.Hour, now, 60)
	if len(col) != 60 {
		t.Fatalf("%d columns", len(col))
	}
	if col[59] != 359 {
		t.Errorf("last column = %v, want the newest value 359", col[59])
	}
	for i := 1; i < 60; i++ {
		if !(col[i] > col[i-1]) {
			t.Fatalf("a rising series is not rising at column %d: %v", i, col)
		}
	}
	// Half a window of history leaves the left half empty.
	half := Columns(col, pts, SeriesActive, 2*time.Hour, now, 60)
	if !math.IsNaN(half[0]) || math.IsNaN(half[59]) {
		t.Errorf("2 h window over 1 h of history: first %v, last %v", half[0], half[59])
	}
	if a := testing.AllocsPerRun(10, func() { col = Columns(col, pts, SeriesActive, time.Hour, now, 60) }); a != 0 {
		t.Errorf("Columns allocates %v times with room in dst", a)
	}
	first, last, ok := Change(pts, SeriesActive)
	if !ok || first != 0 || last != 359 {
		t.Errorf("Change = %v, %v, %v", first, last, ok)
	}
}

func TestRecorderWritesAtMostEverySaveEvery(t *testing.T) {
	path := filepath.Join(t.TempDir(), "stratop", "history-p.json")
	r, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	writes := 0
	for i := 0; i < 60; i++ { // 5 minutes at 5 s
		if err := r.Add(sample(t0.Add(time.Duration(i)*5*time.Second), i, 1, time.Millisecond)); err != nil {
			t.Fatal(err)
		}
		if !r.h.Dirty() {
			writes++
			if _, err := os.Stat(path); err != nil {
				t.Fatalf("a write left no file: %v", err)
			}
		}
	}
	if writes < 4 || writes > 5 {
		t.Errorf("%d writes in 5 minutes of samples, want one a minute", writes)
	}
	r.Add(sample(t0.Add(301*time.Second), 999, 1, time.Millisecond))
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	again, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	pts := again.History().Points(nil, time.Hour, t0.Add(301*time.Second))
	if v, _ := pts[len(pts)-1].Value(SeriesActive); v != 999 {
		t.Errorf("after Close and Open the newest value is %v, want 999", v)
	}
}
