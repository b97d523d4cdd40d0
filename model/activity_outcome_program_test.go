package model

// An action's line on Activity comes from the audit log, and shows the
// latest state of the action: sent and waiting while its sender waits,
// then its outcome, on the same one line. "Outcome unknown" is said only
// when no outcome is coming: its sender is gone, or gave up.

import (
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/api/sandbox"
	"github.com/stratop/stratop/audit"
)

func TestProgramSlowActionsReadDoneOnOneLineNeverUnknown(t *testing.T) {
	path := filepath.Join(t.TempDir(), "stratop", "audit.jsonl")
	j, err := audit.Open(path, "demo", "sandbox.test")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = j.Close() })
	// Polls every 30 ms; each action takes 20 polls to answer, so the
	// audit log is read many times between its intent and its outcome.
	a, id := openStrategies(t, api.StatusActive, nil, WithJournal(j), WithAuditPath(path), WithClock(time.Now))
	a.sb.SetFaults(sandbox.Faults{ActionLatency: 600 * time.Millisecond})
	var unknown atomic.Bool
	watchFrames := func(v string) {
		if strings.Contains(v, "outcome unknown") {
			unknown.Store(true)
		}
	}
	a.keys("5")
	a.waitText("entries")
	a.keys("2")
	a.keys("s")
	a.waitText("Suspend strategy " + itoa(id) + "?")
	a.keys("y")
	a.keys("5")
	a.waitFor("the suspend sent and waiting", func(v string) bool {
		watchFrames(v)
		return strings.Contains(v, "suspend: sent, waiting for the answer (dashboard)")
	})
	a.waitFor("the suspend done", func(v string) bool {
		watchFrames(v)
		return strings.Contains(v, "suspend: done (dashboard)")
	})
	// A few more polls: the line stays one line, done.
	deadline := time.Now().Add(300 * time.Millisecond)
	for time.Now().Before(deadline) {
		watchFrames(a.frame())
		time.Sleep(10 * time.Millisecond)
	}
	v := a.frame()
	if n := strings.Count(v, "suspend: "); n != 1 {
		t.Fatalf("%d lines for one suspend:\n%s", n, v)
	}
	if unknown.Load() {
		t.Fatalf("a done action read \"outcome unknown\" on the way")
	}
	if strings.Contains(v, "waiting for the answer") {
		t.Fatalf("the line was not updated in place:\n%s", v)
	}
	if got := a.status(id); got != api.StatusSuspended {
		t.Fatalf("strategy %d is %s", id, got)
	}
	// Needs attention, built from the same lines, holds no unknown
	// outcome for it either.
	a.keys("1")
	a.waitText("Needs attention")
	if v := a.frame(); strings.Contains(v, "outcome unknown") || strings.Contains(v, "no outcome") {
		t.Fatalf("Needs attention reads the done suspend as unknown:\n%s", v)
	}
}

// Another program's action: while it runs and waits, its line says so;
// once it is gone without an outcome line, the outcome is unknown.
func TestProgramAnotherProgramsActionIsUnknownOnlyOnceItIsGone(t *testing.T) {
	path := filepath.Join(t.TempDir(), "stratop", "audit.jsonl")
	other, err := audit.Open(path, "demo", "sandbox.test")
	if err != nil {
		t.Fatal(err)
	}
	if err := other.Write(audit.Entry{Seq: "cli-1", Source: "cli", Action: "halt", StrategyIDs: []int64{41},
		StateBefore: api.StatusActive, Expected: api.StatusPaused, Deadline: time.Now().Add(time.Minute)}); err != nil {
		t.Fatal(err)
	}
	a := startApp(t, 120, 40, WithAuditPath(path), WithClock(time.Now))
	a.keys("5")
	a.waitText("halt: sent, waiting for the answer (cli)")
	if strings.Contains(a.frame(), "outcome unknown") {
		t.Fatalf("unknown while its sender waits:\n%s", a.frame())
	}
	_ = other.Close() // the command line ended without writing an outcome
	a.waitText("halt: outcome unknown (no outcome recorded) (cli)")
	if n := strings.Count(a.frame(), "halt: "); n != 1 {
		t.Fatalf("%d lines for one halt:\n%s", n, a.frame())
	}
}
