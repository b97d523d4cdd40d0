package model

// Program tests of what every confirmation asks besides its question: the
// reason travels to the audit log and the Activity; a profile requiring a
// reason has confirmations refused until one is typed; an audit log that
// cannot be written sends nothing, says why, and only the typed override
// followed by a second confirmation sends, saying so.

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/audit"
	"github.com/stratop/stratop/ui"
)

func TestProgramReasonReachesAuditLogAndActivity(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	log, err := audit.Open(path, "demo", "sandbox.test")
	if err != nil {
		t.Fatal(err)
	}
	a, id := openStrategies(t, api.StatusActive, nil, WithJournal(log), WithAuditPath(path))
	a.keys("s")
	a.waitText("Suspend strategy "+itoa(id)+"?", "reason    none (tab to add one)")
	a.keys("tab")
	a.waitText("reason (a ticket or a sentence)")
	a.typeText("INC-42 runaway buys") // y and n type here: they are text
	a.keys("enter")
	a.waitText("reason    INC-42 runaway buys", "y confirm")
	if n := a.sb.Hits(routeSuspend); n != 0 {
		t.Fatalf("%d suspend requests while the reason was typed", n)
	}
	a.keys("y")
	a.waitText("suspend strategy " + itoa(id) + ": done")
	recs, err := audit.Read(path, sandboxEpoch.AddDate(-1, 0, 0))
	if err != nil || len(recs) != 1 || recs[0].Reason != "INC-42 runaway buys" {
		t.Fatalf("audit records %+v (%v), want one suspend with the reason", recs, err)
	}
	a.keys("5")
	a.waitText("suspend: done (dashboard) · reason: INC-42")
}

func TestProgramRequiredReasonRefusesConfirmUntilTyped(t *testing.T) {
	j := &memJournal{}
	a, id := openStrategies(t, api.StatusActive, nil, WithJournal(j), WithRequireReason(true))
	a.keys("s")
	a.waitText("Suspend strategy "+itoa(id)+"?", "reason    required: tab to type one")
	a.keys("y")
	a.waitText("a reason is required", "reason (a ticket or a sentence)")
	a.keys("enter", "y") // leaving the field empty and confirming again
	a.waitText("a reason is required")
	if n := a.sb.Hits(routeSuspend); n != 0 || len(j.all()) != 0 {
		t.Fatalf("%d suspend requests and %d audit lines without a required reason", n, len(j.all()))
	}
	a.typeText("CHG-7")
	a.keys("enter", "y")
	a.waitText("suspend strategy " + itoa(id) + ": done")
	if es := j.all(); len(es) != 2 || es[0].Reason != "CHG-7" {
		t.Fatalf("audit entries %+v, want intent and outcome with the reason", es)
	}
}

// brokenLog is an audit log whose directory became a file after it was
// opened: every write and check fails, as on a full or lost disk.
func brokenLog(t *testing.T) *audit.Log {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "state")
	log, err := audit.Open(filepath.Join(dir, "audit.jsonl"), "demo", "sandbox.test")
	if err != nil {
		t.Fatal(err)
	}
	_ = log.Close()
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dir, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	return log
}

func TestProgramUnwritableAuditSendsNothingWithoutOverride(t *testing.T) {
	a, id := openStrategies(t, api.StatusActive, nil, WithJournal(brokenLog(t)))
	a.keys("s")
	a.waitText("Suspend strategy "+itoa(id)+"?", "Nothing will be sent: the audit log cannot be written")
	a.keys("y")
	a.waitText("type " + itoa(id) + " and enter to send it WITHOUT an audit record")
	a.keys("esc")
	a.waitText("suspend strategy " + itoa(id) + ": cancelled")
	// The override typed wrong, then right, then refused at its second
	// confirmation: nothing sent.
	a.keys("s", "y")
	a.waitText("WITHOUT an audit record")
	a.typeText("1")
	a.keys("enter")
	a.waitText("typed text does not match " + itoa(id))
	a.keys("backspace")
	a.typeText(itoa(id))
	a.keys("enter")
	a.waitText("Send without an audit record? Suspend strategy", "y send unaudited")
	a.keys("n")
	a.waitText("suspend strategy " + itoa(id) + ": cancelled")
	if n := a.sb.Hits(routeSuspend); n != 0 {
		t.Fatalf("%d suspend requests without the override", n)
	}
	a.keys("s", "y")
	a.typeText(itoa(id))
	a.keys("enter")
	a.waitText("y send unaudited")
	a.keys("y")
	a.waitText("suspend strategy "+itoa(id)+": done", ui.NoticeUnaudited)
	if n := a.sb.Hits(routeSuspend); n != 1 {
		t.Fatalf("%d suspend requests after the override, want 1", n)
	}
}

func TestProgramUnwritableAuditRefusedWhenCheckCannotTell(t *testing.T) {
	// A journal that cannot tell beforehand: Run itself refuses, and the
	// result says why; nothing is sent.
	a, id := openStrategies(t, api.StatusActive, nil, WithJournal(failingJournal{}))
	a.keys("s")
	a.waitText("Suspend strategy " + itoa(id) + "?")
	if strings.Contains(a.frame(), "Nothing will be sent") {
		t.Fatal("the dialog claims a problem the journal cannot report")
	}
	a.keys("y")
	a.waitText("suspend strategy "+itoa(id)+": nothing sent", "the audit log cannot be written")
	if n := a.sb.Hits(routeSuspend); n != 0 {
		t.Fatalf("%d suspend requests although the intent could not be written", n)
	}
}

// failingJournal fails every write and has no Check.
type failingJournal struct{}

func (failingJournal) Write(audit.Entry) error { return os.ErrPermission }

func TestProgramUnsavedWatchSaidInStatusLine(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state")
	if err := os.WriteFile(dir, nil, 0o600); err != nil { // a file where the directory should be
		t.Fatal(err)
	}
	a, _ := openStrategies(t, api.StatusActive, nil, WithWatchStore(testWatchStore(dir)))
	a.keys("w")
	// On the Strategies tab, where w was pressed, with the reason.
	a.waitText("[2 Strategies]", "watches could not be saved: creating")
}
