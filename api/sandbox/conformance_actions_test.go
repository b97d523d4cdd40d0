package sandbox_test

import (
	"net/http"
	"strconv"
	"testing"

	"github.com/stratop/stratop/api"
)

// Spec 4.6: changeBalance rules and idempotency, duplicateStrategy and the
// bulk removal.

const changeBalancePattern = "POST /api/v1/strategies/changeBalance"

func TestChangeBalance_AddsToAVolumeStrategysOwnSide(t *testing.T) {
	e := newEnv(t)
	f := e.fixture()
	buy := e.create(api.VolumeBuy, f)
	got := must(e.c.ChangeBalance(e.ctx, &api.ChangeBalanceRequest{UserID: f.user, StrategyID: buy.ID, BalanceBuyUsed: "500"}))(t)
	if got.BalanceUsed != "1500" {
		t.Fatalf("buy side: balanceUsed %s, want 1500", got.BalanceUsed)
	}
	sell := e.create(api.VolumeSell, f)
	got = must(e.c.ChangeBalance(e.ctx, &api.ChangeBalanceRequest{UserID: f.user, StrategyID: sell.ID, BalanceSellUsed: "250"}))(t)
	if got.BalanceUsed != "1250" {
		t.Fatalf("sell side: balanceUsed %s, want 1250", got.BalanceUsed)
	}
}

func TestChangeBalance_RefusesDCAWrongSideAndMissingFields(t *testing.T) {
	e := newEnv(t)
	f := e.fixture()
	dca := e.create(api.DcaBuy, f)
	buy := e.create(api.VolumeBuy, f)
	sell := e.create(api.VolumeSell, f)
	for name, req := range map[string]api.ChangeBalanceRequest{
		"DCA strategy":    {UserID: f.user, StrategyID: dca.ID, BalanceBuyUsed: "1"},
		"sell side, buy":  {UserID: f.user, StrategyID: buy.ID, BalanceSellUsed: "1"},
		"buy side, sell":  {UserID: f.user, StrategyID: sell.ID, BalanceBuyUsed: "1"},
		"beyond the lock": {UserID: f.user, StrategyID: sell.ID, BalanceSellUsed: "1000000000000000000000000000000000"},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := e.c.ChangeBalance(e.ctx, &req)
			expectAPIError(t, err, http.StatusBadRequest, api.ErrBadRequest)
		})
	}
	raw := map[string]struct{ body, want string }{
		"no side":    {`{"userId":"` + f.user + `","strategyId":` + itoa(buy.ID) + `,"idempotencyKey":"k-1"}`, "at least one"},
		"no key":     {`{"userId":"` + f.user + `","strategyId":` + itoa(buy.ID) + `,"balanceBuyUsed":"5"}`, "idempotencyKey"},
		"bad amount": {`{"userId":"` + f.user + `","strategyId":` + itoa(buy.ID) + `,"balanceBuyUsed":"5.5","idempotencyKey":"k-2"}`, "balanceBuyUsed"},
	}
	for name, c := range raw {
		t.Run(name, func(t *testing.T) {
			e.raw(http.MethodPost, "/api/v1/strategies/changeBalance", c.body).expectStatus(t, http.StatusBadRequest, c.want)
		})
	}
	for id, want := range map[int64]string{dca.ID: "1000", buy.ID: "1000", sell.ID: "1000"} {
		if st, _ := e.sb.Strategy(id); st.BalanceUsed != want {
			t.Fatalf("refused changes moved strategy %d to %s", id, st.BalanceUsed)
		}
	}
	e.sb.SetStrategyStatus(buy.ID, api.StatusCompleted)
	_, err := e.c.ChangeBalance(e.ctx, &api.ChangeBalanceRequest{UserID: f.user, StrategyID: buy.ID, BalanceBuyUsed: "1"})
	expectAPIError(t, err, http.StatusBadRequest, api.ErrBadRequest)
}

func TestChangeBalance_SameKeyAndBodyReplaysWithoutApplyingTwice(t *testing.T) {
	e := newEnv(t)
	f := e.fixture()
	st := e.create(api.VolumeBuy, f)
	req := &api.ChangeBalanceRequest{UserID: f.user, StrategyID: st.ID, BalanceBuyUsed: "700"}
	first := must(e.c.ChangeBalance(e.ctx, req))(t)
	if req.IdempotencyKey == "" {
		t.Fatal("the client did not fill an idempotency key")
	}
	must(e.c.HaltStrategy(e.ctx, st.ID))(t) // the strategy changes in between
	second := must(e.c.ChangeBalance(e.ctx, req))(t)
	if first.BalanceUsed != "1700" || second.BalanceUsed != "1700" || second.Status != first.Status {
		t.Fatalf("replay: first %s/%s, second %s/%s", first.BalanceUsed, first.Status, second.BalanceUsed, second.Status)
	}
	if now, _ := e.sb.Strategy(st.ID); now.BalanceUsed != "1700" {
		t.Fatalf("the replay applied again: %s", now.BalanceUsed)
	}
	if n := e.sb.Hits(changeBalancePattern); n != 2 {
		t.Fatalf("%d changeBalance requests reached the sandbox, want 2", n)
	}
	// Field order and spacing do not make another request.
	body := `{ "idempotencyKey":"` + req.IdempotencyKey + `", "balanceBuyUsed":"700", "strategyId":` + itoa(st.ID) + `, "userId":"` + f.user + `" }`
	e.raw(http.MethodPost, "/api/v1/strategies/changeBalance", body).expectStatus(t, http.StatusOK, "")
	if now, _ := e.sb.Strategy(st.ID); now.BalanceUsed != "1700" {
		t.Fatalf("a reordered replay applied again: %s", now.BalanceUsed)
	}
}

func TestChangeBalance_SameKeyWithAnotherBodyIs409(t *testing.T) {
	e := newEnv(t)
	f := e.fixture()
	st := e.create(api.VolumeBuy, f)
	must(e.c.ChangeBalance(e.ctx, &api.ChangeBalanceRequest{UserID: f.user, StrategyID: st.ID, BalanceBuyUsed: "1", IdempotencyKey: "key-409"}))(t)
	_, err := e.c.ChangeBalance(e.ctx, &api.ChangeBalanceRequest{UserID: f.user, StrategyID: st.ID, BalanceBuyUsed: "2", IdempotencyKey: "key-409"})
	expectAPIError(t, err, http.StatusConflict, api.ErrConflict)
	if now, _ := e.sb.Strategy(st.ID); now.BalanceUsed != "1001" {
		t.Fatalf("the conflicting request applied: %s", now.BalanceUsed)
	}
}

func TestChangeBalance_ARefusedRequestDoesNotConsumeItsKey(t *testing.T) {
	e := newEnv(t)
	f := e.fixture()
	st := e.create(api.VolumeBuy, f)
	_, err := e.c.ChangeBalance(e.ctx, &api.ChangeBalanceRequest{UserID: f.user, StrategyID: st.ID, BalanceSellUsed: "3", IdempotencyKey: "key-fix"})
	expectAPIError(t, err, http.StatusBadRequest, api.ErrBadRequest)
	if got := must(e.c.ChangeBalance(e.ctx, &api.ChangeBalanceRequest{UserID: f.user, StrategyID: st.ID, BalanceBuyUsed: "3", IdempotencyKey: "key-fix"}))(t); got.BalanceUsed != "1003" {
		t.Fatalf("corrected request: %s", got.BalanceUsed)
	}
}

func TestDuplicate_ClonesSettingsIntoANewActiveStrategy(t *testing.T) {
	e := newEnv(t)
	f := e.fixture()
	req := f.createReq(api.VolumeBuy)
	req.VolumeAccumulatorSize, req.IsSmartGasOn = ptr[int64](4), ptr(true)
	orig := must(e.c.CreateStrategyVolumeBuy(e.ctx, req))(t)
	e.sb.SetStrategyStatus(orig.ID, api.StatusPaused)
	res := must(e.c.DuplicateStrategy(e.ctx, api.StrategyRef{UserID: f.user, StrategyID: orig.ID}))(t)
	if res == nil || res.NewStrategyID == 0 || res.NewStrategyID == orig.ID {
		t.Fatalf("duplicate answered %+v", res)
	}
	dup := must(e.c.GetStrategy(e.ctx, res.NewStrategyID))(t)
	if dup.Status != api.StatusActive || dup.UserID != f.user || dup.BalanceUsed != orig.BalanceUsed || dup.Pool.ID != orig.Pool.ID ||
		dup.VolumeAccumulatorSize == nil || *dup.VolumeAccumulatorSize != 4 || *dup.Percentage != *orig.Percentage || dup.ExecutedOrders != 0 {
		t.Fatalf("duplicate %+v of %+v", dup, orig)
	}
	e.sb.SetStrategyStatus(orig.ID, api.StatusArchived)
	_, err := e.c.DuplicateStrategy(e.ctx, api.StrategyRef{UserID: f.user, StrategyID: orig.ID})
	expectAPIError(t, err, http.StatusBadRequest, api.ErrBadRequest)
	_, err = e.c.DuplicateStrategy(e.ctx, api.StrategyRef{UserID: f.user, StrategyID: 999999})
	expectAPIError(t, err, http.StatusNotFound, api.ErrNotFound)
}

func TestRemoveStrategies_Validation(t *testing.T) {
	e := newEnv(t)
	f := e.fixture()
	e.raw(http.MethodPost, "/api/v1/strategies/removeStrategies", `{"userId":"`+f.user+`","ids":[]}`).expectStatus(t, http.StatusBadRequest, "ids")
	e.raw(http.MethodPost, "/api/v1/strategies/removeStrategies", `{"userId":"`+f.user+`","ids":[0]}`).expectStatus(t, http.StatusBadRequest, "ids")
	_, err := e.c.RemoveStrategies(e.ctx, api.RemoveStrategiesRequest{UserID: "nobody-here", IDs: []int64{1}})
	expectAPIError(t, err, http.StatusNotFound, api.ErrNotFound)
}

func TestLifecycle_UnknownStrategyOrUserIs404(t *testing.T) {
	e := newEnv(t)
	f := e.fixture()
	_, err := e.c.HaltStrategy(e.ctx, 999999)
	expectAPIError(t, err, http.StatusNotFound, api.ErrNotFound)
	_, err = e.c.ArchiveStrategy(e.ctx, 999999)
	expectAPIError(t, err, http.StatusNotFound, api.ErrNotFound)
	_, err = e.c.SuspendStrategy(e.ctx, api.StrategyRef{UserID: f.user, StrategyID: 999999})
	expectAPIError(t, err, http.StatusNotFound, api.ErrNotFound)
	st := e.create(api.DcaBuy, f)
	_, err = e.c.StopStrategy(e.ctx, api.StrategyRef{UserID: "nobody-here", StrategyID: st.ID})
	expectAPIError(t, err, http.StatusNotFound, api.ErrNotFound)
}

// itoa formats an id for raw bodies.
func itoa(v int64) string { return strconv.FormatInt(v, 10) }
