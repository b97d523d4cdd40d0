package model

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/ui"
)

// diffRun applies observations to one differ and keeps what it reported.
type diffRun struct {
	d    *differ
	seq  uint64
	seen []ui.ActivityEntry
}

func newDiffRun() *diffRun { return &diffRun{d: newDiffer()} }

// next is the span of a read that starts after every earlier one ended.
func (r *diffRun) next() span {
	r.seq += 2
	return span{r.seq - 1, r.seq}
}

func (r *diffRun) apply(o observation) []ui.ActivityEntry {
	var got []ui.ActivityEntry
	r.d.apply(o, t0, func(e ui.ActivityEntry) { got = append(got, e) })
	r.seen = append(r.seen, got...)
	return got
}

func page(src obsSource, s span, list ...api.Strategy) observation {
	return observation{source: src, span: s, complete: true, strategies: strategiesOf(list)}
}

func stratsFrom(first int64, n int, st api.Status) []api.Strategy {
	out := make([]api.Strategy, n)
	for i := range out {
		out[i] = strat(first+int64(i), st)
	}
	return out
}

func TestDifferReportsAStatusChangeOnce(t *testing.T) {
	r := newDiffRun()
	if got := r.apply(page(srcList, r.next(), strat(1, api.StatusActive), strat(2, api.StatusActive))); len(got) != 0 {
		t.Fatalf("the first sight reported %v", got)
	}
	got := r.apply(page(srcList, r.next(), strat(1, api.StatusPaused), strat(2, api.StatusActive)))
	if len(got) != 1 || got[0].Kind != ui.KindStatus || got[0].Strategy != 1 || got[0].Old != "active" || got[0].New != "paused" ||
		got[0].User != "u1" || got[0].Symbol != "TOK" {
		t.Fatalf("got %+v, want strategy 1 active -> paused", got)
	}
	// Seen again, by this source or another: nothing new.
	if got := r.apply(page(srcList, r.next(), strat(1, api.StatusPaused), strat(2, api.StatusActive))); len(got) != 0 {
		t.Fatalf("an unchanged poll reported %v", got)
	}
	if got := r.apply(page(srcDetail, r.next(), strat(1, api.StatusPaused))); len(got) != 0 {
		t.Fatalf("another source seeing the same state reported %v", got)
	}
	got = r.apply(page(srcDetail, r.next(), strat(1, api.StatusCompleted)))
	if len(got) != 1 || got[0].Kind != ui.KindCompleted {
		t.Fatalf("got %+v, want completed", got)
	}
	got = r.apply(page(srcDetail, r.next(), strat(1, api.StatusArchived)))
	if len(got) != 1 || got[0].Kind != ui.KindVanished || got[0].New != "archived" {
		t.Fatalf("got %+v, want vanished (archived)", got)
	}
}

func TestDifferPagingReorderAndFiltersAreNotChanges(t *testing.T) {
	r := newDiffRun()
	p1 := stratsFrom(1, 20, api.StatusActive)
	p2 := stratsFrom(21, 20, api.StatusPaused)
	r.apply(page(srcList, r.next(), p1...))
	r.apply(page(srcList, r.next(), p2...)) // next page
	if n := r.d.size(); n != 20 {
		t.Errorf("after paging the differ holds %d strategies, want the 20 shown", n)
	}
	rev := append([]api.Strategy(nil), p1...)
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	r.apply(page(srcList, r.next(), rev...))       // back, sorted the other way
	r.apply(page(srcList, r.next(), p1[:3]...))    // a filter keeps three
	r.apply(page(srcList, r.next()))               // a filter matching nothing
	r.apply(page(srcList, r.next(), p1...))        // filter cleared
	r.apply(page(srcList, r.next(), p2[5], p1[0])) // a mixed page
	r.apply(page(srcList, r.next(), p2...))        // and page two again
	if len(r.seen) != 0 {
		t.Fatalf("moving through pages, sorts and filters reported %+v", r.seen)
	}
}

func TestDifferNeverReportsAFlipFlopFromAnOlderRead(t *testing.T) {
	r := newDiffRun()
	r.apply(page(srcList, span{1, 2}, strat(7, api.StatusActive)))
	// The watch read (3..6) sees it paused; a list read that began before
	// that one ended (4..8) still says active, and lands later.
	if got := r.apply(page(srcWatch, span{3, 6}, strat(7, api.StatusPaused))); len(got) != 1 {
		t.Fatalf("the change was not reported: %+v", got)
	}
	if got := r.apply(page(srcList, span{4, 8}, strat(7, api.StatusActive))); len(got) != 0 {
		t.Fatalf("an overlapping older read reported a flip-flop: %+v", got)
	}
	// A read that began even earlier arrives last.
	if got := r.apply(page(srcList, span{2, 9}, strat(7, api.StatusActive))); len(got) != 0 {
		t.Fatalf("an earlier read reported a flip-flop: %+v", got)
	}
	if got := r.apply(page(srcList, r.nextAfter(9), strat(7, api.StatusPaused))); len(got) != 0 {
		t.Fatalf("a later read of the same state reported %+v", got)
	}
}

// nextAfter is a span starting after n.
func (r *diffRun) nextAfter(n uint64) span {
	r.seq = max(r.seq, n) + 2
	return span{r.seq - 1, r.seq}
}

func TestDifferAppearedNeedsTheNewestBaseline(t *testing.T) {
	r := newDiffRun()
	// A page of older strategies seen first sets no mark.
	r.apply(page(srcList, r.next(), stratsFrom(1, 10, api.StatusActive)...))
	// A user's list with newer ones sets none either.
	r.apply(page(srcWatchedUsers, r.next(), stratsFrom(30, 5, api.StatusActive)...))
	r.apply(newestPage(r.next(), stratsFrom(41, 20, api.StatusActive)...))
	if len(r.seen) != 0 {
		t.Fatalf("the baseline reported %+v", r.seen)
	}
	got := r.apply(newestPage(r.next(), stratsFrom(42, 20, api.StatusActive)...))
	if len(got) != 1 || got[0].Kind != ui.KindAppeared || got[0].Strategy != 61 {
		t.Fatalf("got %+v, want 61 appeared", got)
	}
	// Seen again later, by any read, it says nothing more; a newer one seen
	// first by a watched user's list has appeared too.
	if got := r.apply(page(srcList, r.next(), stratsFrom(52, 10, api.StatusActive)...)); len(got) != 0 {
		t.Fatalf("seen again it reported %+v", got)
	}
	got = r.apply(page(srcWatchedUsers, r.next(), strat(62, api.StatusActive)))
	if len(got) != 1 || got[0].Kind != ui.KindAppeared || got[0].Strategy != 62 {
		t.Fatalf("got %+v, want 62 appeared", got)
	}
}

// newestPage is the unfiltered first page, newest first.
func newestPage(s span, list ...api.Strategy) observation {
	o := page(srcList, s, list...)
	o.newest = true
	return o
}

func TestDifferGoneAndForgotten(t *testing.T) {
	r := newDiffRun()
	r.apply(page(srcWatch, r.next(), strat(5, api.StatusActive), strat(6, api.StatusActive)))
	got := r.apply(observation{source: srcWatch, span: r.next(), complete: true, strategies: strategiesOf([]api.Strategy{strat(6, api.StatusActive)}), gone: []int64{5}})
	if len(got) != 1 || got[0].Kind != ui.KindVanished || got[0].Strategy != 5 || got[0].New != "gone" {
		t.Fatalf("got %+v, want 5 vanished (gone)", got)
	}
	// Unwatched (the watch read no longer holds it): forgotten.
	r.apply(page(srcWatch, r.next()))
	if n := r.d.size(); n != 0 {
		t.Fatalf("the differ holds %d strategies no source shows", n)
	}
}

func TestDifferCountsAndUsers(t *testing.T) {
	r := newDiffRun()
	c1 := &countsData{counts: []ui.StatusCount{{Status: api.StatusActive, Count: 10}, {Status: api.StatusPaused, Count: 3}}, total: 13}
	c2 := &countsData{counts: []ui.StatusCount{{Status: api.StatusActive, Count: 9}, {Status: api.StatusPaused, Count: 4}}, total: 13}
	r.apply(c1.observe(r.next()))
	got := r.apply(c2.observe(r.next()))
	if len(got) != 2 || got[0].Note != "active" || got[0].Old != "10" || got[0].New != "9" || got[1].Note != "paused" {
		t.Fatalf("got %+v, want active 10 -> 9 and paused 3 -> 4", got)
	}
	users := usersFromSlice([]api.User{{ID: 1, ExternalUserID: "a"}, {ID: 2, ExternalUserID: "b"}})
	r.apply(users.observe(r.next()))
	more := usersFromSlice([]api.User{{ID: 3, ExternalUserID: "c"}, {ID: 1, ExternalUserID: "a"}, {ID: 2, ExternalUserID: "b"}})
	got = r.apply(more.observe(r.next()))
	if len(got) != 1 || got[0].Kind != ui.KindUser || got[0].User != "c" {
		t.Fatalf("got %+v, want user c added", got)
	}
}

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

// BenchmarkDiffPage is one poll of a 100-row page, unchanged, against the
// previous one, with 500 watched strategies held.
func BenchmarkDiffPage(b *testing.B) {
	for _, changed := range []int{0, 5} {
		b.Run(fmt.Sprintf("changed=%d", changed), func(b *testing.B) {
			r := newDiffRun()
			r.apply(page(srcWatch, r.next(), stratsFrom(10_000, 500, api.StatusActive)...))
			a := stratsFrom(1, 100, api.StatusActive)
			c := append([]api.Strategy(nil), a...)
			for i := 0; i < changed; i++ {
				c[i*10].Status = api.StatusPaused
			}
			pages := [2][]api.Strategy{a, c}
			r.apply(page(srcList, r.next(), a...))
			emitted := 0
			emit := func(ui.ActivityEntry) { emitted++ }
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				p := pages[0]
				if changed > 0 {
					p = pages[(i+1)%2]
				}
				r.d.apply(page(srcList, r.next(), p...), t0, emit)
			}
			if changed > 0 && emitted == 0 {
				b.Fatal("no change reported")
			}
		})
	}
}

func TestDifferDoesNotAllocatePerUnchangedRow(t *testing.T) {
	allocs := func(rows int) float64 {
		r := newDiffRun()
		r.apply(page(srcWatch, r.next(), stratsFrom(10_000, 500, api.StatusActive)...))
		p := stratsFrom(1, rows, api.StatusActive)
		r.apply(page(srcList, r.next(), p...))
		return testing.AllocsPerRun(50, func() {
			r.d.apply(page(srcList, r.next(), p...), t0, func(ui.ActivityEntry) { t.Fatal("an unchanged page reported a change") })
		})
	}
	small, large := allocs(10), allocs(100)
	if large > small {
		t.Fatalf("a 100-row poll allocates %.0f times, a 10-row one %.0f: allocation per row", large, small)
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

func TestDifferReportsALeaverConfirmedByIDOnce(t *testing.T) {
	r := newDiffRun()
	p := stratsFrom(1, 5, api.StatusActive)
	r.apply(page(srcList, r.next(), p...))
	// Strategy 3 left the same page: read by id, it is archived; 4 left
	// too, pushed along, unchanged; 5 is gone (404).
	o := page(srcList, r.next(), p[0], p[1])
	o.confirmed = []api.Strategy{strat(3, api.StatusArchived), strat(4, api.StatusActive)}
	o.gone = []int64{5}
	got := r.apply(o)
	if len(got) != 2 {
		t.Fatalf("got %+v, want strategy 3 archived and 5 gone", got)
	}
	byID := map[int64]ui.ActivityEntry{got[0].Strategy: got[0], got[1].Strategy: got[1]}
	if e := byID[3]; e.Kind != ui.KindVanished || e.Old != "active" || e.New != "archived" || e.User != "u3" {
		t.Errorf("strategy 3: %+v, want vanished active -> archived", e)
	}
	if e := byID[5]; e.Kind != ui.KindVanished || e.New != "gone" {
		t.Errorf("strategy 5: %+v, want vanished (gone)", e)
	}
	// They were forgotten: told once, whatever reads follow.
	if n := r.d.size(); n != 2 {
		t.Errorf("the differ holds %d strategies, want the 2 shown", n)
	}
	o = page(srcList, r.next(), p[0], p[1])
	o.confirmed = []api.Strategy{strat(3, api.StatusArchived)}
	o.gone = []int64{5}
	if got := r.apply(o); len(got) != 0 {
		t.Fatalf("reported again: %+v", got)
	}
	// A confirmation read before the row was last set is not compared.
	r.apply(page(srcList, r.next(), p[0], p[1]))
	stale := page(srcList, span{1, 2}, p[0])
	stale.confirmed = []api.Strategy{strat(2, api.StatusPaused)}
	if got := r.apply(stale); len(got) != 0 {
		t.Fatalf("an older confirmation reported %+v", got)
	}
}

func TestDifferTellsEachStrategyAJobChangedOnce(t *testing.T) {
	r := newDiffRun()
	// Strategy 1 is on the page too; 2 and 3 only in the job's reads.
	r.apply(page(srcList, r.next(), strat(1, api.StatusActive)))
	before := observation{source: srcJob, span: r.next(), strategies: strategiesOf([]api.Strategy{
		strat(1, api.StatusActive), strat(2, api.StatusPaused), strat(3, api.StatusActive)})}
	if got := r.apply(before); len(got) != 0 {
		t.Fatalf("the read before the job reported %+v", got)
	}
	after := observation{source: srcJob, span: r.next(), complete: true, strategies: strategiesOf(nil),
		confirmed: []api.Strategy{strat(1, api.StatusArchived), strat(2, api.StatusArchived)}, gone: []int64{3}}
	got := r.apply(after)
	if len(got) != 3 {
		t.Fatalf("got %+v, want one line per strategy", got)
	}
	for _, e := range got {
		if e.Kind != ui.KindVanished {
			t.Errorf("strategy %d: %+v, want vanished", e.Strategy, e)
		}
	}
	// Only the one the page shows is still held: the page's next read of
	// it archived is not told again.
	if n := r.d.size(); n != 1 {
		t.Errorf("the differ holds %d strategies, want 1", n)
	}
	if got := r.apply(page(srcList, r.next(), strat(1, api.StatusArchived))); len(got) != 0 {
		t.Errorf("told again: %+v", got)
	}
}
