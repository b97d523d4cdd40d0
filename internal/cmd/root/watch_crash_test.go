package root

import (
	"bufio"
	"encoding/json"
	"math/rand/v2"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stratop/stratop/api/sandbox"
	"github.com/stratop/stratop/watch"
)

// changeLog is the sandbox's ground truth, written while the test reads it.
type changeLog struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *changeLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *changeLog) changes(t *testing.T) []sandbox.Change {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []sandbox.Change
	sc := bufio.NewScanner(strings.NewReader(l.b.String()))
	for sc.Scan() {
		var c sandbox.Change
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatal(err)
		}
		out = append(out, c)
	}
	return out
}

// The watcher is killed (kill -9) at random points while changes are made
// and restarted each time. The union of what all runs printed covers every
// change (each strategy's last reported state is its state now) and repeats
// none under a new id: the reported transitions of each strategy, each id
// counted once, chain (each starts where the previous ended) and are no
// more than the changes made.
func TestWatchSurvivesKillNineWithoutLosingOrRenamingAChange(t *testing.T) {
	var log changeLog
	e := newCLIEnv(t, sandbox.WithStrategies(300), sandbox.WithUsers(8), sandbox.WithChangeLog(&log))
	args := []string{"watch", "--interval", "60ms", "--budget", "200000/min", "--byte-budget", "4GiB/min"}
	first := startChild(t, args...)
	waitUntil(t, "the first full read (the cursor)", func() bool { _, err := os.Stat(e.cursorFile()); return err == nil })

	stopChurn := make(chan struct{})
	churned := make(chan struct{})
	go func() {
		defer close(churned)
		for {
			select {
			case <-stopChurn:
				return
			case <-time.After(15 * time.Millisecond):
				e.sb.Churn()
			}
		}
	}()
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 7))
	outputs := []string{}
	w := first
	for range 8 {
		time.Sleep(time.Duration(100+rng.IntN(500)) * time.Millisecond)
		w.kill()
		outputs = append(outputs, w.out.String())
		w = startChild(t, args...)
	}
	// The last watcher is stopped with SIGTERM below: it must have started
	// (its first request arrived) so that the signal finds its handler.
	started := e.requestCount()
	waitUntil(t, "the last watcher's first read", func() bool { return e.requestCount() > started })
	close(stopChurn)
	<-churned
	truth := log.changes(t)
	final, initial := map[int64]string{}, map[int64]string{}
	for _, c := range truth {
		final[c.Strategy] = c.After
		if _, ok := initial[c.Strategy]; !ok {
			initial[c.Strategy] = c.Before
		}
	}
	last := func() map[int64]string {
		got := map[int64]string{}
		for _, out := range append(outputs, w.out.String()) {
			for _, ev := range parseEvents(t, out) {
				switch ev.Kind {
				case watch.KindStatus:
					got[ev.Strategy] = ev.After
				case watch.KindVanished:
					got[ev.Strategy] = "archived"
				}
			}
		}
		return got
	}
	waitUntil(t, "every change reported", func() bool {
		got := last()
		for id, st := range final {
			// A strategy back where it started while the watcher was down
			// has nothing left to report.
			if got[id] != st && !(got[id] == "" && initial[id] == st) {
				return false
			}
		}
		return true
	})
	if code := w.stop(); code != 0 {
		t.Fatalf("the last run exited %d: %s", code, w.err.String())
	}
	outputs = append(outputs, w.out.String())

	made := map[int64]int{}
	for _, c := range truth {
		made[c.Strategy]++
	}
	seen := map[string]watch.Event{}
	at := map[int64]string{}
	reported := map[int64]int{}
	for _, out := range outputs {
		for _, ev := range parseEvents(t, out) {
			if ev.Kind != watch.KindStatus && ev.Kind != watch.KindVanished {
				continue
			}
			if prev, dup := seen[ev.ID]; dup {
				if prev.Before != ev.Before || prev.After != ev.After || prev.Strategy != ev.Strategy {
					t.Fatalf("one id, two changes: %+v and %+v", prev, ev)
				}
				continue
			}
			seen[ev.ID] = ev
			if was, ok := at[ev.Strategy]; ok && was != ev.Before {
				t.Errorf("strategy %d: reported %s -> %s after it was reported %s: a change repeated under a new id or lost",
					ev.Strategy, ev.Before, ev.After, was)
			}
			at[ev.Strategy] = ev.After
			if ev.Kind == watch.KindVanished {
				at[ev.Strategy] = "archived"
			}
			reported[ev.Strategy]++
		}
	}
	for id, n := range reported {
		if n > made[id] {
			t.Errorf("strategy %d: %d changes reported, %d made", id, n, made[id])
		}
	}
	t.Logf("%d changes made to %d strategies over 8 kills; %d distinct events", len(truth), len(final), len(seen))
	if len(truth) < 20 {
		t.Errorf("only %d changes were made: the test proves little", len(truth))
	}
}
