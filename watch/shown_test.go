package watch

import (
	"fmt"
	"strconv"
	"testing"
	"time"

	"github.com/stratop/stratop/api"
)

// diffRun applies Observations to one differ and keeps what it reported.
type diffRun struct {
	d    *Shown
	seq  uint64
	seen []Event
}

func newDiffRun() *diffRun { return &diffRun{d: NewShown()} }

// next is the Span of a read that starts after every earlier one ended.
func (r *diffRun) next() Span {
	r.seq += 2
	return Span{r.seq - 1, r.seq}
}

func (r *diffRun) apply(o Observation) []Event {
	var got []Event
	r.d.Apply(o, t0, func(e Event) { got = append(got, e) })
	r.seen = append(r.seen, got...)
	return got
}

func page(src Source, s Span, list ...api.Strategy) Observation {
	return Observation{Source: src, Span: s, Complete: true, Strategies: Each(list)}
}

var t0 = time.Date(2025, 3, 4, 12, 30, 45, 0, time.UTC)

func strat(id int64, st api.Status) api.Strategy {
	return api.Strategy{ID: id, Status: st, Category: "buy", Type: "dca", ChainID: api.ChainBase,
		Pool: api.PoolSummary{Symbol: "TOK", Decimals: 6}, UserID: "u" + strconv.FormatInt(id, 10), BalanceUsed: "1500000"}
}

func stratsFrom(first int64, n int, st api.Status) []api.Strategy {
	out := make([]api.Strategy, n)
	for i := range out {
		out[i] = strat(first+int64(i), st)
	}
	return out
}

func TestShownReportsAStatusChangeOnce(t *testing.T) {
	r := newDiffRun()
	if got := r.apply(page(SourceList, r.next(), strat(1, api.StatusActive), strat(2, api.StatusActive))); len(got) != 0 {
		t.Fatalf("the first sight reported %v", got)
	}
	got := r.apply(page(SourceList, r.next(), strat(1, api.StatusPaused), strat(2, api.StatusActive)))
	if len(got) != 1 || got[0].Kind != KindStatus || got[0].Strategy != 1 || got[0].Before != "active" || got[0].After != "paused" ||
		got[0].User != "u1" || got[0].Pool != "TOK" {
		t.Fatalf("got %+v, want strategy 1 active -> paused", got)
	}
	// Seen again, by this source or another: nothing new.
	if got := r.apply(page(SourceList, r.next(), strat(1, api.StatusPaused), strat(2, api.StatusActive))); len(got) != 0 {
		t.Fatalf("an unchanged poll reported %v", got)
	}
	if got := r.apply(page(SourceDetail, r.next(), strat(1, api.StatusPaused))); len(got) != 0 {
		t.Fatalf("another source seeing the same state reported %v", got)
	}
	got = r.apply(page(SourceDetail, r.next(), strat(1, api.StatusCompleted)))
	if len(got) != 1 || got[0].Kind != KindStatus || got[0].After != "completed" {
		t.Fatalf("got %+v, want a status change into completed", got)
	}
	got = r.apply(page(SourceDetail, r.next(), strat(1, api.StatusArchived)))
	if len(got) != 1 || got[0].Kind != KindVanished || got[0].After != "archived" {
		t.Fatalf("got %+v, want vanished (archived)", got)
	}
}

func TestShownPagingReorderAndFiltersAreNotChanges(t *testing.T) {
	r := newDiffRun()
	p1 := stratsFrom(1, 20, api.StatusActive)
	p2 := stratsFrom(21, 20, api.StatusPaused)
	r.apply(page(SourceList, r.next(), p1...))
	r.apply(page(SourceList, r.next(), p2...)) // next page
	if n := r.d.Len(); n != 20 {
		t.Errorf("after paging the differ holds %d strategies, want the 20 shown", n)
	}
	rev := append([]api.Strategy(nil), p1...)
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	r.apply(page(SourceList, r.next(), rev...))       // back, sorted the other way
	r.apply(page(SourceList, r.next(), p1[:3]...))    // a filter keeps three
	r.apply(page(SourceList, r.next()))               // a filter matching nothing
	r.apply(page(SourceList, r.next(), p1...))        // filter cleared
	r.apply(page(SourceList, r.next(), p2[5], p1[0])) // a mixed page
	r.apply(page(SourceList, r.next(), p2...))        // and page two again
	if len(r.seen) != 0 {
		t.Fatalf("moving through pages, sorts and filters reported %+v", r.seen)
	}
}

func TestShownNeverReportsAFlipFlopFromAnOlderRead(t *testing.T) {
	r := newDiffRun()
	r.apply(page(SourceList, Span{1, 2}, strat(7, api.StatusActive)))
	// The watch read (3..6) sees it paused; a list read that began before
	// that one ended (4..8) still says active, and lands later.
	if got := r.apply(page(SourceWatch, Span{3, 6}, strat(7, api.StatusPaused))); len(got) != 1 {
		t.Fatalf("the change was not reported: %+v", got)
	}
	if got := r.apply(page(SourceList, Span{4, 8}, strat(7, api.StatusActive))); len(got) != 0 {
		t.Fatalf("an overlapping older read reported a flip-flop: %+v", got)
	}
	// A read that began even earlier arrives last.
	if got := r.apply(page(SourceList, Span{2, 9}, strat(7, api.StatusActive))); len(got) != 0 {
		t.Fatalf("an earlier read reported a flip-flop: %+v", got)
	}
	if got := r.apply(page(SourceList, r.nextAfter(9), strat(7, api.StatusPaused))); len(got) != 0 {
		t.Fatalf("a later read of the same state reported %+v", got)
	}
}

// nextAfter is a Span starting after n.
func (r *diffRun) nextAfter(n uint64) Span {
	r.seq = max(r.seq, n) + 2
	return Span{r.seq - 1, r.seq}
}

func TestShownAppearedNeedsTheNewestBaseline(t *testing.T) {
	r := newDiffRun()
	// A page of older strategies seen first sets no mark.
	r.apply(page(SourceList, r.next(), stratsFrom(1, 10, api.StatusActive)...))
	// A user's list with newer ones sets none either.
	r.apply(page(SourceWatchedUsers, r.next(), stratsFrom(30, 5, api.StatusActive)...))
	r.apply(newestPage(r.next(), stratsFrom(41, 20, api.StatusActive)...))
	if len(r.seen) != 0 {
		t.Fatalf("the baseline reported %+v", r.seen)
	}
	got := r.apply(newestPage(r.next(), stratsFrom(42, 20, api.StatusActive)...))
	if len(got) != 1 || got[0].Kind != KindAppeared || got[0].Strategy != 61 {
		t.Fatalf("got %+v, want 61 appeared", got)
	}
	// Seen again later, by any read, it says nothing more; a newer one seen
	// first by a watched user's list has appeared too.
	if got := r.apply(page(SourceList, r.next(), stratsFrom(52, 10, api.StatusActive)...)); len(got) != 0 {
		t.Fatalf("seen again it reported %+v", got)
	}
	got = r.apply(page(SourceWatchedUsers, r.next(), strat(62, api.StatusActive)))
	if len(got) != 1 || got[0].Kind != KindAppeared || got[0].Strategy != 62 {
		t.Fatalf("got %+v, want 62 appeared", got)
	}
}

// newestPage is the unfiltered first page, newest first.
func newestPage(s Span, list ...api.Strategy) Observation {
	o := page(SourceList, s, list...)
	o.Newest = true
	return o
}

// userList is a users read held as a slice.
type userList []api.User

func (l userList) Len() int              { return len(l) }
func (l userList) ID(i int) int64        { return l[i].ID }
func (l userList) External(i int) string { return l[i].ExternalUserID }

func TestShownGoneAndForgotten(t *testing.T) {
	r := newDiffRun()
	r.apply(page(SourceWatch, r.next(), strat(5, api.StatusActive), strat(6, api.StatusActive)))
	got := r.apply(Observation{Source: SourceWatch, Span: r.next(), Complete: true, Strategies: Each([]api.Strategy{strat(6, api.StatusActive)}), Gone: []int64{5}})
	if len(got) != 1 || got[0].Kind != KindVanished || got[0].Strategy != 5 || got[0].After != "" || got[0].Before != "active" {
		t.Fatalf("got %+v, want 5 vanished (gone)", got)
	}
	// Unwatched (the watch read no longer holds it): forgotten.
	r.apply(page(SourceWatch, r.next()))
	if n := r.d.Len(); n != 0 {
		t.Fatalf("the differ holds %d strategies no source shows", n)
	}
}

func TestShownCountsAndUsers(t *testing.T) {
	r := newDiffRun()
	c1 := &Counts{Statuses: []StatusCount{{Status: api.StatusActive, Count: 10}, {Status: api.StatusPaused, Count: 3}}, Listed: 13}
	c2 := &Counts{Statuses: []StatusCount{{Status: api.StatusActive, Count: 9}, {Status: api.StatusPaused, Count: 4}}, Listed: 13}
	r.apply(Observation{Span: r.next(), Counts: c1})
	got := r.apply(Observation{Span: r.next(), Counts: c2})
	if len(got) != 2 || got[0].Status != "active" || got[0].Before != "10" || got[0].After != "9" || got[1].Status != "paused" {
		t.Fatalf("got %+v, want active 10 -> 9 and paused 3 -> 4", got)
	}
	r.apply(Observation{Span: r.next(), Users: userList{{ID: 1, ExternalUserID: "a"}, {ID: 2, ExternalUserID: "b"}}})
	got = r.apply(Observation{Span: r.next(), Users: userList{{ID: 3, ExternalUserID: "c"}, {ID: 1, ExternalUserID: "a"}, {ID: 2, ExternalUserID: "b"}}})
	if len(got) != 1 || got[0].Kind != KindUsersAdd || got[0].User != "c" {
		t.Fatalf("got %+v, want user c added", got)
	}
}

// BenchmarkDiffPage is one poll of a 100-row page, unchanged, against the
// previous one, with 500 watched strategies held.
func BenchmarkDiffPage(b *testing.B) {
	for _, changed := range []int{0, 5} {
		b.Run(fmt.Sprintf("changed=%d", changed), func(b *testing.B) {
			r := newDiffRun()
			r.apply(page(SourceWatch, r.next(), stratsFrom(10_000, 500, api.StatusActive)...))
			a := stratsFrom(1, 100, api.StatusActive)
			c := append([]api.Strategy(nil), a...)
			for i := 0; i < changed; i++ {
				c[i*10].Status = api.StatusPaused
			}
			pages := [2][]api.Strategy{a, c}
			r.apply(page(SourceList, r.next(), a...))
			emitted := 0
			emit := func(Event) { emitted++ }
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				p := pages[0]
				if changed > 0 {
					p = pages[(i+1)%2]
				}
				r.d.Apply(page(SourceList, r.next(), p...), t0, emit)
			}
			if changed > 0 && emitted == 0 {
				b.Fatal("no change reported")
			}
		})
	}
}

func TestShownDoesNotAllocatePerUnchangedRow(t *testing.T) {
	allocs := func(rows int) float64 {
		r := newDiffRun()
		r.apply(page(SourceWatch, r.next(), stratsFrom(10_000, 500, api.StatusActive)...))
		p := stratsFrom(1, rows, api.StatusActive)
		r.apply(page(SourceList, r.next(), p...))
		return testing.AllocsPerRun(50, func() {
			r.d.Apply(page(SourceList, r.next(), p...), t0, func(Event) { t.Fatal("an unchanged page reported a change") })
		})
	}
	small, large := allocs(10), allocs(100)
	if large > small {
		t.Fatalf("a 100-row poll allocates %.0f times, a 10-row one %.0f: allocation per row", large, small)
	}
}

func TestShownReportsALeaverConfirmedByIDOnce(t *testing.T) {
	r := newDiffRun()
	p := stratsFrom(1, 5, api.StatusActive)
	r.apply(page(SourceList, r.next(), p...))
	// Strategy 3 left the same page: read by id, it is archived; 4 left
	// too, pushed along, unchanged; 5 is gone (404).
	o := page(SourceList, r.next(), p[0], p[1])
	o.Confirmed = []api.Strategy{strat(3, api.StatusArchived), strat(4, api.StatusActive)}
	o.Gone = []int64{5}
	got := r.apply(o)
	if len(got) != 2 {
		t.Fatalf("got %+v, want strategy 3 archived and 5 gone", got)
	}
	byID := map[int64]Event{got[0].Strategy: got[0], got[1].Strategy: got[1]}
	if e := byID[3]; e.Kind != KindVanished || e.Before != "active" || e.After != "archived" || e.User != "u3" {
		t.Errorf("strategy 3: %+v, want vanished active -> archived", e)
	}
	if e := byID[5]; e.Kind != KindVanished || e.After != "" {
		t.Errorf("strategy 5: %+v, want vanished (gone)", e)
	}
	// They were forgotten: told once, whatever reads follow.
	if n := r.d.Len(); n != 2 {
		t.Errorf("the differ holds %d strategies, want the 2 shown", n)
	}
	o = page(SourceList, r.next(), p[0], p[1])
	o.Confirmed = []api.Strategy{strat(3, api.StatusArchived)}
	o.Gone = []int64{5}
	if got := r.apply(o); len(got) != 0 {
		t.Fatalf("reported again: %+v", got)
	}
	// A confirmation read before the row was last set is not compared.
	r.apply(page(SourceList, r.next(), p[0], p[1]))
	stale := page(SourceList, Span{1, 2}, p[0])
	stale.Confirmed = []api.Strategy{strat(2, api.StatusPaused)}
	if got := r.apply(stale); len(got) != 0 {
		t.Fatalf("an older confirmation reported %+v", got)
	}
}

func TestShownTellsEachStrategyAJobChangedOnce(t *testing.T) {
	r := newDiffRun()
	// Strategy 1 is on the page too; 2 and 3 only in the job's reads.
	r.apply(page(SourceList, r.next(), strat(1, api.StatusActive)))
	before := Observation{Source: SourceJob, Span: r.next(), Strategies: Each([]api.Strategy{
		strat(1, api.StatusActive), strat(2, api.StatusPaused), strat(3, api.StatusActive)})}
	if got := r.apply(before); len(got) != 0 {
		t.Fatalf("the read before the job reported %+v", got)
	}
	after := Observation{Source: SourceJob, Span: r.next(), Complete: true, Strategies: Each(nil),
		Confirmed: []api.Strategy{strat(1, api.StatusArchived), strat(2, api.StatusArchived)}, Gone: []int64{3}}
	got := r.apply(after)
	if len(got) != 3 {
		t.Fatalf("got %+v, want one line per strategy", got)
	}
	for _, e := range got {
		if e.Kind != KindVanished {
			t.Errorf("strategy %d: %+v, want vanished", e.Strategy, e)
		}
	}
	// Only the one the page shows is still held: the page's next read of
	// it archived is not told again.
	if n := r.d.Len(); n != 1 {
		t.Errorf("the differ holds %d strategies, want 1", n)
	}
	if got := r.apply(page(SourceList, r.next(), strat(1, api.StatusArchived))); len(got) != 0 {
		t.Errorf("told again: %+v", got)
	}
}
