package history

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// seriesAt is the value of a series in the 10 s bucket that holds at.
func seriesAt(h *History, s Series, at time.Time) (float64, bool) {
	for _, p := range h.Points(nil, time.Hour, at) {
		if p.Start == at.Unix()-at.Unix()%10 {
			return p.Value(s)
		}
	}
	return 0, false
}

// Two writers of one file, each on its own goroutine with its own
// Recorder (and so its own lock file handle, as two processes have), write
// interleaved samples many times: the file ends with every sample of both.
// One writes even seconds' buckets, the other odd ones, so a lost write
// shows as a missing bucket.
func TestTwoWritersKeepEachOthersSamples(t *testing.T) {
	path := filepath.Join(t.TempDir(), "stratop", "history-shared.json")
	const n = 300
	var wg sync.WaitGroup
	errs := make(chan error, 2)
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs <- writeEvery(path, w, n)
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	h, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	end := t0.Add(n * 10 * time.Second)
	for i := 0; i < n; i++ {
		at := t0.Add(time.Duration(i) * 10 * time.Second)
		v, ok := seriesAt(h, SeriesActive, at)
		if !ok || v != float64(1000+i) {
			t.Fatalf("bucket %d (writer %d): active %v, %v; want %d", i, i%2, v, ok, 1000+i)
		}
		if u, _ := seriesAt(h, SeriesUsers, at); u != float64(i%2) {
			t.Fatalf("bucket %d: users %v, want writer %d's", i, u, i%2)
		}
	}
	if got := len(h.Points(nil, time.Hour, end)); got != n {
		t.Errorf("the file holds %d 10 s buckets, want %d", got, n)
	}
	if !h.Start().Equal(t0) {
		t.Errorf("start %v, want the first sample of either writer %v", h.Start(), t0)
	}
}

// A writer's view after its write holds the other writer's samples, and a
// bucket both sampled counts both reads once each (not the loaded ones
// again).
func TestWriteMergesTheOtherWritersSamples(t *testing.T) {
	path := filepath.Join(t.TempDir(), "history-p.json")
	a, _ := Open(path)
	b, _ := Open(path)
	a.every, b.every = time.Hour, time.Hour
	a.Add(Sample{Time: t0, Counts: map[string]int{"paused": 3}, Users: -1, Latency: 10 * time.Millisecond})
	b.Add(Sample{Time: t0.Add(time.Second), Counts: map[string]int{"active": 7}, Users: -1, Latency: 30 * time.Millisecond})
	b.Add(Sample{Time: t0.Add(20 * time.Second), Users: 5, Latency: 30 * time.Millisecond})
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
	if err := a.Close(); err != nil { // nothing new: no write, nothing counted twice
		t.Fatal(err)
	}
	b.Add(Sample{Time: t0.Add(30 * time.Second), Users: 6})
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
	h, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	p := h.Points(nil, time.Hour, t0.Add(30*time.Second))
	if len(p) != 3 {
		t.Fatalf("%d buckets, want 3: %+v", len(p), p)
	}
	if p[0].Reads != 2 || p[0].Counts[0] != 7 || p[0].Counts[2] != 3 {
		t.Errorf("the shared bucket: %+v, want 2 reads, active 7 (b), paused 3 (a)", p[0])
	}
	if v, _ := p[0].Value(SeriesLatency); v != 20 {
		t.Errorf("the shared bucket's latency %v, want the mean of both writers' reads 20", v)
	}
	if u, _ := p[2].Value(SeriesUsers); u != 6 {
		t.Errorf("users %v, want 6", u)
	}
	// b's view is the file: a's sample is in it without a reload.
	if v, ok := seriesAt(b.History(), SeriesPaused, t0); !ok || v != 3 {
		t.Errorf("the second writer's view after its write: paused %v, %v; want a's 3", v, ok)
	}
}

// writeEvery writes buckets parity, parity+2, ... below n to path with
// its own Recorder, a write per sample.
func writeEvery(path string, parity, n int) error {
	r, err := Open(path)
	if err != nil {
		return err
	}
	r.every = 0
	for i := parity; i < n; i += 2 {
		s := Sample{Time: t0.Add(time.Duration(i) * 10 * time.Second), Counts: map[string]int{"active": 1000 + i}, Users: parity, Latency: time.Millisecond}
		if err := r.Add(s); err != nil {
			return err
		}
	}
	return r.Close()
}

// TestHistoryWriterChild is the second process of
// TestTwoProcessesKeepEachOthersSamples; run alone it does nothing.
func TestHistoryWriterChild(t *testing.T) {
	path := os.Getenv("STRATOP_HISTORY_WRITER")
	if path == "" {
		return
	}
	if err := writeEvery(path, 1, 200); err != nil {
		t.Fatal(err)
	}
}

// Two processes write one file at once (the test binary runs itself as the
// second): the file ends with every sample of both.
func TestTwoProcessesKeepEachOthersSamples(t *testing.T) {
	path := filepath.Join(t.TempDir(), "stratop", "history-shared.json")
	child := exec.Command(os.Args[0], "-test.run=^TestHistoryWriterChild$", "-test.count=1")
	child.Env = append(os.Environ(), "STRATOP_HISTORY_WRITER="+path)
	out := &bytes.Buffer{}
	child.Stdout, child.Stderr = out, out
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	mine := writeEvery(path, 0, 200)
	if err := child.Wait(); err != nil {
		t.Fatalf("the second writer: %v\n%s", err, out)
	}
	if mine != nil {
		t.Fatal(mine)
	}
	h, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 200; i++ {
		at := t0.Add(time.Duration(i) * 10 * time.Second)
		if v, ok := seriesAt(h, SeriesActive, at); !ok || v != float64(1000+i) {
			t.Fatalf("bucket %d (process %d): active %v, %v; want %d", i, i%2, v, ok, 1000+i)
		}
	}
}

// A damaged file still loads as an empty history and an error, and the
// next write replaces it with the writer's history instead of failing for
// good.
func TestDamagedFileLoadsEmptyAndTheNextWriteRepairsIt(t *testing.T) {
	path := filepath.Join(t.TempDir(), "history-p.json")
	if err := os.WriteFile(path, []byte(`{"version":1,"tiers":[{"step":10,"po`), 0o600); err != nil {
		t.Fatal(err)
	}
	r, err := Open(path)
	var fe *FileError
	if !errors.As(err, &fe) || fe.Op != "decode" {
		t.Fatalf("Open of a damaged file: %v, want a decode *FileError", err)
	}
	if len(r.History().Points(nil, time.Hour, t0)) != 0 {
		t.Fatal("a damaged file did not give an empty history")
	}
	r.Add(sample(t0, 4, 1, time.Millisecond))
	if err := r.Close(); err != nil {
		t.Fatalf("writing over a damaged file: %v", err)
	}
	h, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if v, ok := seriesAt(h, SeriesActive, t0); !ok || v != 4 {
		t.Errorf("after the repair: active %v, %v", v, ok)
	}
}

// A sample older than the newest bucket lands in its own bucket in time
// order, in every tier; one older than a full tier keeps is dropped there.
func TestOlderSampleGoesIntoItsOwnBucket(t *testing.T) {
	h := New()
	for i := 0; i < Tiers[0].Keep; i++ {
		if i == 5 {
			continue
		}
		h.Add(sample(t0.Add(time.Duration(i)*10*time.Second), i, 1, time.Millisecond))
	}
	h.Add(sample(t0.Add(50*time.Second), 555, 1, time.Millisecond))
	end := t0.Add(time.Duration(Tiers[0].Keep) * 10 * time.Second)
	pts := h.Points(nil, time.Hour, end)
	for i := 1; i < len(pts); i++ {
		if pts[i].Start <= pts[i-1].Start {
			t.Fatalf("out of order at %d", i)
		}
	}
	if v, ok := seriesAt(h, SeriesActive, t0.Add(50*time.Second)); !ok || v != 555 {
		t.Errorf("the late sample's bucket: %v, %v", v, ok)
	}
	if v, _ := seriesAt(h, SeriesActive, t0.Add(60*time.Second)); v != 6 {
		t.Errorf("the next bucket changed: %v", v)
	}
	// The ring is full now: a sample older than its oldest bucket goes.
	h.Add(sample(t0.Add(-time.Hour), 9, 1, time.Millisecond))
	if h.tiers[0].len() != Tiers[0].Keep || h.tiers[0].at(0).Start != t0.Unix() {
		t.Errorf("a sample older than the full 10 s tier changed it: oldest %d", h.tiers[0].at(0).Start)
	}
	// The minute tier still has room and keeps it in order.
	day := h.Points(nil, 24*time.Hour, end)
	if day[0].Start != t0.Add(-time.Hour).Unix() {
		t.Errorf("the 1 min tier's oldest bucket %d, want the late sample's", day[0].Start)
	}
}

// A writer whose writes keep failing holds at most maxUnsaved samples to
// write, the newest.
func TestUnsavedSamplesAreBounded(t *testing.T) {
	var unsaved []Sample
	for i := 0; i < maxUnsaved+5; i++ {
		unsaved = KeepUnsaved(unsaved, sample(t0.Add(time.Duration(i)*time.Second), i, 1, 0))
	}
	if len(unsaved) != maxUnsaved || unsaved[0].Counts["active"] != 5 || unsaved[len(unsaved)-1].Counts["active"] != maxUnsaved+4 {
		t.Errorf("%d unsaved, from %v to %v", len(unsaved), unsaved[0].Counts, unsaved[len(unsaved)-1].Counts)
	}
	if cap(unsaved) > 2*maxUnsaved {
		t.Errorf("the unsaved samples grew to a capacity of %d", cap(unsaved))
	}
}

// A recorder whose file cannot be written tries again a SaveEvery later,
// not at every sample (each try says so in serve's log), and keeps the
// samples for when it can.
func TestRecorderRetriesAFailedWriteOnceASaveEvery(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state")
	if err := os.WriteFile(dir, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	r, _ := Open(filepath.Join(dir, "history-p.json")) // a read error: it starts empty
	failures := 0
	for i := 0; i < 36; i++ { // three minutes at 5 s
		if r.Add(sample(t0.Add(time.Duration(i)*5*time.Second), i, 1, 0)) != nil {
			failures++
		}
	}
	if failures < 2 || failures > 3 {
		t.Errorf("%d failed writes in three minutes of samples, want one a minute", failures)
	}
	if err := os.Remove(dir); err != nil {
		t.Fatal(err)
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	h, err := Load(filepath.Join(dir, "history-p.json"))
	if err != nil {
		t.Fatal(err)
	}
	if first, last, _ := Change(h.Points(nil, time.Hour, t0.Add(3*time.Minute)), SeriesActive); first != 1 || last != 35 { // 0 and 1 share the first 10 s bucket
		t.Errorf("after the failures the file holds active %v..%v, want 1..35", first, last)
	}
}
