package watch

import (
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stratop/stratop/audit"
	"github.com/stratop/stratop/integration"
)

// Two integrations on one host (two keys) write one audit log: a watch of
// one reports its own actions only, though the host is the same.
func TestWatchReportsOnlyItsIntegrationsActions(t *testing.T) {
	w := newWorld(t, 5, 20)
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	mine, err := integration.New("https://sandbox.test", "key-mine")
	if err != nil {
		t.Fatal(err)
	}
	other, _ := integration.New("https://sandbox.test", "key-other")
	rec := &recorder{}
	var samples atomic.Int64
	running(t, w, Options{Host: "sandbox.test", Integration: mine, Scope: Integration(), Interval: 20 * time.Millisecond,
		AuditPath: path, Emit: rec.emit, OnSample: func(Sample) { samples.Add(1) }})
	waitFor(t, "the first cycle", func() bool { return samples.Load() > 0 })

	for _, x := range []struct {
		id  integration.ID
		seq string
		sid int64
	}{{other, "o1", 298}, {mine, "m1", 299}} {
		l, err := audit.Open(path, "default", "sandbox.test", audit.ForIntegration(x.id))
		if err != nil {
			t.Fatal(err)
		}
		if err := l.Write(audit.Entry{Seq: x.seq, Action: "suspend", StrategyIDs: []int64{x.sid}, Outcome: audit.OutcomeDone}); err != nil {
			t.Fatal(err)
		}
		_ = l.Close()
	}
	waitFor(t, "this integration's action", func() bool { return len(rec.find(KindAction, 299)) == 1 })
	after := samples.Load()
	waitFor(t, "two more cycles", func() bool { return samples.Load() >= after+2 })
	if got := rec.find(KindAction, 298); len(got) != 0 {
		t.Fatalf("another integration's action on the same host reported as this one's: %+v", got)
	}
}

// Two integrations keep their cursors apart.
func TestCursorsLiveInTheIntegrationsDirectory(t *testing.T) {
	root := t.TempDir()
	a, _ := integration.New("https://h.example", "a")
	b, _ := integration.New("https://h.example", "b")
	pa := CursorPath(Options{CursorDir: integration.DirOf(root, a).Cursors(), Profile: "default", Scope: Integration()})
	pb := CursorPath(Options{CursorDir: integration.DirOf(root, b).Cursors(), Profile: "default", Scope: Integration()})
	if pa == pb || filepath.Dir(pa) != integration.DirOf(root, a).Cursors() || filepath.Base(pa) != "integration.json" {
		t.Errorf("cursors %s and %s", pa, pb)
	}
}

// Every event names the integration watched.
func TestEventsNameTheIntegration(t *testing.T) {
	w := newWorld(t, 5, 20)
	id, _ := integration.New("https://sandbox.test", "key")
	rec := &recorder{}
	running(t, w, Options{Integration: id, Scope: Integration(), Interval: 20 * time.Millisecond, Heartbeat: 20 * time.Millisecond, Emit: rec.emit})
	waitFor(t, "a heartbeat", func() bool { return len(rec.all()) > 0 })
	for _, ev := range rec.all() {
		if ev.Integration != id.String() {
			t.Fatalf("event %+v names integration %q, want %q", ev, ev.Integration, id.String())
		}
	}
}
