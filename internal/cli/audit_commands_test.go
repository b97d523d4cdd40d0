package cli

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stratop/stratop/audit"
)

// --as-commands prints each action as its command (the profile, ids,
// reason and raw amount as recorded) after a comment with its outcome and
// what it undid and the HTTP request it sent; the table has the undo's link too.
func TestAuditAsCommandsAndUndoOf(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	l, err := audit.Open(path, "prod", "h.example")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range []audit.Entry{
		{Seq: "a1", Action: "suspend", StrategyIDs: []int64{4211}, User: "cust_8f3", Outcome: audit.OutcomeDone, Reason: "INC-77 db"},
		{Seq: "a2", Action: "resume", StrategyIDs: []int64{4211}, Outcome: audit.OutcomeDone, UndoOf: "a1"},
		{Seq: "a3", Action: "add-balance", StrategyIDs: []int64{9}, Outcome: audit.OutcomeFailed, Amount: "1500000", Error: "boom"},
		{Seq: "a4", Action: "disable-all", User: "cust_8f3", Outcome: audit.OutcomeRefused},
	} {
		if err := l.Write(e); err != nil {
			t.Fatal(err)
		}
	}
	_ = l.Close()
	var out bytes.Buffer
	if err := AuditAs(IO{Out: &out}, path, Table, true, 0, time.Now()); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{
		"stratop --profile prod strategies suspend 4211 --reason 'INC-77 db'",
		"· a2 · done · ",
		"undo of a1 · POST /api/v1/strategies/resumeStrategy {\"userId\":\"\",\"strategyId\":4211}\nstratop --profile prod strategies resume 4211",
		"--amount 1500000 --raw",
		"stratop --profile prod users disable-all cust_8f3",
		"· POST /api/v1/strategies/suspendStrategy {\"userId\":\"cust_8f3\",\"strategyId\":4211}\nstratop --profile prod strategies suspend 4211",
		"failed · h.example · boom · POST /api/v1/strategies/changeBalance {",
		"· POST /api/v1/strategies/disableAllStrategies {\"userId\":\"cust_8f3\"}\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in:\n%s", want, got)
		}
	}
	if n := strings.Count(got, "\nstratop ") + strings.Count(got[:min(len(got), 8)], "stratop "); n != 4 {
		t.Errorf("%d command lines, want 4:\n%s", n, got)
	}
	out.Reset()
	if err := Audit(IO{Out: &out}, path, Table, 0, time.Now()); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "UNDO OF") || !strings.Contains(out.String(), " a1 ") {
		t.Fatalf("the table does not link the undo:\n%s", out.String())
	}
}
