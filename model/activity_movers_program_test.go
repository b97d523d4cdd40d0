package model

import (
	"strings"
	"testing"
	"time"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/api/sandbox"
	"github.com/stratop/stratop/internal/testkit"
)

// moverNamed is the time a mover may take to be named on Needs attention.
const moverNamed = 30 * time.Second

// waitMoversRead waits for the movers' finder to have read the halted
// statuses whole: what it holds then is its starting point.
func (o *envOf) waitMoversRead(t *testing.T, frame func() string) {
	t.Helper()
	testkit.WaitFor(t, 10*time.Second, "the movers' first read", frame, func(string) bool {
		e := o.latest.Load()
		return e != nil && e.movers != nil && e.movers.engine.Stats().Baselined
	})
}

// attentionNames reports whether Needs attention has the line of strategy
// id moving from active to paused.
func attentionNames(v string, id int64) bool {
	_, attn, _ := strings.Cut(v, "Needs attention")
	attn, _, _ = strings.Cut(attn, "Trends")
	for _, l := range strings.Split(attn, "\n") {
		if strings.Contains(l, " "+itoa(id)+" active -> paused") {
			return true
		}
	}
	return false
}

func TestProgramShownActivityNamesAMoverOnNoPage(t *testing.T) {
	var e envOf
	a := startApp(t, 120, 40, e.capture)
	a.waitReady("Needs attention", "nothing: no halts")
	e.waitMoversRead(t, a.frame)
	if e.latest.Load().engine != nil {
		t.Fatal("activity = shown runs the engine of the whole integration")
	}
	// The oldest active strategy is on no page the Overview reads.
	target := a.oldestActive()
	a.setStatus(target.ID, api.StatusPaused)
	testkit.WaitFor(t, moverNamed, "strategy "+itoa(target.ID)+" named on Needs attention", a.frame, func(v string) bool {
		return attentionNames(v, target.ID)
	})
	if v := a.frame(); strings.Contains(v, "finding which") {
		t.Fatalf("the mover is named and the total still says it is being looked for:\n%s", v)
	}
	// The Activity lists it once.
	a.keys("5")
	a.waitFor("the Activity's line of "+itoa(target.ID), func(v string) bool {
		return strings.Contains(lineWith(v, "active -> paused"), itoa(target.ID))
	})
	if n := strings.Count(a.frame(), "active -> paused"); n != 1 {
		t.Fatalf("the change shows %d times, want once:\n%s", n, a.frame())
	}
}

func TestProgramShownActivityNamesAMoverOfAnOutageAndKeepsTheOutage(t *testing.T) {
	var e envOf
	a := startApp(t, 120, 40, e.capture)
	a.waitReady("Needs attention", "nothing: no halts")
	e.waitMoversRead(t, a.frame)
	target := a.oldestActive()

	a.sb.SetFaults(sandbox.Faults{Down: true})
	a.waitFor("the outage on Needs attention", func(v string) bool {
		return strings.Contains(v, "failed reads in a row")
	})
	a.setStatus(target.ID, api.StatusPaused) // moved while nothing could be read
	a.sb.SetFaults(sandbox.Faults{})

	testkit.WaitFor(t, moverNamed, "strategy "+itoa(target.ID)+" named after the outage", a.frame, func(v string) bool {
		return attentionNames(v, target.ID)
	})
	a.waitFor("the ended outage with its start, length and end", func(v string) bool {
		l := lineWith(v, "), ended;")
		return strings.Contains(l, "outage ") && strings.Contains(l, "–") && strings.Contains(l, "failed reads")
	})
	if strings.Contains(a.frame(), "nothing: no halts") {
		t.Fatalf("Needs attention says nothing after an outage and a mover:\n%s", a.frame())
	}
}
