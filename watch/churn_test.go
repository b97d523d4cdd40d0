package watch

import (
	"testing"
	"time"

	"github.com/stratop/stratop/api/sandbox"
)

// At the default budget, an integration changing 20 times a minute is kept
// up with: every change is reported, and the reads stay within 300 a
// minute. The engine's clock runs ten times faster than the test's, so a
// 5-second interval takes half a second.
func TestIntegrationKeepsUpWithChurnWithinTheBudget(t *testing.T) {
	var log lockedLog
	sb := sandbox.New(sandbox.WithUsers(40), sandbox.WithStrategies(4000), sandbox.WithChangeLog(&log))
	w := worldOf(t, sb)
	fast := fastClock(10)
	var rec recorder
	e, stop := runningAt(t, w, Options{Scope: Integration(), Interval: 5 * time.Second, Now: fast, Emit: rec.emit}, 10)
	waitFor(t, "the first full read", func() bool { return e.Stats().Baselined })
	n0, r0, f0 := len(log.lines()), w.m.snapshot().reads, fast()
	for range 30 { // 20 a minute on the fast clock
		time.Sleep(300 * time.Millisecond)
		sb.Churn()
	}
	changes := log.lines()[n0:]
	final := map[int64]string{}
	for _, c := range changes {
		final[c.Strategy] = c.After
	}
	reported := func() map[int64]string {
		got := map[int64]string{}
		for _, ev := range rec.all() {
			switch ev.Kind {
			case KindStatus:
				got[ev.Strategy] = ev.After
			case KindVanished:
				got[ev.Strategy] = "archived"
			}
		}
		return got
	}
	waitFor(t, "every change reported", func() bool {
		got := reported()
		for id, st := range final {
			if got[id] != st {
				return false
			}
		}
		return true
	})
	reads, mins := w.m.snapshot().reads-r0, fast().Sub(f0).Minutes()
	stop()
	if perMin := float64(reads) / mins; perMin > 300 {
		t.Errorf("%.0f reads a minute, over the budget of 300", perMin)
	}
	t.Logf("%d changes, %d reads in %.1f engine minutes", len(changes), reads, mins)
}
