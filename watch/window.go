package watch

import (
	"context"
	"time"
)

// window is a hard limit over any stretch of span: the units held at any
// moment never exceed max. A request holds its units from when it is sent
// until span after its answer ended. Any span-long stretch of sends, as the
// interface or a proxy in front of it sees them, then holds at most max:
// when the last of them was sent, every other one of the stretch was sent
// before and had ended less than span before (it was sent less than span
// before the last one, and its answer came after it was sent), so all of
// them were held together, and the last was sent only with room for it.
//
// A request's size is known only once it is answered: it holds an
// estimate while under way and what it really moved after, so the bytes
// may pass max by what the requests under way moved beyond their
// estimates. Only Run's goroutine uses a window.
type window struct {
	max    float64
	span   time.Duration
	ended  []held  // ended requests still held, oldest first
	sum    float64 // units of ended
	flying float64 // estimates of the requests under way
	now    func() time.Time
}

// held is an ended request's units and when they are free again.
type held struct {
	until time.Time
	n     float64
}

func newWindow(max float64, span time.Duration, now func() time.Time) *window {
	return &window{max: max, span: span, now: now}
}

// expire frees what ended more than span ago.
func (w *window) expire(now time.Time) {
	i := 0
	for i < len(w.ended) && !now.Before(w.ended[i].until) {
		w.sum -= w.ended[i].n
		i++
	}
	if i > 0 {
		w.ended = append(w.ended[:0], w.ended[i:]...)
	}
	if len(w.ended) == 0 {
		w.sum = 0 // no drift from float sums
	}
}

// room is what may be sent now.
func (w *window) room() float64 {
	w.expire(w.now())
	return w.max - w.sum - w.flying
}

// has reports whether a request of n units may be sent now.
func (w *window) has(n float64) bool { return w.room() >= n }

// begin holds n units for a request being sent.
func (w *window) begin(n float64) { w.flying += n }

// end replaces a request's estimate with what it moved, held from now.
func (w *window) end(est, n float64) {
	w.flying = max(w.flying-est, 0)
	w.ended = append(w.ended, held{until: w.now().Add(w.span), n: n})
	w.sum += n
}

// free is how long until n units may be sent, 0 when they may be now; a
// request larger than max waits for the whole window to empty.
func (w *window) free(n float64) time.Duration {
	now := w.now()
	w.expire(now)
	need := min(n, w.max) - (w.max - w.sum - w.flying)
	if need <= 0 {
		return 0
	}
	for _, h := range w.ended {
		need -= h.n
		if need <= 0 {
			return h.until.Sub(now)
		}
	}
	return w.span // only requests under way hold it: they end, then span
}

// wait blocks until n units may be sent or ctx ends.
func (w *window) wait(ctx context.Context, n float64, sleep func(context.Context, time.Duration) error) error {
	for {
		d := w.free(n)
		if d <= 0 {
			return nil
		}
		if err := sleep(ctx, d); err != nil {
			return err
		}
	}
}

// sleepCtx sleeps d or until ctx ends.
func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
