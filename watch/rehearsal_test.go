package watch

import (
	"os"
	"slices"
	"testing"
	"time"

	"github.com/stratop/stratop/api/sandbox"
)

// The restart of scripts/watch_measure.sh in process, on a clock speed
// times faster than the wall's: a first start reads the integration in
// full while it churns, stops once its cursor is written, and a restart
// watches for window (engine time). It returns each change of the window
// that held for three intervals with its delay (negative: not reported).
func rehearse(t testing.TB, n int, speed float64, window time.Duration) (delays []float64, e *Engine) {
	t.Helper()
	clock := fastClock(speed)
	var log lockedLog
	sb := sandbox.New(sandbox.WithUsers(n/100), sandbox.WithStrategies(n), sandbox.WithChangeLog(&log), sandbox.WithClock(clock))
	w := worldOf(t, sb)
	dir := t.TempDir()
	churn := make(chan struct{})
	go func() { // 20 a minute on the engine's clock
		tk := time.NewTicker(time.Duration(float64(3*time.Second) / speed))
		defer tk.Stop()
		for {
			select {
			case <-churn:
				return
			case <-tk.C:
				sb.Churn()
			}
		}
	}()
	defer close(churn)
	opts := Options{Scope: Integration(), CursorDir: dir, Now: clock}
	first, stopFirst := runningAt(t, w, opts, speed)
	waitFor(t, "the first start's cursor", func() bool {
		_, err := os.Stat(CursorPath(opts))
		return first.Stats().Baselined && err == nil
	})
	stopFirst()
	var rec recorder
	start := clock()
	opts.Emit = rec.emit
	e, stop := runningAt(t, w, opts, speed)
	time.Sleep(time.Duration(float64(window) / speed))
	end := clock()
	stop()
	changes := log.lines()
	by := map[int64][]int{}
	for i, c := range changes {
		by[c.Strategy] = append(by[c.Strategy], i)
	}
	iv := 3 * DefaultInterval
	for _, c := range changes {
		if c.Time.Before(start) || c.Time.After(end.Add(-iv)) || c.Cause != "churn" {
			continue
		}
		idx := by[c.Strategy]
		next := end
		for _, j := range idx {
			if changes[j].Time.After(c.Time) {
				next = changes[j].Time
				break
			}
		}
		if next.Sub(c.Time) < iv {
			continue
		}
		d := -1.0
		for _, ev := range rec.find(KindStatus, c.Strategy) {
			if ev.After == c.After && !ev.Time.Before(c.Time) && ev.Time.Before(next.Add(DefaultInterval)) {
				d = ev.Time.Sub(c.Time).Seconds()
				break
			}
		}
		if c.After == "archived" {
			for _, ev := range rec.find(KindVanished, c.Strategy) {
				if !ev.Time.Before(c.Time) {
					d = ev.Time.Sub(c.Time).Seconds()
					break
				}
			}
		}
		if d < 0 || d > 60 {
			t.Logf("change at %5.0f s %s -> %s of %d: delay %.0f s", c.Time.Sub(start).Seconds(), c.Before, c.After, c.Strategy, d)
		}
		delays = append(delays, d)
	}
	return delays, e
}

// The 100,000-strategy restart of scripts/watch_measure.sh rehearsed in
// process, ten times faster than the wall clock: a first start, a restart
// with its cursor and ten minutes (one of the wall's) of 20 changes a
// minute. It reports the share of the changes reported within the
// window and their delays; the measured runs are in PERFORMANCE.md
// ("Watch"). Run with -bench RehearsedRestart -benchtime 1x.
func BenchmarkRehearsedRestart(b *testing.B) {
	for range b.N {
		delays, e := rehearse(b, 100000, 10, 600*time.Second)
		var got []float64
		for _, d := range delays {
			if d >= 0 {
				got = append(got, d)
			}
		}
		slices.Sort(got)
		p := func(q float64) float64 {
			if len(got) == 0 {
				return 0
			}
			return got[min(len(got)-1, int(q*float64(len(delays))))]
		}
		b.ReportMetric(100*float64(len(got))/float64(max(len(delays), 1)), "%reported")
		b.ReportMetric(p(0.5), "p50-s")
		b.ReportMetric(p(0.99), "p99-s")
		b.ReportMetric(p(1), "max-s")
		b.ReportMetric(float64(e.Stats().Reads), "reads")
		b.Logf("%d changes, %d reported; reads by purpose %v", len(delays), len(got), e.Stats().ReadsBy)
	}
}
