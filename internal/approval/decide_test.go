package approval

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stratop/stratop/action"
	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/audit"
	"github.com/stratop/stratop/internal/cli"
	"github.com/stratop/stratop/internal/testkit"
)

const integ = "http://127.0.0.1:1#nokey"

type memJournal struct{ entries []audit.Entry }

func (m *memJournal) Write(e audit.Entry) error { m.entries = append(m.entries, e); return nil }

// world is the sandbox, a store and a runner as the command line has them.
type world struct {
	sb     *testkit.Sandbox
	store  *Store
	clock  *clock
	j      *memJournal
	runner action.Runner
}

func newWorld(t *testing.T) *world {
	w := &world{sb: testkit.NewSandbox(t), clock: newClock(), j: &memJournal{}}
	w.store = New(t.TempDir(), WithClock(w.clock.now))
	w.runner = action.Runner{Client: w.sb.Client, Journal: w.j, Source: "cli"}
	return w
}

func (w *world) strategies(t *testing.T, st api.Status, n int) []api.Strategy {
	t.Helper()
	p, err := w.sb.Client.ListStrategies(context.Background(), api.StrategyFilter{Status: st, PageSize: 50})
	if err != nil || len(p.Strategies) < n {
		t.Fatalf("want %d %s strategies: %v", n, st, err)
	}
	return p.Strategies[:n]
}

// ask records a request as the MCP server does.
func (w *world) ask(t *testing.T, a Ask) Request {
	t.Helper()
	targets, skipped, err := Plan(context.Background(), w.runner, a)
	if err != nil || len(skipped) != 0 {
		t.Fatalf("plan: %v, skipped %+v", err, skipped)
	}
	r, err := w.store.Add(Request{Action: a.Spec.Name, Integration: integ, Client: "test-agent 1.0", Reason: a.Reason, Targets: targets})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// approve runs `stratop approve` with typed answered on a terminal.
func (w *world) approve(id, typed string) (string, string, error) {
	var out, errw strings.Builder
	o := cli.IO{In: strings.NewReader(typed), Out: &out, Err: &errw, InTerminal: true}
	err := Approve(context.Background(), o, w.runner, w.store, Decision{ID: id, Integration: integ, Approver: "ann", Format: cli.JSON})
	return out.String(), errw.String(), err
}

func ids(ss []api.Strategy) []int64 {
	out := make([]int64, len(ss))
	for i, s := range ss {
		out[i] = s.ID
	}
	return out
}

func TestApproveActsExactlyOnTheRequestedTargetsAndRecordsWhoAskedAndWhoApproved(t *testing.T) {
	w := newWorld(t)
	ss := w.strategies(t, api.StatusActive, 2)
	r := w.ask(t, Ask{Spec: action.Halt, IDs: ids(ss), Reason: "ticket 9"})
	if got := w.sb.Writes(); len(got) != 0 {
		t.Fatalf("asking sent %v", got)
	}
	_, msgs, err := w.approve(r.ID, "2\n") // halt: the number of strategies typed
	if err != nil {
		t.Fatalf("approve: %v\n%s", err, msgs)
	}
	want := []string{"POST /api/v1/strategies/" + strconv.FormatInt(ss[0].ID, 10) + "/halt", "POST /api/v1/strategies/" + strconv.FormatInt(ss[1].ID, 10) + "/halt"}
	if got := w.sb.Writes(); !slices.Equal(got, want) {
		t.Fatalf("sent %v, want %v", got, want)
	}
	for _, s := range ss {
		if now, _ := w.sb.SB.Strategy(s.ID); now.Status != api.StatusPaused {
			t.Errorf("%d is %s, want paused", s.ID, now.Status)
		}
	}
	if len(w.j.entries) != 4 {
		t.Fatalf("audit %+v", w.j.entries)
	}
	for _, e := range w.j.entries {
		if e.Source != "mcp" || e.Reason != "ticket 9" || e.Approval == nil ||
			*e.Approval != (audit.Approval{Request: r.ID, Agent: "test-agent 1.0", Approver: "ann"}) {
			t.Fatalf("audit line %+v (approval %+v)", e, e.Approval)
		}
	}
	if got, _ := w.store.Get(r.ID); got.State != Approved || got.By != "ann" || got.Outcome != "done" {
		t.Fatalf("request after approval %+v", got)
	}
	if _, _, err := w.approve(r.ID, "2\n"); err == nil || len(w.sb.Writes()) != 2 {
		t.Fatalf("a second approval: %v, sent %v", err, w.sb.Writes())
	}
}

func TestATargetChangedSinceTheRequestIsSkippedAndSaid(t *testing.T) {
	w := newWorld(t)
	ss := w.strategies(t, api.StatusActive, 2)
	r := w.ask(t, Ask{Spec: action.Halt, IDs: ids(ss), Reason: "r"})
	// Suspended meanwhile: halt would still be allowed, but it is not what was approved.
	w.sb.SB.SetStrategyStatus(ss[0].ID, api.StatusSuspended)
	out, msgs, err := w.approve(r.ID, strconv.FormatInt(ss[1].ID, 10)+"\n") // the one target left, by its id
	var ee *cli.ExitError
	if !errors.As(err, &ee) || ee.Code != cli.ExitFailed {
		t.Fatalf("approve: %v, want exit 1 (one target skipped)", err)
	}
	if got := w.sb.Writes(); !slices.Equal(got, []string{"POST /api/v1/strategies/" + strconv.FormatInt(ss[1].ID, 10) + "/halt"}) {
		t.Fatalf("sent %v, want the unchanged target only\n%s", got, msgs)
	}
	if !strings.Contains(msgs, "changed since it was requested (active then, suspended now)") || !strings.Contains(out, "changed since") {
		t.Fatalf("the skip is not said:\n%s\n%s", msgs, out)
	}
	if now, _ := w.sb.SB.Strategy(ss[0].ID); now.Status != api.StatusSuspended {
		t.Fatalf("the changed target is %s", now.Status)
	}
}

func TestATypedActionAsksForTheIDAndACancelSendsNothing(t *testing.T) {
	w := newWorld(t)
	s := w.strategies(t, api.StatusActive, 1)[0]
	r := w.ask(t, Ask{Spec: action.Stop, IDs: []int64{s.ID}, Reason: "r"})
	if _, msgs, err := w.approve(r.ID, "y\n"); err == nil || !strings.Contains(msgs, "Type the strategy id") {
		t.Fatalf("y approved a typed action: %v\n%s", err, msgs)
	}
	if got, _ := w.store.Get(r.ID); got.State != Pending || len(w.sb.Writes()) != 0 {
		t.Fatalf("a cancel claimed or sent: %+v %v", got, w.sb.Writes())
	}
	if _, msgs, err := w.approve(r.ID, strconv.FormatInt(s.ID, 10)+"\n"); err != nil {
		t.Fatalf("approve: %v\n%s", err, msgs)
	}
	if got := w.sb.Writes(); len(got) != 1 || !strings.HasSuffix(got[0], "/strategies/stopStrategy") {
		t.Fatalf("sent %v", got)
	}
}

func TestNothingIsSentForAnExpiredARejectedOrAReadOnlyApproval(t *testing.T) {
	w := newWorld(t)
	ss := w.strategies(t, api.StatusActive, 3)
	expired := w.ask(t, Ask{Spec: action.Halt, IDs: ids(ss[:1]), Reason: "r"})
	w.clock.add(DefaultTTL)
	rejected := w.ask(t, Ask{Spec: action.Halt, IDs: ids(ss[1:2]), Reason: "r"})
	readOnly := w.ask(t, Ask{Spec: action.Halt, IDs: ids(ss[2:3]), Reason: "r"})

	if _, _, err := w.approve(expired.ID, "y\n"); err == nil || !strings.Contains(err.Error(), "expired") {
		t.Errorf("expired: %v", err)
	}
	var errw strings.Builder
	if err := Reject(cli.IO{Err: &errw}, w.store, Decision{ID: rejected.ID, Integration: integ, Approver: "bob"}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := w.approve(rejected.ID, "y\n"); err == nil || !strings.Contains(err.Error(), "rejected by bob") {
		t.Errorf("rejected: %v", err)
	}
	w.runner.ReadOnly, w.runner.ReadOnlyBy = true, "profile prod: read_only"
	if _, _, err := w.approve(readOnly.ID, "y\n"); err == nil || !strings.Contains(err.Error(), "read-only (profile prod: read_only)") {
		t.Errorf("read-only: %v", err)
	}
	if got, _ := w.store.Get(readOnly.ID); got.State != Pending {
		t.Errorf("a read-only refusal decided the request: %+v", got)
	}
	other := Decision{ID: readOnly.ID, Integration: "https://elsewhere:443#nokey", Approver: "ann"}
	w.runner.ReadOnly = false
	if err := Approve(context.Background(), cli.IO{In: strings.NewReader("y\n"), Out: &errw, Err: &errw, InTerminal: true}, w.runner, w.store, other); err == nil {
		t.Error("approved from another integration")
	}
	if got := w.sb.Writes(); len(got) != 0 || len(w.j.entries) != 0 {
		t.Fatalf("sent %v, recorded %+v", got, w.j.entries)
	}
}

func TestAddBalanceApprovalSendsTheRecordedRawAmountOnce(t *testing.T) {
	w := newWorld(t)
	p, err := w.sb.Client.ListStrategies(context.Background(), api.StrategyFilter{Status: api.StatusActive, StrategyMethod: api.MethodVolume, PageSize: 1})
	if err != nil || len(p.Strategies) == 0 {
		t.Fatalf("no active volume strategy: %v", err)
	}
	s := p.Strategies[0]
	r := w.ask(t, Ask{Spec: action.AddBalance, IDs: []int64{s.ID}, Amount: "1.5", Reason: "top up"})
	tg := r.Targets[0]
	if tg.Amount == "" || tg.IdempotencyKey == "" || tg.Tokens != "1.5" {
		t.Fatalf("target %+v", tg)
	}
	if _, msgs, err := w.approve(r.ID, "y\n"); err != nil {
		t.Fatalf("approve: %v\n%s", err, msgs)
	}
	if len(w.j.entries) != 2 || w.j.entries[0].Amount != tg.Amount || w.j.entries[0].IdempotencyKey != tg.IdempotencyKey {
		t.Fatalf("audit %+v, want amount %s key %s", w.j.entries, tg.Amount, tg.IdempotencyKey)
	}
}

func TestAUserWideJobWhoseCountChangedIsSkipped(t *testing.T) {
	w := newWorld(t)
	s := w.strategies(t, api.StatusActive, 1)[0]
	r := w.ask(t, Ask{Spec: action.DisableAll, User: s.UserID, Reason: "offboarding"})
	if r.Targets[0].Count < 1 || r.Targets[0].User != s.UserID {
		t.Fatalf("target %+v", r.Targets[0])
	}
	w.sb.SB.SetStrategyStatus(s.ID, api.StatusSuspended)
	out, msgs, err := w.approve(r.ID, s.UserID+"\n")
	if err == nil || !strings.Contains(out, "changed since it was requested") {
		t.Fatalf("approve: %v\n%s\n%s", err, out, msgs)
	}
	if got := w.sb.Writes(); len(got) != 0 {
		t.Fatalf("sent %v", got)
	}
}
