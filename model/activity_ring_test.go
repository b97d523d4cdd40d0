package model

import (
	"runtime"
	"slices"
	"testing"
	"time"

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

// The feed is in time order whatever order entries arrive in (the audit
// log read at start comes after the first changes seen), and a replaced
// entry keeps its place and its id.
func TestRingKeepsTimeOrderAndReplacesInPlace(t *testing.T) {
	r := newRing(5)
	at := func(min int) ui.ActivityEntry {
		return ui.ActivityEntry{At: t0.Add(time.Duration(min) * time.Minute), Kind: ui.KindStatus, Strategy: int64(min)}
	}
	for _, m := range []int{30, 31, 10, 32, 20} { // counts now, actions from earlier, then more
		r.add(at(m))
	}
	var got []int64
	for i := 0; i < r.len(); i++ {
		got = append(got, r.at(i).entry.Strategy)
	}
	if want := []int64{32, 31, 30, 20, 10}; !slices.Equal(got, want) {
		t.Fatalf("order %v, want %v (newest first by time)", got, want)
	}
	// Full: an entry older than everything kept is the one dropped.
	r.add(at(5))
	if r.len() != 5 || r.at(4).entry.Strategy != 10 {
		t.Fatalf("after an older entry the oldest kept is %d", r.at(4).entry.Strategy)
	}
	r.add(at(40))
	if r.at(0).entry.Strategy != 40 || r.at(4).entry.Strategy != 20 {
		t.Fatalf("newest %d, oldest %d; want 40 and 20", r.at(0).entry.Strategy, r.at(4).entry.Strategy)
	}
	id := r.at(2).id
	e := at(31)
	e.Note = "updated"
	if !r.replaceID(id, e) || r.at(2).entry.Note != "updated" || r.at(2).id != id {
		t.Fatalf("the replaced entry moved or kept its old text: %+v", r.at(2))
	}
	if r.replaceID(-1, e) {
		t.Fatal("replaced an entry the ring does not hold")
	}
}
