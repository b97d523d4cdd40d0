package root

import (
	"bytes"
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/audit"
)

// childArgsEnv carries the arguments of stratop run as a child process by
// TestAuditChildProcess.
const childArgsEnv = "STRATOP_TEST_CHILD_ARGS"

// TestAuditChildProcess is not a test: it is the stratop program when the
// test binary is started as a child by TestAuditKilledBetweenIntentAndOutcome.
func TestAuditChildProcess(t *testing.T) {
	args := os.Getenv(childArgsEnv)
	if args == "" {
		t.Skip("only runs as a child process")
	}
	os.Exit(Run(strings.Split(args, "\x1f"), os.Stdin, os.Stdout, os.Stderr))
}

func TestAuditKilledBetweenIntentAndOutcome(t *testing.T) {
	e := newCLIEnv(t)
	s := e.strategyWith(api.StatusActive, false)
	path := filepath.Join(e.state, "stratop", "audit.jsonl")

	// The halt request reaches the server and is held there until the
	// child is dead, so the program is certainly between intent and outcome.
	arrived := make(chan struct{})
	release := make(chan struct{})
	e.setHook(func(r *http.Request) {
		if r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/halt") {
			close(arrived)
			select {
			case <-release:
			case <-r.Context().Done():
			}
		}
	})
	defer close(release)

	child := exec.Command(os.Args[0], "-test.run", "^TestAuditChildProcess$")
	child.Env = append(os.Environ(), childArgsEnv+"="+strings.Join([]string{"strategies", "halt", id(s), "--yes"}, "\x1f"))
	var childOut bytes.Buffer
	child.Stdout, child.Stderr = &childOut, &childOut
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	select {
	case <-arrived:
	case <-time.After(60 * time.Second): // a deadlock guard, not a speed requirement
		_ = child.Process.Kill()
		_ = child.Wait()
		t.Fatalf("the halt never arrived; child said:\n%s", childOut.String())
	}
	// The intent is on disk before the request left.
	recs, err := audit.Read(path, time.Time{})
	if err != nil || len(recs) != 1 || !recs[0].Pending {
		t.Fatalf("before the kill: %+v, %v; want one intent without outcome", recs, err)
	}
	if err := child.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = child.Wait()

	out := e.ok("audit", "-o", "json")
	var got []audit.Record
	if err := json.Unmarshal([]byte(out), &got); err != nil || len(got) != 1 {
		t.Fatalf("stratop audit -o json: %q, %v", out, err)
	}
	if got[0].Outcome != audit.OutcomeUnknown || got[0].Action != "halt" || got[0].StrategyIDs[0] != s.ID || got[0].Source != "cli" {
		t.Errorf("record %+v: want halt of %d with outcome unknown", got[0], s.ID)
	}
	if table := e.ok("audit", "-o", "table"); !strings.Contains(table, "outcome unknown") {
		t.Errorf("stratop audit (table):\n%s", table)
	}

	st, err := os.Stat(path)
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Errorf("audit log mode %v, %v; want 0600", st.Mode().Perm(), err)
	}
	dst, err := os.Stat(filepath.Dir(path))
	if err != nil || dst.Mode().Perm() != 0o700 {
		t.Errorf("audit dir mode %v, %v; want 0700", dst.Mode().Perm(), err)
	}
	raw, _ := os.ReadFile(path)
	for _, c := range []string{canaryKey, canarySecret} {
		if bytes.Contains(raw, []byte(c)) || strings.Contains(childOut.String(), c) {
			t.Errorf("a credential reached the audit log or the child's output")
		}
	}
}

// TestAuditNeverHoldsACredential runs every kind of recorded action (done,
// refused, user-wide, raw) with the canary credentials in the environment,
// then scans the audit log and everything the commands printed.
func TestAuditNeverHoldsACredential(t *testing.T) {
	e := newCLIEnv(t)
	s := e.strategyWith(api.StatusActive, false)
	v := e.strategyWith(api.StatusActive, true)
	e.ok("strategies", "halt", id(s), "--yes")
	e.ok("strategies", "add-balance", id(v), "--amount", "2", "--yes")
	e.run("", "strategies", "suspend", id(s), "--yes") // refused: paused
	e.ok("users", "disable-all", s.UserID, "--yes")
	e.ok("api", "POST", "strategies/"+id(v)+"/halt")
	e.run(`{"userId":"`+v.UserID+`","strategyId":`+id(v)+`}`, "api", "POST", "strategies/stopStrategy", "--input", "-")
	e.ok("audit")
	e.ok("audit", "-o", "json")

	raw, err := os.ReadFile(filepath.Join(e.state, "stratop", "audit.jsonl"))
	if err != nil || len(raw) == 0 {
		t.Fatalf("no audit log: %v", err)
	}
	for _, c := range []string{canaryKey, canarySecret} {
		if bytes.Contains(raw, []byte(c)) {
			t.Errorf("a credential reached the audit log")
		}
	}
	if recs := e.auditRecords(); len(recs) < 4 {
		t.Errorf("%d audit records, want every action sent", len(recs))
	}
	for _, o := range e.outputs {
		if strings.Contains(o, canaryKey) || strings.Contains(o, canarySecret) {
			t.Errorf("a credential reached an output: %q", o)
		}
	}
}
