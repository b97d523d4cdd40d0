package model

// Pacing while nobody looks. With focus reporting on, a terminal that loses
// focus (another window, another tmux pane) sends a BlurMsg. From then on
// every feed polls at most once per blurredPeriod: the root parks each
// pollMsg that comes too soon and lets it through when the feed's minute is
// up, or at once when focus (or a key) returns. All periodic polling is a
// pollMsg passing Model.Update, so the header stats, the visible tab and
// any background feed are paced in this one place, and a feed's own state
// (generations, in flight, backoff) is untouched: a parked poll is the same
// poll, delivered later. Time is the env's clock and its timer, so a fake
// clock can drive it.

import (
	"maps"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// blurredPeriod is the least time between two polls of one feed while the
// terminal has no focus.
const blurredPeriod = time.Minute

// paceWakeMsg releases the parked polls that are due; gen must match the
// pacer's latest wake-up.
type paceWakeMsg struct{ gen uint64 }

// pacer is the root's record of focus and of the polls it holds back. Its
// maps are replaced, never written in place, so an older Model keeps its own.
type pacer struct {
	blurred   bool
	blurredAt time.Time
	last      map[feedID]time.Time // when a poll of the feed last went through
	parked    map[feedID]pollMsg   // the latest poll held back per feed
	wakeGen   uint64
	wakeAt    time.Time // the pending wake-up; zero: none
}

// due is when a feed may poll again while blurred.
func (p pacer) due(id feedID) time.Time {
	from := p.blurredAt
	if t := p.last[id]; t.After(from) {
		from = t
	}
	return from.Add(blurredPeriod)
}

// admit decides on a poll: through now (ok), or parked with the wake-up
// that will release it.
func (p pacer) admit(msg pollMsg, e *env) (_ pacer, ok bool, wake tea.Cmd) {
	now := e.now()
	if p.blurred && now.Before(p.due(msg.feed)) {
		p.parked = with(p.parked, msg.feed, msg)
		p, wake = p.schedule(e)
		return p, false, wake
	}
	p.last = with(p.last, msg.feed, now)
	return p, true, nil
}

// blur starts pacing.
func (p pacer) blur(now time.Time) pacer {
	if !p.blurred {
		p.blurred, p.blurredAt = true, now
	}
	return p
}

// focus stops pacing and hands back every parked poll, to run at once.
func (p pacer) focus(now time.Time) (pacer, []pollMsg) {
	p.blurred = false
	p.wakeAt = time.Time{}
	p.wakeGen++ // a pending wake-up finds nothing to do
	return p.release(func(feedID) bool { return true }, now)
}

// wake hands back the parked polls that are due and schedules the next
// wake-up for the rest.
func (p pacer) wake(msg paceWakeMsg, e *env) (pacer, []pollMsg, tea.Cmd) {
	if msg.gen != p.wakeGen || !p.blurred {
		return p, nil, nil
	}
	now := e.now()
	p.wakeAt = time.Time{}
	var out []pollMsg
	p, out = p.release(func(id feedID) bool { return !now.Before(p.due(id)) }, now)
	var cmd tea.Cmd
	p, cmd = p.schedule(e)
	return p, out, cmd
}

// release takes the parked polls that pass the test out of the pacer,
// counting each as a poll that went through now.
func (p pacer) release(pass func(feedID) bool, now time.Time) (pacer, []pollMsg) {
	var out []pollMsg
	parked := maps.Clone(p.parked)
	for id, msg := range p.parked {
		if pass(id) {
			out = append(out, msg)
			delete(parked, id)
			p.last = with(p.last, id, now)
		}
	}
	p.parked = parked
	return p, out
}

// schedule arranges a wake-up for the earliest parked poll, unless one is
// already pending for that time or earlier.
func (p pacer) schedule(e *env) (pacer, tea.Cmd) {
	var next time.Time
	for id := range p.parked {
		if d := p.due(id); next.IsZero() || d.Before(next) {
			next = d
		}
	}
	if next.IsZero() || (!p.wakeAt.IsZero() && !next.Before(p.wakeAt)) {
		return p, nil
	}
	p.wakeGen++
	p.wakeAt = next
	return p, e.wake(next.Sub(e.now()), paceWakeMsg{gen: p.wakeGen})
}

// with returns a copy of m with k set to v.
func with[V any](m map[feedID]V, k feedID, v V) map[feedID]V {
	out := make(map[feedID]V, len(m)+1)
	maps.Copy(out, m)
	out[k] = v
	return out
}
