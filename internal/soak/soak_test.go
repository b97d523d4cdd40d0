//go:build soak

package soak_test

import (
	"bytes"
	"context"
	"io"
	"net/http/httptest"
	"os"
	"runtime"
	"runtime/pprof"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/exp/teatest"
	"github.com/muesli/termenv"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/api/sandbox"
	"github.com/stratop/stratop/internal/testkit"
	"github.com/stratop/stratop/model"
)

// The dashboard's settings in the soak: the real 1 s interval, a backoff
// cap short enough that several fault cycles fit in two minutes.
const (
	interval       = time.Second
	maxBackoff     = 8 * time.Second
	fetchTimeout   = 5 * time.Second // one fetch, retries included
	attemptTimeout = 2 * time.Second // one HTTP attempt
	// recoveryBound is how long after healing a successful poll may take: a
	// fetch begun during the fault runs to its timeout, then one backed-off
	// interval passes, plus scheduling slack under -race.
	recoveryBound = fetchTimeout + maxBackoff + 3*time.Second

	goroutineSlack = 25       // running: timers, in-flight fetches, idle connections
	heapSlack      = 48 << 20 // bytes of HeapInuse growth allowed after warm-up
)

// soakDuration is STRATOP_SOAK (a Go duration) or two minutes.
func soakDuration(t *testing.T) time.Duration {
	v := os.Getenv("STRATOP_SOAK")
	if v == "" {
		return 2 * time.Minute
	}
	d, err := time.ParseDuration(v)
	if err != nil || d < 10*time.Second {
		t.Fatalf("STRATOP_SOAK=%q: want a Go duration of at least 10s", v)
	}
	return d
}

// faultPhases are the faults of successive cycles: every kind the sandbox
// injects, alone and mixed, and a server that is gone.
var faultPhases = []struct {
	name   string
	faults sandbox.Faults
}{
	{"mixed 5xx, 429, truncation, drops", sandbox.Faults{FailRate: 0.5, RateLimitRate: 0.2, RetryAfter: time.Second,
		TruncateRate: 0.2, DropRate: 0.2, Latency: 100 * time.Millisecond}},
	{"down", sandbox.Faults{Down: true}},
	{"slow beyond the timeout", sandbox.Faults{Latency: 3 * attemptTimeout}},
	{"every read 5xx", sandbox.Faults{FailRate: 1}},
	{"rate limited", sandbox.Faults{RateLimitRate: 1, RetryAfter: 2 * time.Second}},
}

// keyTour moves through every tab, pane and user view while the soak runs,
// so every feed polls at some point.
var keyTour = []string{"2", "]", "enter", "esc", "[", "3", "enter", "esc", "4", "down", "enter", "2", "enter",
	"esc", "3", "4", "esc", "1"}

func TestSoak(t *testing.T) {
	lipgloss.SetColorProfile(termenv.Ascii)
	d := soakDuration(t)
	goroutinesAtStart := runtime.NumGoroutine()

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	sb := sandbox.New(sandbox.WithSeed(11), sandbox.WithTick(500*time.Millisecond), sandbox.WithUsers(40),
		sandbox.WithStrategies(300))
	simDone := make(chan struct{})
	go func() { defer close(simDone); sb.Start(ctx) }()
	srv := httptest.NewServer(sb)
	c, err := api.New(srv.URL, api.WithTimeout(attemptTimeout),
		api.WithCredentials(api.Credentials{Key: sandbox.DemoKey, Secret: sandbox.DemoSecret}))
	if err != nil {
		t.Fatal(err)
	}
	reads := testkit.NewCountingAPI(c)
	m := model.New(ctx, reads, model.WithInterval(interval), model.WithMaxBackoff(maxBackoff),
		model.WithFetchTimeout(fetchTimeout), model.WithProfile("soak"))
	pr := testkit.NewProbe(m.Tea())
	tm := teatest.NewTestModel(t, pr, teatest.WithInitialTermSize(120, 40))

	s := &soaker{t: t, tm: tm, probe: pr}
	start := time.Now()
	s.run(min(d/10, 10*time.Second)) // warm-up: caches, connections, first frames
	g0, h0 := measure()
	t.Logf("after warm-up: %d goroutines, HeapInuse %.1f MiB", g0, mib(h0))

	phase := min(max(d/15, 3*time.Second), 8*time.Second)
	var recoveries []time.Duration
	for cycle := 0; time.Since(start)+2*phase < d; cycle++ {
		s.run(phase) // healthy
		fp := faultPhases[cycle%len(faultPhases)]
		failedBefore := reads.Failed()
		sb.SetFaults(fp.faults)
		s.run(phase)
		sb.SetFaults(sandbox.Faults{})
		if reads.Failed() == failedBefore {
			t.Errorf("cycle %d (%s): no read failed while the faults were on; the soak tests nothing", cycle, fp.name)
		}
		healed := time.Now()
		took, ok := s.until(recoveryBound, func() bool {
			return reads.LastSuccess().After(healed) && !strings.Contains(s.frame(), "STALE")
		})
		if !ok {
			t.Errorf("cycle %d (%s): no successful poll and no fresh frame within %v of healing; last frame:\n%s",
				cycle, fp.name, recoveryBound, s.frame())
			continue
		}
		recoveries = append(recoveries, took)
	}
	s.run(time.Until(start.Add(d)))

	g1, h1 := measure()
	t.Logf("after %v: %d goroutines, HeapInuse %.1f MiB; reads ok %d, failed %d; recoveries %v",
		time.Since(start).Round(time.Second), g1, mib(h1), reads.Succeeded(), reads.Failed(), recoveries)
	if len(recoveries) == 0 {
		t.Errorf("no fault cycle completed in %v: make STRATOP_SOAK longer", d)
	}
	if reads.Succeeded() < int64(d/interval)/2 {
		t.Errorf("only %d successful reads in %v at a %v interval", reads.Succeeded(), d, interval)
	}
	if g1 > g0+goroutineSlack {
		t.Errorf("goroutines grew from %d to %d while running:\n%s", g0, g1, goroutineDump())
	}
	if h1 > h0+heapSlack {
		t.Errorf("HeapInuse grew from %.1f MiB to %.1f MiB (bound +%.0f MiB)", mib(h0), mib(h1), mib(heapSlack))
	}

	// Shut everything down: no goroutine of the program may outlive it.
	_ = tm.Quit()
	tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))
	srv.Close()
	cancel()
	<-simDone
	sb.Close()
	after, ok := settle(goroutinesAtStart+3, maxBackoff+5*time.Second)
	if !ok {
		t.Errorf("%d goroutines remain after shutdown, %d before start:\n%s", after, goroutinesAtStart, goroutineDump())
	}
}

// soaker drives the program: keys of the tour, draining its output so the
// captured stream does not grow without bound.
type soaker struct {
	t     *testing.T
	tm    *teatest.TestModel
	probe testkit.Probe
	key   int
	next  time.Time
}

// run lets the program work for d, typing a key of the tour every 2 s.
func (s *soaker) run(d time.Duration) {
	end := time.Now().Add(d)
	for time.Now().Before(end) {
		s.step()
		time.Sleep(100 * time.Millisecond)
	}
}

// until runs the program until cond holds or limit passes.
func (s *soaker) until(limit time.Duration, cond func() bool) (time.Duration, bool) {
	start := time.Now()
	for time.Since(start) < limit {
		if cond() {
			return time.Since(start), true
		}
		s.step()
		time.Sleep(50 * time.Millisecond)
	}
	return limit, false
}

func (s *soaker) step() {
	_, _ = io.Copy(io.Discard, s.tm.Output())
	if time.Now().After(s.next) {
		s.tm.Send(testkit.Key(keyTour[s.key%len(keyTour)]))
		s.key++
		s.next = time.Now().Add(2 * time.Second)
	}
}

func (s *soaker) frame() string { return s.probe.Frame() }

// measure is the goroutine count and HeapInuse after a full collection.
func measure() (int, uint64) {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return runtime.NumGoroutine(), ms.HeapInuse
}

// settle waits up to limit for the goroutine count to fall to want.
func settle(want int, limit time.Duration) (int, bool) {
	deadline := time.Now().Add(limit)
	for {
		n := runtime.NumGoroutine()
		if n <= want {
			return n, true
		}
		if time.Now().After(deadline) {
			return n, false
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func goroutineDump() string {
	var b bytes.Buffer
	_ = pprof.Lookup("goroutine").WriteTo(&b, 1)
	if b.Len() > 20000 {
		return b.String()[:20000] + "\n…"
	}
	return b.String()
}

func mib(b uint64) float64 { return float64(b) / (1 << 20) }
