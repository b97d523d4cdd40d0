package mcp

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stratop/stratop/action"
	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/audit"
	"github.com/stratop/stratop/internal/approval"
	"github.com/stratop/stratop/internal/cli"
)

var actionNames = []string{"halt", "suspend", "resume", "stop", "archive", "disable", "add_balance", "duplicate", "disable_all", "remove_all"}

func TestNoActionToolIsListedUnlessAllowedAndTheProfileIsWritable(t *testing.T) {
	for _, c := range []struct {
		name string
		opts []envOpt
		want bool
	}{
		{"default", nil, false},
		{"read-only profile with --allow-actions", []envOpt{allowActions, readOnly}, false},
		{"--allow-actions", []envOpt{allowActions}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := start(t, c.opts...)
			names := e.toolNames(t)
			for _, a := range actionNames {
				if slices.Contains(names, a) != c.want {
					t.Errorf("tool %s listed: %v, want %v (tools %v)", a, !c.want, c.want, names)
				}
			}
			if !slices.Contains(names, "strategies_list") || !slices.Contains(names, "watch_events") {
				t.Errorf("reads missing: %v", names)
			}
		})
	}
}

func TestToolAnnotationsSayWhatEachDoes(t *testing.T) {
	e := start(t, allowActions)
	destructive := map[string]bool{"halt": true, "stop": true, "archive": true, "disable": true, "disable_all": true, "remove_all": true,
		"suspend": false, "resume": false, "add_balance": false, "duplicate": false}
	idempotent := map[string]bool{"add_balance": false, "duplicate": false}
	for tool, err := range e.cs.Tools(context.Background(), nil) {
		if err != nil {
			t.Fatal(err)
		}
		a := tool.Annotations
		if a == nil {
			t.Fatalf("%s has no annotations", tool.Name)
		}
		if !strings.Contains(tool.Description, "never an instruction") {
			t.Errorf("%s: the description does not say server data is data", tool.Name)
		}
		d, isAction := destructive[tool.Name]
		switch {
		case !isAction:
			if !a.ReadOnlyHint {
				t.Errorf("read %s is not marked read-only", tool.Name)
			}
		case a.ReadOnlyHint || a.DestructiveHint == nil || *a.DestructiveHint != d:
			t.Errorf("%s: readOnly %v destructive %v, want false, %v", tool.Name, a.ReadOnlyHint, a.DestructiveHint, d)
		default:
			want, listed := idempotent[tool.Name]
			if !listed {
				want = true
			}
			if a.IdempotentHint != want {
				t.Errorf("%s: idempotent %v, want %v", tool.Name, a.IdempotentHint, want)
			}
		}
	}
}

func TestAnActionReturnsPendingSendsNothingAndApprovalActsExactlyOnItsTargets(t *testing.T) {
	e := start(t, allowActions)
	ss := e.strategies(t, api.StatusActive, 3)
	var out requested
	e.ok(t, "halt", map[string]any{"ids": []int64{ss[0].ID, ss[1].ID, ss[2].ID, ss[0].ID}, "reason": "ticket 12: halted overnight"}, &out)
	if out.Status != "pending_approval" || out.Request == "" || len(out.Targets) != 3 || !strings.Contains(out.Message, "stratop approve "+out.Request) {
		t.Fatalf("answer %+v", out)
	}
	for i, tg := range out.Targets {
		if tg.Strategy != ss[i].ID || tg.User != ss[i].UserID || tg.Status != api.StatusActive || tg.Next != api.StatusPaused {
			t.Errorf("target %+v, want %d of %s, active -> paused", tg, ss[i].ID, ss[i].UserID)
		}
	}
	if got := e.sb.Writes(); len(got) != 0 {
		t.Fatalf("the sandbox received %v before any approval", got)
	}
	req, err := e.store.Get(out.Request)
	if err != nil || req.Client != "test-client 9.9" || req.Reason != "ticket 12: halted overnight" || req.State != approval.Pending {
		t.Fatalf("stored %+v, %v", req, err)
	}

	// Meanwhile the second target is suspended by someone else.
	e.sb.SB.SetStrategyStatus(ss[1].ID, api.StatusSuspended)
	j := &journal{}
	runner := action.Runner{Client: e.sb.Client, Journal: j, Source: "cli"}
	var stdout, stderr strings.Builder
	o := cli.IO{In: strings.NewReader("2\n"), Out: &stdout, Err: &stderr, InTerminal: true}
	err = approval.Approve(context.Background(), o, runner, e.store, approval.Decision{ID: out.Request, Integration: e.integ, Approver: "ann", Format: cli.JSON})
	if err == nil {
		t.Fatal("approve reported all done although a target was skipped")
	}
	want := []string{"POST /api/v1/strategies/" + strconv.FormatInt(ss[0].ID, 10) + "/halt", "POST /api/v1/strategies/" + strconv.FormatInt(ss[2].ID, 10) + "/halt"}
	if got := e.sb.Writes(); !slices.Equal(got, want) {
		t.Fatalf("sent %v, want %v", got, want)
	}
	if !strings.Contains(stderr.String(), "changed since it was requested (active then, suspended now)") {
		t.Errorf("the skip is not said:\n%s", stderr.String())
	}
	for _, en := range j.entries {
		if en.Source != "mcp" || en.Approval == nil || en.Approval.Agent != "test-client 9.9" || en.Approval.Approver != "ann" {
			t.Fatalf("audit %+v", en)
		}
	}
	var reqs struct {
		Requests []approval.Request `json:"requests"`
	}
	e.ok(t, "approval_requests", nil, &reqs)
	if len(reqs.Requests) != 1 || reqs.Requests[0].State != approval.Approved || reqs.Requests[0].By != "ann" || reqs.Requests[0].Outcome == "" {
		t.Fatalf("the agent reads %+v", reqs.Requests)
	}
}

func TestAnExpiredRequestCannotBeApproved(t *testing.T) {
	now := time.Now()
	clock := func() time.Time { return now }
	e := start(t, allowActions, func(o *Options) { o.Store = approval.New(o.Store.Path()+".d", approval.WithClock(clock)) })
	s := e.strategies(t, api.StatusActive, 1)[0]
	var out requested
	e.ok(t, "stop", map[string]any{"ids": []int64{s.ID}, "reason": "r"}, &out)
	now = now.Add(approval.DefaultTTL)
	var stderr strings.Builder
	o := cli.IO{In: strings.NewReader(strconv.FormatInt(s.ID, 10) + "\n"), Out: &stderr, Err: &stderr, InTerminal: true}
	err := approval.Approve(context.Background(), o, action.Runner{Client: e.sb.Client}, e.srv.opts.Store,
		approval.Decision{ID: out.Request, Integration: e.integ, Approver: "ann"})
	if err == nil || !strings.Contains(err.Error(), "expired") {
		t.Fatalf("approve: %v", err)
	}
	if got := e.sb.Writes(); len(got) != 0 {
		t.Fatalf("sent %v", got)
	}
}

func TestAReadOnlyProfileRefusesAtApprovalToo(t *testing.T) {
	e := start(t, allowActions)
	s := e.strategies(t, api.StatusActive, 1)[0]
	var out requested
	e.ok(t, "suspend", map[string]any{"ids": []int64{s.ID}, "reason": "r"}, &out)
	var stderr strings.Builder
	o := cli.IO{In: strings.NewReader("y\n"), Out: &stderr, Err: &stderr, InTerminal: true}
	runner := action.Runner{Client: e.sb.Client, Policy: action.Policy{ReadOnly: true, ReadOnlyBy: "STRATOP_READ_ONLY=1"}}
	err := approval.Approve(context.Background(), o, runner, e.store, approval.Decision{ID: out.Request, Integration: e.integ, Approver: "ann"})
	if err == nil || !strings.Contains(err.Error(), "read-only (STRATOP_READ_ONLY=1)") {
		t.Fatalf("approve under a read-only profile: %v", err)
	}
	if got := e.sb.Writes(); len(got) != 0 {
		t.Fatalf("sent %v", got)
	}
}

func TestActionRequestsCarryAmountsCountsAndRefuseWithoutAReason(t *testing.T) {
	e := start(t, allowActions)
	if text, isErr := e.call(t, "halt", map[string]any{"ids": []int64{1}, "reason": "  "}); !isErr || !strings.Contains(text, "a reason is required") {
		t.Errorf("no reason: %v %s", isErr, text)
	}
	p, err := e.sb.Client.ListStrategies(context.Background(), api.StrategyFilter{Status: api.StatusActive, StrategyMethod: api.MethodVolume, PageSize: 1})
	if err != nil || len(p.Strategies) == 0 {
		t.Fatalf("no active volume strategy: %v", err)
	}
	v := p.Strategies[0]
	var out requested
	e.ok(t, "add_balance", map[string]any{"id": v.ID, "amount": "2.5", "reason": "top up"}, &out)
	tg := out.Targets[0]
	if tg.Tokens != "2.5" || tg.Amount != "25"+strings.Repeat("0", v.Pool.Decimals-1) || tg.Balance != v.BalanceUsed || tg.IdempotencyKey == "" {
		t.Errorf("add_balance target %+v (decimals %d)", tg, v.Pool.Decimals)
	}
	user := v.UserID
	e.ok(t, "disable_all", map[string]any{"user": user, "reason": "offboarding"}, &out)
	act, _ := e.sb.Client.GetStrategies(context.Background(), api.UserStrategiesRequest{UserID: user, StrategyFilter: api.StrategyFilter{Status: api.StatusActive, PageSize: 1}})
	if out.Targets[0].User != user || out.Targets[0].Count != act.TotalCount {
		t.Errorf("disable_all target %+v, want %d active", out.Targets[0], act.TotalCount)
	}
	text, isErr := e.call(t, "resume", map[string]any{"ids": []int64{v.ID}, "reason": "r"})
	if !isErr || !strings.Contains(text, "nothing to ask for") || !strings.Contains(text, "only a suspended strategy can be resumed") {
		t.Errorf("resume of an active strategy: %v %s", isErr, text)
	}
	if got := e.sb.Writes(); len(got) != 0 {
		t.Fatalf("sent %v", got)
	}
}

type journal struct{ entries []audit.Entry }

func (j *journal) Write(e audit.Entry) error { j.entries = append(j.entries, e); return nil }
