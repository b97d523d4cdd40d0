package watch

// Reads made by others (the dashboard's pages, detail pane and watched
// items) fed to the engine. Observe only queues: the state has one owner,
// Run's goroutine, which applies what was queued between cycles.

import (
	"context"
	"slices"
	"sync"

	"github.com/stratop/stratop/api"
)

// maxInbox bounds the observations waiting for Run. A dashboard polls a
// handful of feeds every few seconds, so this is minutes of them; when Run
// is held up longer the oldest are dropped, which only loses a chance to
// notice a change sooner: the engine's own reads still find it.
const maxInbox = 256

// inbox is the queue of observations from other goroutines.
type inbox struct {
	mu      sync.Mutex
	queued  []queued
	dropped int
	wake    chan struct{} // one token: something is queued
}

// queued is an observation as the engine keeps it: the strategies copied
// out of the caller's data, so it may change that data once Observe returns.
type queued struct {
	span       Span
	strategies []api.Strategy
	gone       []int64
}

func newInbox() *inbox { return &inbox{wake: make(chan struct{}, 1)} }

// Observe hands the engine what a read made elsewhere saw. Safe from any
// goroutine and never blocks: Run applies it between cycles. Only the
// strategies matter here (their statuses, and the ids found gone); counts,
// users and stats the engine reads itself each cycle.
//
// The observation is compared with a held row only when its read began
// after the read that last set the row (Span.First > the row's mark), so
// an older reply never reports a flip-flop. A strategy not held is taken
// in only by a watch of the whole integration: a narrower scope does not
// grow from what a dashboard happens to show.
func (e *Engine) Observe(o Observation) {
	q := queued{span: o.Span, gone: slices.Clone(o.Gone), strategies: slices.Clone(o.Confirmed)}
	if o.Strategies != nil {
		for s := range o.Strategies {
			q.strategies = append(q.strategies, *s)
		}
	}
	if len(q.strategies) == 0 && len(q.gone) == 0 {
		return
	}
	in := e.in
	in.mu.Lock()
	if len(in.queued) >= maxInbox {
		in.queued = in.queued[1:]
		in.dropped++
	}
	in.queued = append(in.queued, q)
	in.mu.Unlock()
	select {
	case in.wake <- struct{}{}:
	default:
	}
}

// take empties the queue.
func (in *inbox) take() []queued {
	in.mu.Lock()
	defer in.mu.Unlock()
	q := in.queued
	in.queued = nil
	return q
}

// applyObserved compares what was queued with the state and hands out the
// events, as a cycle does. Run calls it between cycles.
func (e *Engine) applyObserved(ctx context.Context) {
	qs := e.in.take()
	if len(qs) == 0 || e.st == nil {
		return
	}
	d := &differ{e: e, s: e.st, now: e.opts.Now()}
	for i := range qs {
		e.observe(d, &qs[i])
	}
	e.commit(ctx, d.events)
}

// observe compares one queued observation with the rows it is newer than.
func (e *Engine) observe(d *differ, q *queued) {
	s := e.st
	for _, id := range q.gone {
		if r, ok := s.rows[id]; ok && q.span.After(r.last) {
			d.gone(id, "")
		}
	}
	whole := e.opts.Scope.Kind == ScopeIntegration
	for i := range q.strategies {
		st := &q.strategies[i]
		r, ok := s.rows[st.ID]
		if (ok && !q.span.After(r.last)) || (!ok && !whole) {
			continue
		}
		d.seen(st)
		if r, ok := s.rows[st.ID]; ok {
			// The row was set by this read, not by the engine's now.
			r.last = q.span.Last
			s.put(st.ID, r)
		}
	}
}
