package watch

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stratop/stratop/api"
)

// fed is an engine that is not running, with a state to feed: the engine's
// own reads go through its differ, others' through Observe.
type fed struct {
	e   *Engine
	rec *recorder
}

func newFed(scope Scope) *fed {
	rec := &recorder{}
	e := New(nil, Options{Scope: scope, Emit: rec.emit})
	e.st = newState()
	e.held = e.st
	e.st.hasMaxID = true
	return &fed{e: e, rec: rec}
}

// own is a read of the engine's own: it sees st now.
func (f *fed) own(sts ...api.Strategy) {
	d := &differ{e: f.e, s: f.e.st, now: time.Now()}
	for i := range sts {
		d.seen(&sts[i])
	}
	f.e.commit(context.Background(), d.events)
}

// observe feeds one observation and applies it as Run would.
func (f *fed) observe(s Span, sts ...api.Strategy) []Event {
	before := len(f.rec.all())
	f.e.Observe(Observation{Span: s, Strategies: Each(sts)})
	f.e.applyObserved(context.Background())
	return f.rec.all()[before:]
}

// read is the span of a read made now, with nothing in between.
func read() Span { return Span{First: Mark(), Last: Mark()} }

func TestObserveOlderThanTheEnginesOwnReadReportsNothing(t *testing.T) {
	f := newFed(Integration())
	f.own(strat(7, api.StatusActive))
	// The dashboard's read begins; the engine's own read sees the halt and
	// is processed; then the dashboard's older answer (still active) lands.
	first := Mark()
	f.own(strat(7, api.StatusPaused))
	if got := f.rec.find(KindStatus, 7); len(got) != 1 || got[0].After != "paused" {
		t.Fatalf("the engine's own read: %+v, want active -> paused", got)
	}
	if got := f.observe(Span{First: first, Last: Mark()}, strat(7, api.StatusActive)); len(got) != 0 {
		t.Fatalf("an older observation reported %+v", got)
	}
	// A read that began after the engine's: the same state is no change, a
	// resume is one.
	if got := f.observe(read(), strat(7, api.StatusPaused)); len(got) != 0 {
		t.Fatalf("a later read of the same state reported %+v", got)
	}
	got := f.observe(read(), strat(7, api.StatusActive))
	if len(got) != 1 || got[0].Kind != KindStatus || got[0].Before != "paused" || got[0].After != "active" || got[0].ID == "" {
		t.Fatalf("got %+v, want paused -> active with an id", got)
	}
	// And the engine's next own read of the same state is no change either.
	f.own(strat(7, api.StatusActive))
	if n := len(f.rec.find(KindStatus, 7)); n != 2 {
		t.Fatalf("%d status events, want 2", n)
	}
}

// Two reads of one strategy, an older one that still says active and a
// newer one that says paused, land in either order: a flip-flop (paused and
// back to active) is never reported, and the change is reported at most once.
func TestObserveTwoReadsInEitherOrderNeverFlipFlop(t *testing.T) {
	for _, overlap := range []bool{false, true} {
		for _, newerFirst := range []bool{false, true} {
			f := newFed(Integration())
			f.own(strat(3, api.StatusActive))
			var older, newer Span
			if overlap {
				older.First = Mark()
				newer.First = Mark()
				newer.Last = Mark()
				older.Last = Mark()
			} else {
				older = read()
				newer = read()
			}
			var got []Event
			if newerFirst {
				got = append(got, f.observe(newer, strat(3, api.StatusPaused))...)
				got = append(got, f.observe(older, strat(3, api.StatusActive))...)
			} else {
				got = append(got, f.observe(older, strat(3, api.StatusActive))...)
				got = append(got, f.observe(newer, strat(3, api.StatusPaused))...)
			}
			for _, ev := range got {
				if ev.After != "paused" {
					t.Errorf("overlap=%v newer first=%v: a flip-flop: %+v", overlap, newerFirst, ev)
				}
			}
			if len(got) > 1 {
				t.Errorf("overlap=%v newer first=%v: the change was told %d times", overlap, newerFirst, len(got))
			}
			// Reads one after the other, in order: the change is told.
			if !overlap && !newerFirst && len(got) != 1 {
				t.Errorf("reads in order: %+v, want active -> paused", got)
			}
			// Whatever was told, the engine holds the newest state.
			if h, _ := f.e.Held(3); !overlap && h.Status != "paused" {
				t.Errorf("overlap=%v newer first=%v: holds %q, want paused", overlap, newerFirst, h.Status)
			}
		}
	}
}

func TestObserveGoneAndNarrowScopes(t *testing.T) {
	f := newFed(Integration())
	f.own(strat(4, api.StatusActive))
	f.e.Observe(Observation{Span: read(), Gone: []int64{4}})
	f.e.applyObserved(context.Background())
	if got := f.rec.find(KindVanished, 4); len(got) != 1 || got[0].Before != "active" || got[0].After != "" {
		t.Fatalf("got %+v, want 4 vanished (gone)", got)
	}
	// A watch of one strategy does not take in others a dashboard shows.
	g := newFed(Strategies(1))
	g.own(strat(1, api.StatusActive))
	g.observe(read(), strat(1, api.StatusActive), strat(2, api.StatusActive))
	if _, ok := g.e.Held(2); ok {
		t.Fatal("a strategy outside the scope was taken in")
	}
	// The whole integration takes in one it did not hold: newer than every
	// one seen, it has appeared.
	f.e.st.maxID = 4
	if got := f.observe(read(), strat(9, api.StatusActive)); len(got) != 1 || got[0].Kind != KindAppeared || got[0].Strategy != 9 {
		t.Fatalf("got %+v, want 9 appeared", got)
	}
}

func TestObserveQueueIsBounded(t *testing.T) {
	f := newFed(Integration())
	for i := range maxInbox + 10 {
		f.e.Observe(Observation{Span: read(), Strategies: Each([]api.Strategy{strat(int64(i+1), api.StatusActive)})})
	}
	if n := len(f.e.in.take()); n != maxInbox {
		t.Fatalf("%d observations queued, want %d", n, maxInbox)
	}
	if f.e.in.dropped != 10 {
		t.Fatalf("%d dropped, want 10", f.e.in.dropped)
	}
}

// A running engine applies an observation between cycles, without waiting
// for its next one, and follows a change of its interval.
func TestRunAppliesObservationsAndFollowsTheInterval(t *testing.T) {
	w := newWorld(t, 8, 300)
	var rec recorder
	var cycles atomic.Int64
	e, _ := running(t, w, Options{Scope: Integration(), Interval: 20 * time.Millisecond, Budget: 60000, ByteBudget: 1 << 30,
		Emit: rec.emit, OnSample: func(Sample) { cycles.Add(1) }})
	waitFor(t, "the first full read", func() bool { return e.Stats().Baselined })

	// Slowed down, as a dashboard without focus does: no more cycles but
	// the one that may be under way (however long a loaded machine makes it).
	e.SetInterval(time.Hour)
	n := cycles.Load() + 1
	time.Sleep(300 * time.Millisecond) // 15 intervals of before
	if got := cycles.Load(); got > n {
		t.Fatalf("%d cycles ran with an interval of an hour", got-n)
	}

	// A change behind its back, seen by someone else's read: reported
	// before the next cycle is due.
	ctx := context.Background()
	active := firstWith(t, w, api.StatusActive)
	if _, err := w.c.HaltStrategy(ctx, active.ID); err != nil {
		t.Fatal(err)
	}
	first := Mark()
	st, err := w.c.GetStrategy(ctx, active.ID)
	if err != nil {
		t.Fatal(err)
	}
	e.Observe(Observation{Source: SourceDetail, Span: Span{First: first, Last: Mark()}, Strategies: Each([]api.Strategy{*st})})
	waitFor(t, "the observed halt", func() bool { return len(rec.find(KindStatus, active.ID)) > 0 })
	if got := cycles.Load(); got > n {
		t.Fatalf("the observation waited for a cycle (%d ran)", got-n)
	}

	// Back to the short interval: cycles resume at once, and the engine's
	// own reads do not tell the halt again.
	e.SetInterval(20 * time.Millisecond)
	waitFor(t, "cycles again", func() bool { return cycles.Load() >= n+3 })
	if got := rec.find(KindStatus, active.ID); len(got) != 1 || got[0].Before != "active" || got[0].After != "paused" {
		t.Fatalf("halt events = %+v", got)
	}
}
