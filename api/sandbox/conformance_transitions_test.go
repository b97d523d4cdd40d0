package sandbox_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/stratop/stratop/api"
)

// Spec section 3: every transition from every state, allowed and refused.

var allStates = []api.Status{api.StatusActive, api.StatusSuspended, api.StatusPaused, api.StatusCompleted, api.StatusArchived}

// lifecycleOp is one single-strategy lifecycle route.
type lifecycleOp struct {
	name  string
	call  func(ctx context.Context, c *api.Client, user string, id int64) (*api.Strategy, error)
	to    map[api.Status]api.Status // from -> next; a missing from is refused with 400
	zeros bool                      // strategy balances zeroed
}

var lifecycleOps = []lifecycleOp{
	{name: "halt", call: func(ctx context.Context, c *api.Client, _ string, id int64) (*api.Strategy, error) {
		return c.HaltStrategy(ctx, id)
	},
		to: map[api.Status]api.Status{api.StatusActive: api.StatusPaused, api.StatusSuspended: api.StatusPaused, api.StatusPaused: api.StatusPaused}},
	{name: "archive", zeros: true, call: func(ctx context.Context, c *api.Client, _ string, id int64) (*api.Strategy, error) {
		return c.ArchiveStrategy(ctx, id)
	}, to: map[api.Status]api.Status{api.StatusActive: api.StatusArchived, api.StatusSuspended: api.StatusArchived, api.StatusPaused: api.StatusArchived, api.StatusCompleted: api.StatusArchived}},
	{name: "removeStrategy", zeros: true, call: func(ctx context.Context, c *api.Client, u string, id int64) (*api.Strategy, error) {
		return c.RemoveStrategy(ctx, api.StrategyRef{UserID: u, StrategyID: id})
	}, to: map[api.Status]api.Status{api.StatusActive: api.StatusArchived, api.StatusSuspended: api.StatusArchived, api.StatusPaused: api.StatusArchived, api.StatusCompleted: api.StatusArchived}},
	{name: "disableStrategy", zeros: true, call: func(ctx context.Context, c *api.Client, u string, id int64) (*api.Strategy, error) {
		return c.DisableStrategy(ctx, api.StrategyRef{UserID: u, StrategyID: id})
	}, to: map[api.Status]api.Status{api.StatusActive: api.StatusPaused, api.StatusSuspended: api.StatusPaused, api.StatusPaused: api.StatusPaused}},
	{name: "suspendStrategy", call: func(ctx context.Context, c *api.Client, u string, id int64) (*api.Strategy, error) {
		return c.SuspendStrategy(ctx, api.StrategyRef{UserID: u, StrategyID: id})
	}, to: map[api.Status]api.Status{api.StatusActive: api.StatusSuspended}},
	{name: "resumeStrategy", call: func(ctx context.Context, c *api.Client, u string, id int64) (*api.Strategy, error) {
		return c.ResumeStrategy(ctx, api.StrategyRef{UserID: u, StrategyID: id})
	}, to: map[api.Status]api.Status{api.StatusSuspended: api.StatusActive}},
	{name: "stopStrategy", zeros: true, call: func(ctx context.Context, c *api.Client, u string, id int64) (*api.Strategy, error) {
		return c.StopStrategy(ctx, api.StrategyRef{UserID: u, StrategyID: id})
	}, to: map[api.Status]api.Status{api.StatusActive: api.StatusCompleted, api.StatusSuspended: api.StatusCompleted, api.StatusPaused: api.StatusCompleted}},
}

func TestTransitions_EveryOperationFromEveryState(t *testing.T) {
	e := newEnv(t)
	f := e.fixture()
	for _, op := range lifecycleOps {
		for _, from := range allStates {
			next, allowed := op.to[from]
			name := op.name + "/from_" + string(from)
			if allowed {
				name += "_allowed"
			} else {
				name += "_refused"
			}
			t.Run(name, func(t *testing.T) {
				st := e.createIn(api.DcaBuy, f, from)
				got, err := op.call(e.ctx, e.c, f.user, st.ID)
				if !allowed {
					expectAPIError(t, err, http.StatusBadRequest, api.ErrBadRequest)
					if now := e.statusOf(st.ID); now != from {
						t.Fatalf("refused transition moved %s to %s", from, now)
					}
					return
				}
				if err != nil {
					t.Fatalf("%s from %s: %v", op.name, from, err)
				}
				if got == nil || got.Status != next || e.statusOf(st.ID) != next {
					t.Fatalf("%s from %s: answered %+v, stored %s; want %s", op.name, from, got, e.statusOf(st.ID), next)
				}
				wantBalance := st.BalanceUsed
				if op.zeros {
					wantBalance = "0"
				}
				if got.BalanceUsed != wantBalance {
					t.Fatalf("balanceUsed %s after %s, want %s", got.BalanceUsed, op.name, wantBalance)
				}
			})
		}
	}
}

func TestTransitions_UpdateDoesNotChangeStatus(t *testing.T) {
	e := newEnv(t)
	f := e.fixture()
	for _, from := range []api.Status{api.StatusActive, api.StatusSuspended, api.StatusPaused} {
		st := e.createIn(api.VolumeBuy, f, from)
		got := must(updateVia(e.ctx, e.c, api.VolumeBuy, api.UpdateStrategyRequest{UserID: f.user, PoolDepositID: st.PoolDepositID,
			PoolID: st.Pool.ID, StrategyID: st.ID, ChainID: st.ChainID, BalanceUsed: "5000", Percentage: ptr(40.0)}))(t)
		if got.Status != from || got.BalanceUsed != "5000" || got.Percentage == nil || *got.Percentage != 40 {
			t.Fatalf("update from %s answered status %s balance %s", from, got.Status, got.BalanceUsed)
		}
	}
}

func TestTransitions_RemoveStrategiesArchivesAndSkipsArchived(t *testing.T) {
	e := newEnv(t)
	f := e.fixture()
	active := e.createIn(api.DcaBuy, f, api.StatusActive)
	completed := e.createIn(api.DcaBuy, f, api.StatusCompleted)
	archived := e.createIn(api.DcaBuy, f, api.StatusArchived)
	res := must(e.c.RemoveStrategies(e.ctx, api.RemoveStrategiesRequest{UserID: f.user, IDs: []int64{active.ID, completed.ID, archived.ID, 999999}}))(t)
	if len(res.Removed) != 2 || len(res.SkippedArchived) != 1 || res.SkippedArchived[0] != archived.ID ||
		len(res.Failed) != 1 || res.Failed[0].ID != 999999 || res.Message == "" {
		t.Fatalf("removeStrategies result %+v", res)
	}
	for _, id := range []int64{active.ID, completed.ID, archived.ID} {
		if e.statusOf(id) != api.StatusArchived {
			t.Fatalf("strategy %d is %s after removeStrategies", id, e.statusOf(id))
		}
	}
}

// waitFor polls cond every 20 ms until it holds or 5 s pass (a bound for a
// job promised to finish within a second, generous for a loaded machine).
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// userStatusCounts counts a user's strategies per state, archived included.
func (e *env) userStatusCounts(ids []int64) map[api.Status]int {
	out := map[api.Status]int{}
	for _, id := range ids {
		out[e.statusOf(id)]++
	}
	return out
}

func TestTransitions_DisableAllStrategiesPausesActiveOnesInTheBackground(t *testing.T) {
	e := newEnv(t)
	f := e.fixture()
	var ids []int64
	for _, s := range allStates {
		ids = append(ids, e.createIn(api.DcaBuy, f, s).ID, e.createIn(api.VolumeSell, f, s).ID)
	}
	started := must(e.c.DisableAllStrategies(e.ctx, f.user))(t)
	if started == nil || !started.Started {
		t.Fatalf("disableAllStrategies answered %+v, want started:true", started)
	}
	waitFor(t, "the disable job", func() bool {
		page := must(e.c.GetStrategies(e.ctx, api.UserStrategiesRequest{UserID: f.user, StrategyFilter: api.StrategyFilter{Status: api.StatusActive}}))(t)
		return page.TotalCount == 0
	})
	got := e.userStatusCounts(ids)
	want := map[api.Status]int{api.StatusPaused: 4, api.StatusSuspended: 2, api.StatusCompleted: 2, api.StatusArchived: 2}
	for s, n := range want {
		if got[s] != n {
			t.Fatalf("after disableAll: %v, want %v", got, want)
		}
	}
}

func TestTransitions_RemoveAllStrategiesArchivesEverythingInTheBackground(t *testing.T) {
	e := newEnv(t)
	f := e.fixture()
	var ids []int64
	for _, s := range allStates {
		ids = append(ids, e.createIn(api.VolumeBuy, f, s).ID)
	}
	started := must(e.c.RemoveAllStrategies(e.ctx, f.user))(t)
	if started == nil || !started.Started {
		t.Fatalf("removeAllStrategies answered %+v", started)
	}
	waitFor(t, "the remove job", func() bool {
		page := must(e.c.GetStrategies(e.ctx, api.UserStrategiesRequest{UserID: f.user}))(t)
		return page.TotalCount == 0
	})
	if got := e.userStatusCounts(ids); got[api.StatusArchived] != len(ids) {
		t.Fatalf("after removeAll: %v", got)
	}
	for i, id := range ids {
		if st, _ := e.sb.Strategy(id); allStates[i] != api.StatusArchived && st.BalanceUsed != "0" {
			t.Fatalf("strategy %d (was %s) keeps balance %s after removeAll", id, allStates[i], st.BalanceUsed)
		}
	}
}

func TestTransitions_AsyncJobsNeedAKnownUser(t *testing.T) {
	e := newEnv(t)
	_, err := e.c.DisableAllStrategies(e.ctx, "nobody-here")
	expectAPIError(t, err, http.StatusNotFound, api.ErrNotFound)
	_, err = e.c.RemoveAllStrategies(e.ctx, "nobody-here")
	expectAPIError(t, err, http.StatusNotFound, api.ErrNotFound)
}

func TestTransitions_CloseFinishesPendingJobs(t *testing.T) {
	e := newEnv(t)
	f := e.fixture()
	st := e.create(api.DcaBuy, f)
	must(e.c.DisableAllStrategies(e.ctx, f.user))(t)
	e.sb.Close() // applies the pending job at once and waits for it
	if s := e.statusOf(st.ID); s != api.StatusPaused {
		t.Fatalf("after Close the job had not run: %s", s)
	}
}
