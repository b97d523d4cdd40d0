package watch

import (
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/api/sandbox"
)

// Through a slow proxy, a cycle's reads take far longer than the time
// between changes, so many changes are made after the cycle began and
// before the read that shows them. No event's time precedes the change it
// reports (the last change of the strategy to that status before the
// event was emitted), whichever read showed it.
func TestNoEventTimePrecedesItsChange(t *testing.T) {
	var log lockedLog
	sb := sandbox.New(sandbox.WithUsers(20), sandbox.WithStrategies(1500), sandbox.WithChangeLog(&log))
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(15 * time.Millisecond)
		sb.ServeHTTP(w, r)
	}))
	t.Cleanup(slow.Close)
	w := worldOf(t, sb)
	c, err := api.New(slow.URL, api.WithCredentials(api.Credentials{Key: sandbox.DemoKey, Secret: sandbox.DemoSecret}),
		api.WithRetries(0), api.WithTimeout(10*time.Second), api.WithAttemptObserver(w.m.Observe))
	if err != nil {
		t.Fatal(err)
	}
	w.c = c

	type emitted struct {
		ev Event
		at time.Time
	}
	var (
		mu  sync.Mutex
		evs []emitted
	)
	emit := func(ev Event) {
		mu.Lock()
		evs = append(evs, emitted{ev, time.Now()})
		mu.Unlock()
	}
	e, stop := running(t, w, Options{Scope: Integration(), Interval: 100 * time.Millisecond, Budget: 60000, ByteBudget: 1 << 30, Emit: emit})
	waitFor(t, "the first full read", func() bool { return e.Stats().Baselined })
	for range 60 {
		sb.Churn()
		time.Sleep(25 * time.Millisecond)
	}
	time.Sleep(time.Second)
	stop()

	changes := log.lines()
	checked := 0
	mu.Lock()
	defer mu.Unlock()
	for _, x := range evs {
		ev := x.ev
		after := ev.After
		switch ev.Kind {
		case KindStatus:
		case KindVanished:
			after = string(api.StatusArchived)
		default:
			continue
		}
		var made time.Time
		for _, c := range changes {
			if c.Strategy == ev.Strategy && c.After == after && !c.Time.After(x.at) {
				made = c.Time
			}
		}
		if made.IsZero() {
			t.Errorf("an event without a change: %+v", ev)
			continue
		}
		checked++
		if ev.Time.Before(made) {
			t.Errorf("strategy %d -> %s: event at %s, %s before the change", ev.Strategy, after,
				ev.Time.Format("15:04:05.000"), made.Sub(ev.Time))
		}
	}
	if checked < 20 {
		t.Fatalf("only %d events to check", checked)
	}
	t.Logf("%d events checked", checked)
}
