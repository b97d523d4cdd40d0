package sandbox_test

import (
	"math/big"
	"net/http"
	"testing"

	"github.com/stratop/stratop/api"
)

// Spec sections 4.3 and 4.4: create and update.

func TestCreate_EachRouteAnswers201WithAnActiveStrategy(t *testing.T) {
	e := newEnv(t)
	f := e.fixture()
	for _, kind := range api.StrategyKinds {
		t.Run(string(kind), func(t *testing.T) {
			st := e.create(kind, f)
			wantType := api.MethodVolume
			if kind.IsDCA() {
				wantType = api.MethodDCA
			}
			if st.Status != api.StatusActive || st.Category != kind.Category() || st.Type != wantType ||
				st.UserID != f.user || st.ChainID != f.chainID || st.Pool.ID != f.poolID || st.BalanceUsed != "1000" {
				t.Fatalf("created %+v", st)
			}
			path := map[api.StrategyKind]string{api.DcaBuy: "createStrategyDcaBuy", api.DcaSell: "createStrategyDcaSell",
				api.VolumeBuy: "createStrategyVolumeBuy", api.VolumeSell: "createStrategyVolumeSell"}[kind]
			e.raw(http.MethodPost, "/api/v1/strategies/"+path, jsonBody(t, f.createReq(kind))).expectStatus(t, http.StatusCreated, "")
		})
	}
}

func TestCreate_UnknownUserOrPoolIs404(t *testing.T) {
	e := newEnv(t)
	f := e.fixture()
	req := f.createReq(api.DcaBuy)
	req.UserID = "nobody-here"
	_, err := e.c.CreateStrategyDcaBuy(e.ctx, req)
	expectAPIError(t, err, http.StatusNotFound, api.ErrNotFound)
	req = f.createReq(api.DcaBuy)
	req.TokenAddress = f.quote[:len(f.quote)-4] + "abcd" // valid shape, no such pool
	if f.chainID == api.ChainSolana {
		req.TokenAddress = "So11111111111111111111111111111111111111112"
	}
	_, err = e.c.CreateStrategyDcaBuy(e.ctx, req)
	expectAPIError(t, err, http.StatusNotFound, api.ErrNotFound)
	req = f.createReq(api.DcaSell)
	req.PoolDepositID = ptr[int64](999999)
	_, err = e.c.CreateStrategyDcaSell(e.ctx, req)
	expectAPIError(t, err, http.StatusNotFound, api.ErrNotFound)
}

func TestCreate_MissingRequiredFieldsAre400(t *testing.T) {
	e := newEnv(t)
	f := e.fixture()
	required := map[api.StrategyKind][]string{
		api.DcaBuy:    {"userId", "chainId", "inputToken", "outputToken", "tokenAddress", "balanceUsed", "orders", "dcaFrequency"},
		api.VolumeBuy: {"userId", "chainId", "inputToken", "outputToken", "tokenAddress", "balanceUsed", "percentage"},
	}
	paths := map[api.StrategyKind]string{api.DcaBuy: createDcaBuyPath, api.VolumeBuy: createVolumeBuyPath}
	for kind, fields := range required {
		for _, field := range fields {
			t.Run(string(kind)+"/"+field, func(t *testing.T) {
				e.raw(http.MethodPost, paths[kind], patch(t, f.createReq(kind), map[string]any{field: nil})).expectStatus(t, http.StatusBadRequest, field)
			})
		}
	}
}

func TestCreate_InvalidFieldsAre400AndLeaveNoTrace(t *testing.T) {
	e := newEnv(t)
	f := e.fixture()
	before := must(e.c.GetDashboardStats(e.ctx))(t)
	cases := map[string]struct {
		path   string
		change map[string]any
		want   string
	}{
		"percentage on DCA":      {createDcaBuyPath, map[string]any{"percentage": 10}, "percentage"},
		"orders on volume":       {createVolumeBuyPath, map[string]any{"orders": 3}, "orders"},
		"accumulator on DCA":     {createDcaBuyPath, map[string]any{"volumeAccumulatorSize": 3}, "volumeAccumulatorSize"},
		"variable on volume":     {createVolumeBuyPath, map[string]any{"variableDcaAmount": true}, "variableDcaAmount"},
		"negative balance":       {createDcaBuyPath, map[string]any{"balanceUsed": "-5"}, "balanceUsed"},
		"decimal balance":        {createDcaBuyPath, map[string]any{"balanceUsed": "1.5"}, "balanceUsed"},
		"zero orders":            {createDcaBuyPath, map[string]any{"orders": 0}, "orders"},
		"percentage over 100":    {createVolumeBuyPath, map[string]any{"percentage": 150}, "percentage"},
		"inactive chain":         {createDcaBuyPath, map[string]any{"chainId": 137}, "chainId"},
		"bad token address":      {createDcaBuyPath, map[string]any{"inputToken": "0x123"}, "inputToken"},
		"autoClaim w/o receiver": {createDcaBuyPath, map[string]any{"autoClaim": true}, "receiverAddress"},
		"bad trigger type":       {createDcaBuyPath, map[string]any{"triggerType": "volume"}, "triggerType"},
		"min above max":          {createVolumeBuyPath, map[string]any{"minTransactionValue": "50", "maxTransactionValue": "10"}, "minTransactionValue"},
		"orders as a string":     {createDcaBuyPath, map[string]any{"orders": "4"}, "orders"},
		"unknown property":       {createDcaBuyPath, map[string]any{"leverage": 10}, "leverage should not exist"},
	}
	kinds := map[string]api.StrategyKind{createDcaBuyPath: api.DcaBuy, createVolumeBuyPath: api.VolumeBuy}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			e.raw(http.MethodPost, c.path, patch(t, f.createReq(kinds[c.path]), c.change)).expectStatus(t, http.StatusBadRequest, c.want)
		})
	}
	if after := must(e.c.GetDashboardStats(e.ctx))(t); *after != *before {
		t.Fatalf("refused creates changed the counts: %+v -> %+v", before, after)
	}
}

func TestCreate_SellNeedsADepositWithEnoughBalance(t *testing.T) {
	e := newEnv(t)
	f := e.fixture()
	req := f.createReq(api.DcaSell)
	req.BalanceUsed = "1" + "000000000000000000000000000000000" // far beyond the deposit
	_, err := e.c.CreateStrategyDcaSell(e.ctx, req)
	expectAPIError(t, err, http.StatusBadRequest, api.ErrBadRequest)
	// A pool where the user holds nothing: a sell is refused, a buy opens a deposit.
	up := must(e.c.GetUserPools(e.ctx, api.UserPoolsRequest{UserID: f.user}))(t)
	held := map[int64]bool{}
	for _, p := range up.Pools {
		held[p.ID] = true
	}
	for id := int64(1); ; id++ {
		p := must(e.c.GetPool(e.ctx, id))(t) // every chain has more pools than a user has deposits
		if p.ChainID != f.chainID || held[p.ID] || p.TokenAddress == f.quote {
			continue
		}
		sell := f.createReq(api.VolumeSell)
		sell.TokenAddress, sell.InputToken, sell.PoolDepositID = p.TokenAddress, p.TokenAddress, nil
		_, err := e.c.CreateStrategyVolumeSell(e.ctx, sell)
		expectAPIError(t, err, http.StatusBadRequest, api.ErrBadRequest)
		buy := f.createReq(api.VolumeBuy)
		buy.TokenAddress, buy.OutputToken = p.TokenAddress, p.TokenAddress
		st := must(e.c.CreateStrategyVolumeBuy(e.ctx, buy))(t)
		tb := must(e.c.GetTokenBalance(e.ctx, api.TokenBalanceRequest{UserID: f.user, TokenAddress: p.TokenAddress, ChainID: p.ChainID}))(t)
		if !tb.HasDeposit || *tb.PoolDepositID != st.PoolDepositID || tb.UserBalance != "0" {
			t.Fatalf("the buy did not open an empty deposit: %+v", tb)
		}
		return
	}
}

func TestCreate_SellLocksTheDeposit(t *testing.T) {
	e := newEnv(t)
	f := e.fixture()
	read := func() *api.TokenBalanceResponse {
		return must(e.c.GetTokenBalance(e.ctx, api.TokenBalanceRequest{UserID: f.user, TokenAddress: f.token, ChainID: f.chainID}))(t)
	}
	before := read()
	st := e.create(api.VolumeSell, f)
	after := read()
	if diff := rawDiff(t, after.LockedAmount, before.LockedAmount); diff != 1000 {
		t.Fatalf("a sell of 1000 locked %d more", diff)
	}
	must(e.c.StopStrategy(e.ctx, api.StrategyRef{UserID: f.user, StrategyID: st.ID}))(t)
	if read().LockedAmount != before.LockedAmount {
		t.Fatal("stopping the sell did not release its lock")
	}
}

func TestUpdate_AnswersTheUpdatedStrategy(t *testing.T) {
	e := newEnv(t)
	f := e.fixture()
	st := e.create(api.DcaSell, f)
	got := must(e.c.SetStrategySellDCA(e.ctx, api.UpdateStrategyRequest{UserID: f.user, PoolDepositID: st.PoolDepositID, PoolID: st.Pool.ID,
		StrategyID: st.ID, ChainID: st.ChainID, BalanceUsed: "2000", Orders: ptr[int64](8), ScheduledStartAt: &api.NullInt{Value: 4102444800, Valid: true}}))(t)
	if got.BalanceUsed != "2000" || got.Orders != 8 || got.DcaFrequency != st.DcaFrequency || got.ScheduledStartAt == nil {
		t.Fatalf("updated %+v", got)
	}
	cleared := must(e.c.SetStrategySellDCA(e.ctx, api.UpdateStrategyRequest{UserID: f.user, PoolDepositID: st.PoolDepositID, PoolID: st.Pool.ID,
		StrategyID: st.ID, ChainID: st.ChainID, BalanceUsed: "2000", ScheduledStartAt: &api.NullInt{}}))(t)
	if cleared.ScheduledStartAt != nil || cleared.Orders != 8 {
		t.Fatalf("null scheduledStartAt: %+v, orders %d", cleared.ScheduledStartAt, cleared.Orders)
	}
}

func TestUpdate_RefusalsAre400_404_403(t *testing.T) {
	e := newEnv(t)
	f := e.fixture()
	st := e.create(api.DcaBuy, f)
	base := api.UpdateStrategyRequest{UserID: f.user, PoolDepositID: st.PoolDepositID, PoolID: st.Pool.ID, StrategyID: st.ID, ChainID: st.ChainID, BalanceUsed: "1500"}
	_, err := e.c.SetStrategySellDCA(e.ctx, base) // type matches, side does not
	expectAPIError(t, err, http.StatusBadRequest, api.ErrBadRequest)
	_, err = e.c.SetStrategyBuyVolume(e.ctx, base) // side matches, type does not
	expectAPIError(t, err, http.StatusBadRequest, api.ErrBadRequest)
	wrongPool := base
	wrongPool.PoolID = st.Pool.ID + 1
	_, err = e.c.SetStrategyBuyDCA(e.ctx, wrongPool)
	expectAPIError(t, err, http.StatusBadRequest, api.ErrBadRequest)
	missing := base
	missing.StrategyID = 999999
	_, err = e.c.SetStrategyBuyDCA(e.ctx, missing)
	expectAPIError(t, err, http.StatusNotFound, api.ErrNotFound)
	nobody := base
	nobody.UserID = "nobody-here"
	_, err = e.c.SetStrategyBuyDCA(e.ctx, nobody)
	expectAPIError(t, err, http.StatusNotFound, api.ErrNotFound)
	if got, _ := e.sb.Strategy(st.ID); got.BalanceUsed != "1000" {
		t.Fatalf("refused updates changed balanceUsed to %s", got.BalanceUsed)
	}
	e.sb.SetStrategyStatus(st.ID, api.StatusCompleted)
	_, err = e.c.SetStrategyBuyDCA(e.ctx, base)
	expectAPIError(t, err, http.StatusBadRequest, api.ErrBadRequest)
}

func TestUpdate_OrdersCannotDropToExecutedOrders(t *testing.T) {
	e := newEnv(t)
	f := e.fixture()
	st := e.create(api.DcaBuy, f)
	e.sb.Step() // executes the first order
	e.sb.Step()
	if got, _ := e.sb.Strategy(st.ID); got.ExecutedOrders != 2 {
		t.Fatalf("executed %d orders after two steps", got.ExecutedOrders)
	}
	req := api.UpdateStrategyRequest{UserID: f.user, PoolDepositID: st.PoolDepositID, PoolID: st.Pool.ID, StrategyID: st.ID, ChainID: st.ChainID,
		BalanceUsed: "1000", Orders: ptr[int64](2)}
	_, err := e.c.SetStrategyBuyDCA(e.ctx, req)
	expectAPIError(t, err, http.StatusBadRequest, api.ErrBadRequest)
	req.Orders = ptr[int64](3)
	must(e.c.SetStrategyBuyDCA(e.ctx, req))(t)
}

// rawDiff is a-b of two raw amounts (which may exceed int64).
func rawDiff(t *testing.T, a, b string) int64 {
	t.Helper()
	x, ok1 := new(big.Int).SetString(a, 10)
	y, ok2 := new(big.Int).SetString(b, 10)
	if !ok1 || !ok2 {
		t.Fatalf("not raw amounts: %q %q", a, b)
	}
	return x.Sub(x, y).Int64()
}
