package model

import (
	"runtime"
	"testing"

	"github.com/stratop/stratop/ui"
)

func TestRingKeepsTheLast10000(t *testing.T) {
	r := newRing(maxActivity)
	for i := 1; i <= maxActivity+50; i++ {
		r.add(ui.ActivityEntry{Kind: ui.KindStatus, Strategy: int64(i)})
	}
	if r.len() != maxActivity {
		t.Fatalf("%d entries kept, want %d", r.len(), maxActivity)
	}
	if got := r.at(0).entry.Strategy; got != maxActivity+50 {
		t.Errorf("newest is %d", got)
	}
	if got := r.at(maxActivity - 1).entry.Strategy; got != 51 {
		t.Errorf("oldest is %d, want 51", got)
	}
	ids, cells := r.rows()
	if len(ids) != maxActivity || len(cells) != maxActivity || ids[0] <= ids[1] {
		t.Errorf("rows are not newest first: %d ids", len(ids))
	}
}

// BenchmarkRingFill fills the feed past its cap: B/op is what making the
// entries costs (entry, cells, search text); retained-MB what the full feed
// keeps on the heap.
func BenchmarkRingFill(b *testing.B) {
	e := ui.ActivityEntry{At: t0, Kind: ui.KindStatus, User: "cust_4w2eaqfv", Symbol: "ORB", Old: "active", New: "paused"}
	b.ReportAllocs()
	var retained float64
	for i := 0; i < b.N; i++ {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		r := newRing(maxActivity)
		for j := 0; j < maxActivity+maxActivity/2; j++ {
			e.Strategy = int64(j + 1)
			r.add(e)
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		retained = float64(after.HeapAlloc-before.HeapAlloc) / 1e6
		runtime.KeepAlive(r)
	}
	b.ReportMetric(retained, "retained-MB")
}
