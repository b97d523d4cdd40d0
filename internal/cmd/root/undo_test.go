package root

import (
	"strings"
	"testing"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/audit"
)

// suspended suspends an active strategy with the CLI and returns it with
// the audit id of the suspend.
func (e *cliEnv) suspended() (api.Strategy, audit.Record) {
	e.t.Helper()
	s := e.strategyWith(api.StatusActive, false)
	e.ok("strategies", "suspend", id(s), "--yes", "--reason", "INC-77")
	recs := e.auditRecords()
	if len(recs) != 1 || recs[0].Action != "suspend" || recs[0].Outcome != audit.OutcomeDone {
		e.t.Fatalf("audit after the suspend: %+v", recs)
	}
	return s, recs[0]
}

// Each run is a process of its own: the undo reads the suspend from the
// audit log, as after a restart.
func TestUndoSendsTheInverseAndLinksTheTwoAuditLines(t *testing.T) {
	e := newCLIEnv(t)
	s, rec := e.suspended()
	if e.status(s.ID) != api.StatusSuspended {
		t.Fatal("the suspend did not suspend")
	}
	e.ok("undo", rec.Seq, "--yes")
	if got := e.status(s.ID); got != api.StatusActive {
		t.Fatalf("after undo the strategy is %s, want active", got)
	}
	recs := e.auditRecords()
	if len(recs) != 2 {
		t.Fatalf("%d audit records, want 2: %+v", len(recs), recs)
	}
	undo := recs[1]
	if undo.Action != "resume" || undo.UndoOf != rec.Seq || undo.Outcome != audit.OutcomeDone || undo.StrategyIDs[0] != s.ID {
		t.Fatalf("the undo's record: %+v, want a done resume of %d with undoOf %s", undo, s.ID, rec.Seq)
	}
	// Undone once: the strategy is no longer as the suspend left it.
	out, errOut, code := e.run("", "undo", rec.Seq, "--yes")
	if code != 1 || !strings.Contains(out+errOut, "changed since") {
		t.Fatalf("a second undo: exit %d, stderr %q", code, errOut)
	}
}

func TestUndoAfterSomeoneElseActedSendsNothing(t *testing.T) {
	e := newCLIEnv(t)
	s, rec := e.suspended()
	e.sb.SetStrategyStatus(s.ID, api.StatusActive) // another party resumed it
	before := len(e.stateChanges())
	out, errOut, code := e.run("", "undo", rec.Seq, "--yes")
	if code != 1 {
		t.Fatalf("exit %d, want 1; stderr %q", code, errOut)
	}
	if n := len(e.stateChanges()); n != before {
		t.Fatalf("%d requests sent by an undo of a strategy changed since", n-before)
	}
	if !strings.Contains(out+errOut, "suspended then, active now") {
		t.Fatalf("the undo does not say what changed: stdout %q stderr %q", out, errOut)
	}
}

func TestUndoIsRefusedReadOnlyAndForActionsWithoutAnInverse(t *testing.T) {
	e := newCLIEnv(t)
	s, rec := e.suspended()
	before := len(e.stateChanges())
	if _, errOut, code := e.run("", "--read-only", "undo", rec.Seq, "--yes"); code != 1 || !strings.Contains(errOut, "read-only") {
		t.Fatalf("read-only undo: exit %d, stderr %q", code, errOut)
	}
	if e.status(s.ID) != api.StatusSuspended || len(e.stateChanges()) != before {
		t.Fatal("a read-only undo sent something")
	}

	h := e.strategyWith(api.StatusActive, false)
	e.ok("strategies", "halt", id(h), "--yes")
	recs := e.auditRecords()
	halt := recs[len(recs)-1]
	before = len(e.stateChanges())
	if _, errOut, code := e.run("", "undo", halt.Seq, "--yes"); code != 1 || !strings.Contains(errOut, "no exact inverse") {
		t.Fatalf("undo of a halt: exit %d, stderr %q", code, errOut)
	}
	if _, errOut, code := e.run("", "undo", "no-such-id", "--yes"); code != 1 || !strings.Contains(errOut, "no such action") {
		t.Fatalf("undo of an unknown id: exit %d, stderr %q", code, errOut)
	}
	if len(e.stateChanges()) != before {
		t.Fatal("a refused undo sent something")
	}
}
