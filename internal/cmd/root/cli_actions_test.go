package root

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/audit"
)

func id(s api.Strategy) string { return strconv.FormatInt(s.ID, 10) }

// status reads a strategy's state from the sandbox itself.
func (e *cliEnv) status(sid int64) api.Status {
	e.t.Helper()
	s, ok := e.sb.Strategy(sid)
	if !ok {
		e.t.Fatalf("strategy %d is gone", sid)
	}
	return s.Status
}

func (e *cliEnv) auditRecords() []audit.Record {
	e.t.Helper()
	recs, err := audit.Read(filepath.Join(e.state, "stratop", "audit.jsonl"), time.Time{})
	if err != nil {
		e.t.Fatal(err)
	}
	return recs
}

func TestCLIHaltWithoutTerminalOrYesSendsNothing(t *testing.T) {
	e := newCLIEnv(t)
	s := e.strategyWith(api.StatusActive, false)
	out, errOut, code := e.run("y\n", "strategies", "halt", id(s))
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	if !strings.Contains(errOut, "--yes") || out != "" {
		t.Errorf("stdout %q, stderr %q: want nothing on stdout and a hint at --yes", out, errOut)
	}
	if n := len(e.stateChanges()); n != 0 || e.status(s.ID) != api.StatusActive {
		t.Errorf("%d state-changing requests, status %s: nothing may be sent", n, e.status(s.ID))
	}
}

func TestCLIHaltYesPausesAnActiveStrategyAndRecordsIt(t *testing.T) {
	e := newCLIEnv(t)
	s := e.strategyWith(api.StatusActive, false)
	out, errOut, code := e.run("", "strategies", "halt", id(s), "--yes", "-o", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if got := e.status(s.ID); got != api.StatusPaused {
		t.Errorf("status %s after halt, want paused", got)
	}
	var res []map[string]any
	if err := json.Unmarshal([]byte(out), &res); err != nil || len(res) != 1 || res[0]["outcome"] != "done" {
		t.Errorf("results %q (%v): want one done", out, err)
	}
	if n := e.sent("POST", "/strategies/"+id(s)+"/halt"); n != 1 {
		t.Errorf("halt sent %d times, want once", n)
	}
	recs := e.auditRecords()
	if len(recs) != 1 || recs[0].Action != "halt" || recs[0].Outcome != audit.OutcomeDone || recs[0].Source != "cli" ||
		recs[0].StateBefore != api.StatusActive || len(recs[0].StrategyIDs) != 1 || recs[0].StrategyIDs[0] != s.ID {
		t.Errorf("audit records %+v", recs)
	}
	auditOut := e.ok("audit", "-o", "table")
	if !strings.Contains(auditOut, "halt") || !strings.Contains(auditOut, "done") {
		t.Errorf("stratop audit:\n%s", auditOut)
	}
}

func TestCLIHaltOfAnArchivedStrategySendsNothing(t *testing.T) {
	e := newCLIEnv(t)
	s := e.strategyWith(api.StatusActive, false)
	e.sb.SetStrategyStatus(s.ID, api.StatusArchived)
	out, _, code := e.run("", "strategies", "halt", id(s), "--yes", "-o", "csv")
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	if !strings.Contains(out, "refused") || !strings.Contains(out, "archived") {
		t.Errorf("results %q: want a refusal naming the state", out)
	}
	if n := len(e.stateChanges()); n != 0 {
		t.Errorf("%d state-changing requests; want none", n)
	}
}

func TestCLIDryRunSendsNothing(t *testing.T) {
	e := newCLIEnv(t)
	s := e.strategyWith(api.StatusActive, false)
	v := e.strategyWith(api.StatusActive, true)
	for _, args := range [][]string{
		{"strategies", "halt", id(s), "--dry-run"},
		{"strategies", "stop", id(s), "--dry-run", "--yes"},
		{"strategies", "add-balance", id(v), "--amount", "1.5", "--dry-run"},
		{"users", "remove-all", s.UserID, "--dry-run"},
	} {
		out, errOut, code := e.run("", append(args, "-o", "json")...)
		if code != 0 || !strings.Contains(out, "planned") || !strings.Contains(errOut, "->") && !strings.Contains(errOut, "add ") && !strings.Contains(errOut, "user ") {
			t.Errorf("%v: exit %d\nstdout %s\nstderr %s", args, code, out, errOut)
		}
	}
	if n := len(e.stateChanges()); n != 0 || e.status(s.ID) != api.StatusActive {
		t.Errorf("%d state-changing requests; want none", n)
	}
	if recs := e.auditRecords(); len(recs) != 0 {
		t.Errorf("a dry run was recorded: %+v", recs)
	}
}

func TestCLIAddBalanceSendsExactRawUnits(t *testing.T) {
	e := newCLIEnv(t)
	v := e.strategyWith(api.StatusActive, true)
	out := e.ok("strategies", "add-balance", id(v), "--amount", "1.5", "--yes", "-o", "json")
	var res []struct{ Amount, IdempotencyKey, Outcome string }
	if err := json.Unmarshal([]byte(out), &res); err != nil || len(res) != 1 {
		t.Fatalf("%q: %v", out, err)
	}
	want := "15" + strings.Repeat("0", v.Pool.Decimals-1)
	if res[0].Amount != want || res[0].Outcome != "done" || res[0].IdempotencyKey == "" {
		t.Errorf("result %+v, want amount %s done with a key", res[0], want)
	}
	recs := e.auditRecords()
	if len(recs) != 1 || recs[0].Amount != want || recs[0].IdempotencyKey != res[0].IdempotencyKey {
		t.Errorf("audit %+v: want the amount and the idempotency key", recs)
	}
	if _, _, code := e.run("", "strategies", "add-balance", id(v), "--amount", "1e3", "--yes"); code != 2 {
		t.Errorf("an exponent amount: exit %d, want 2", code)
	}
}

func TestCLIUserWideActionRecordsTheUser(t *testing.T) {
	e := newCLIEnv(t)
	s := e.strategyWith(api.StatusActive, false)
	e.ok("users", "disable-all", s.UserID, "--yes")
	recs := e.auditRecords()
	if len(recs) != 1 || recs[0].Action != "disable-all" || recs[0].User != s.UserID || recs[0].Outcome != audit.OutcomeDone {
		t.Errorf("audit %+v", recs)
	}
	if _, _, code := e.run("", "users", "remove-all", "no-such-user", "--yes"); code != 1 {
		t.Errorf("unknown user: exit %d, want 1", code)
	}
}

func TestCLIUserJobSaysStartedAndWaitFollowsItToTheEnd(t *testing.T) {
	e := newCLIEnv(t)
	s := e.strategyWith(api.StatusActive, false)
	out, errOut, code := e.run("", "users", "disable-all", s.UserID, "--yes", "-o", "json")
	var rs []map[string]any
	if err := json.Unmarshal([]byte(out), &rs); code != 0 || err != nil || len(rs) != 1 || rs[0]["outcome"] != "started" {
		t.Fatalf("disable-all without --wait: exit %d, %s; stderr %s", code, out, errOut)
	}
	if !strings.Contains(errOut, "started") || !strings.Contains(errOut, "--wait") {
		t.Errorf("stderr does not say the job started: %q", errOut)
	}
	out, errOut, code = e.run("", "users", "remove-all", s.UserID, "--yes", "--wait", "--wait-timeout", "1d", "-o", "json")
	if err := json.Unmarshal([]byte(out), &rs); code != 0 || err != nil || len(rs) != 1 || rs[0]["outcome"] != "done" ||
		rs[0]["changed"] == nil || rs[0]["changed"] != rs[0]["strategies"] || rs[0]["changed"].(float64) < 1 {
		t.Fatalf("remove-all --wait: exit %d, %s; stderr %s", code, out, errOut)
	}
	if e.status(s.ID) != api.StatusArchived {
		t.Errorf("done reported while strategy %d is %s", s.ID, e.status(s.ID))
	}
}

func TestCLIAPIRefusesOtherOriginsAndEscapes(t *testing.T) {
	e := newCLIEnv(t)
	for _, p := range []string{"https://elsewhere/", "//elsewhere/api/v1/users", "../", "../../x", "users/../../x", "users/%2e%2e/%2e%2e/x", "/api/v1/users"} {
		if _, errOut, code := e.run("", "api", "GET", p); code != 2 {
			t.Errorf("api GET %q: exit %d (%s), want 2", p, code, errOut)
		}
	}
	if n := e.requestCount(); n != 0 {
		t.Errorf("%d requests arrived", n)
	}
}

func TestCLIAPIValidatesKnownRoutesAndRecordsActions(t *testing.T) {
	e := newCLIEnv(t)
	s := e.strategyWith(api.StatusActive, false)
	body := `{"userId":"` + s.UserID + `","chainId":8453,"inputToken":"0x1","outputToken":"0x2","tokenAddress":"0x2","balanceUsed":"1000","dcaFrequency":2}`
	_, errOut, code := e.run(body, "api", "POST", "strategies/createStrategyDcaBuy", "--input", "-")
	if code != 2 || !strings.Contains(errOut, "orders") {
		t.Errorf("DCA create without orders: exit %d, stderr %q; want 2 naming orders", code, errOut)
	}
	if n := len(e.stateChanges()); n != 0 {
		t.Errorf("an invalid create was sent")
	}

	out := e.ok("api", "GET", "strategies/"+id(s))
	var got api.Strategy
	if err := json.Unmarshal([]byte(out), &got); err != nil || got.ID != s.ID {
		t.Errorf("api GET: %q, %v", out, err)
	}
	e.ok("api", "POST", "strategies/"+id(s)+"/halt")
	if e.status(s.ID) != api.StatusPaused {
		t.Error("api POST halt did not pause")
	}
	in := filepath.Join(t.TempDir(), "body.json")
	_ = os.WriteFile(in, []byte(`{"userId":"`+s.UserID+`","strategyId":`+id(s)+`}`), 0o600)
	_, errOut, code = e.run("", "api", "POST", "strategies/suspendStrategy", "--input", in)
	if code != 1 || !strings.Contains(errOut, "400") {
		t.Errorf("suspend of a paused strategy: exit %d, stderr %q; want 1 with the 400 body", code, errOut)
	}
	recs := e.auditRecords()
	if len(recs) != 2 || recs[0].Outcome != audit.OutcomeDone || recs[1].Outcome != audit.OutcomeRefused ||
		!strings.Contains(recs[1].Action, "suspendStrategy") || recs[1].User != s.UserID {
		t.Errorf("audit %+v: want the halt done and the suspend refused", recs)
	}
}
