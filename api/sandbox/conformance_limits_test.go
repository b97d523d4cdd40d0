package sandbox_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/api/sandbox"
)

// Spec section 8: every limit on both sides. The accepted side goes through
// the client; the refused side is sent raw when the client would refuse it
// itself, so the server's check is what is tested.

const (
	createDcaBuyPath    = "/api/v1/strategies/createStrategyDcaBuy"
	createVolumeBuyPath = "/api/v1/strategies/createStrategyVolumeBuy"
	setBuyVolumePath    = "/api/v1/strategies/setStrategyBuyVolume"
)

func TestLimits_PageDefaultsArePage1AndPageSize50(t *testing.T) {
	e := newEnv(t, sandbox.WithStrategies(120))
	page := must(e.c.ListStrategies(e.ctx, api.StrategyFilter{}))(t)
	if page.Page != 1 || page.PageSize != 50 || len(page.Strategies) != 50 || page.TotalCount <= 50 {
		t.Fatalf("defaults: page %d size %d, %d rows of %d", page.Page, page.PageSize, len(page.Strategies), page.TotalCount)
	}
	f := e.fixture()
	user := must(e.c.GetStrategies(e.ctx, api.UserStrategiesRequest{UserID: f.user}))(t)
	if user.Page != 1 || user.PageSize != 50 {
		t.Fatalf("getStrategies defaults: page %d size %d", user.Page, user.PageSize)
	}
	filtered := must(e.c.GetFilteredStrategies(e.ctx, api.FilteredStrategiesRequest{UserID: f.user}))(t)
	if filtered.Pagination.CurrentPage != 1 || filtered.Pagination.PageSize != 50 {
		t.Fatalf("getFilteredStrategies defaults: %+v", filtered.Pagination)
	}
}

func TestLimits_PageSize100IsAcceptedAnd101Refused(t *testing.T) {
	e := newEnv(t, sandbox.WithStrategies(150))
	if page := must(e.c.ListStrategies(e.ctx, api.StrategyFilter{PageSize: 100}))(t); len(page.Strategies) != 100 || page.PageSize != 100 {
		t.Fatalf("pageSize 100: %d rows, size %d", len(page.Strategies), page.PageSize)
	}
	e.raw(http.MethodGet, "/api/v1/strategies?pageSize=101", "").expectStatus(t, http.StatusBadRequest, "pageSize")
	e.raw(http.MethodGet, "/api/v1/strategies?pageSize=0", "").expectStatus(t, http.StatusBadRequest, "pageSize")
	e.raw(http.MethodGet, "/api/v1/strategies?pageSize=ten", "").expectStatus(t, http.StatusBadRequest, "pageSize")
	user := e.sb.Users()[0].ExternalUserID
	e.raw(http.MethodPost, "/api/v1/strategies/getStrategies", `{"userId":"`+user+`","pageSize":101}`).expectStatus(t, http.StatusBadRequest, "pageSize")
	e.raw(http.MethodPost, "/api/v1/strategies/getFilteredStrategies", `{"userId":"`+user+`","pageSize":101}`).expectStatus(t, http.StatusBadRequest, "pageSize")
	e.raw(http.MethodPost, "/api/v1/strategies/getStrategies", `{"userId":"`+user+`","pageSize":100}`).expectStatus(t, http.StatusOK, "")
}

func TestLimits_PageBelow1IsRefused(t *testing.T) {
	e := newEnv(t)
	e.raw(http.MethodGet, "/api/v1/strategies?page=0", "").expectStatus(t, http.StatusBadRequest, "page")
	e.raw(http.MethodGet, "/api/v1/strategies?page=-3", "").expectStatus(t, http.StatusBadRequest, "page")
	user := e.sb.Users()[0].ExternalUserID
	e.raw(http.MethodPost, "/api/v1/strategies/getStrategies", `{"userId":"`+user+`","page":0}`).expectStatus(t, http.StatusBadRequest, "page")
	if page := must(e.c.ListStrategies(e.ctx, api.StrategyFilter{Page: 1}))(t); page.Page != 1 {
		t.Fatalf("page 1 answered page %d", page.Page)
	}
}

func TestLimits_VariableDcaValuesAre20To80(t *testing.T) {
	e := newEnv(t)
	f := e.fixture()
	for _, field := range []string{"variableDcaAmountValue", "variableDcaFrequencyValue"} {
		flag := strings.TrimSuffix(field, "Value")
		for _, v := range []int64{20, 80} {
			req := f.createReq(api.DcaBuy)
			req.Orders, req.DcaFrequency = ptr[int64](4), ptr[int64](2)
			if flag == "variableDcaAmount" {
				req.VariableDcaAmount, req.VariableDcaAmountValue = ptr(true), ptr(v)
			} else {
				req.VariableDcaFrequency, req.VariableDcaFrequencyValue = ptr(true), ptr(v)
			}
			must(e.c.CreateStrategyDcaBuy(e.ctx, req))(t)
		}
		for _, v := range []int64{19, 81} {
			body := patch(t, f.createReq(api.DcaBuy), map[string]any{flag: true, field: v, "dcaFrequency": 2})
			e.raw(http.MethodPost, createDcaBuyPath, body).expectStatus(t, http.StatusBadRequest, field)
		}
	}
	st := e.create(api.DcaBuy, f)
	update := api.UpdateStrategyRequest{UserID: f.user, PoolDepositID: st.PoolDepositID, PoolID: st.Pool.ID, StrategyID: st.ID, ChainID: st.ChainID, BalanceUsed: "1000"}
	e.raw(http.MethodPost, "/api/v1/strategies/setStrategyBuyDCA", patch(t, update, map[string]any{"variableDcaAmountValue": 81})).
		expectStatus(t, http.StatusBadRequest, "variableDcaAmountValue")
	update.VariableDcaAmountValue = ptr[int64](80)
	must(e.c.SetStrategyBuyDCA(e.ctx, update))(t)
}

func TestLimits_VariableDcaFrequencyNeedsFrequencyAtLeast2AndOrdersAbove1(t *testing.T) {
	e := newEnv(t)
	f := e.fixture()
	req := f.createReq(api.DcaBuy)
	req.Orders, req.DcaFrequency, req.VariableDcaFrequency = ptr[int64](2), ptr[int64](2), ptr(true)
	must(e.c.CreateStrategyDcaBuy(e.ctx, req))(t)
	for name, change := range map[string]map[string]any{
		"dcaFrequency 1": {"variableDcaFrequency": true, "dcaFrequency": 1, "orders": 4},
		"orders 1":       {"variableDcaFrequency": true, "dcaFrequency": 2, "orders": 1},
	} {
		t.Run(name, func(t *testing.T) {
			e.raw(http.MethodPost, createDcaBuyPath, patch(t, f.createReq(api.DcaBuy), change)).expectStatus(t, http.StatusBadRequest, "variableDcaFrequency requires")
		})
	}
}

func TestLimits_VolumeAccumulatorSizeIs2To10(t *testing.T) {
	e := newEnv(t)
	f := e.fixture()
	for _, v := range []int64{2, 10} {
		req := f.createReq(api.VolumeBuy)
		req.VolumeAccumulatorSize = ptr(v)
		if st := must(e.c.CreateStrategyVolumeBuy(e.ctx, req))(t); st.VolumeAccumulatorSize == nil || *st.VolumeAccumulatorSize != v {
			t.Fatalf("accumulator %d not stored: %+v", v, st.VolumeAccumulatorSize)
		}
	}
	for _, v := range []int64{1, 11} {
		e.raw(http.MethodPost, createVolumeBuyPath, patch(t, f.createReq(api.VolumeBuy), map[string]any{"volumeAccumulatorSize": v})).
			expectStatus(t, http.StatusBadRequest, "volumeAccumulatorSize")
	}
	st := e.create(api.VolumeBuy, f)
	update := api.UpdateStrategyRequest{UserID: f.user, PoolDepositID: st.PoolDepositID, PoolID: st.Pool.ID, StrategyID: st.ID, ChainID: st.ChainID, BalanceUsed: "1000"}
	e.raw(http.MethodPost, setBuyVolumePath, patch(t, update, map[string]any{"volumeAccumulatorSize": 11})).expectStatus(t, http.StatusBadRequest, "volumeAccumulatorSize")
	update.VolumeAccumulatorSize = &api.NullInt{Value: 10, Valid: true}
	if got := must(e.c.SetStrategyBuyVolume(e.ctx, update))(t); got.VolumeAccumulatorSize == nil || *got.VolumeAccumulatorSize != 10 {
		t.Fatalf("update to 10: %+v", got.VolumeAccumulatorSize)
	}
	update.VolumeAccumulatorSize = &api.NullInt{} // null removes batching
	if got := must(e.c.SetStrategyBuyVolume(e.ctx, update))(t); got.VolumeAccumulatorSize != nil {
		t.Fatalf("null did not clear the accumulator: %d", *got.VolumeAccumulatorSize)
	}
}

func TestLimits_VolumeExclusionAddressesUpTo150(t *testing.T) {
	e := newEnv(t)
	f := e.fixture()
	addrs := make([]string, 151)
	for i := range addrs {
		addrs[i] = f.quote // any valid address of the chain
	}
	req := f.createReq(api.VolumeBuy)
	req.VolumeExclusionAddresses = addrs[:150]
	must(e.c.CreateStrategyVolumeBuy(e.ctx, req))(t)
	e.raw(http.MethodPost, createVolumeBuyPath, patch(t, f.createReq(api.VolumeBuy), map[string]any{"volumeExclusionAddresses": addrs})).
		expectStatus(t, http.StatusBadRequest, "at most 150")
}

func TestLimits_GasThresholdDefaultsTo50WhenSmartGasIsOn(t *testing.T) {
	e := newEnv(t)
	f := e.fixture()
	req := f.createReq(api.DcaBuy)
	req.IsSmartGasOn = ptr(true)
	st := must(e.c.CreateStrategyDcaBuy(e.ctx, req))(t)
	got := must(e.c.GetStrategy(e.ctx, st.ID))(t)
	if got.GasThreshold == nil || *got.GasThreshold != 50 {
		t.Fatalf("gasThreshold %v, want the default 50", got.GasThreshold)
	}
	req.IsSmartGasOn, req.GasThreshold = ptr(true), ptr[int64](70)
	if st := must(e.c.CreateStrategyDcaBuy(e.ctx, req))(t); *st.GasThreshold != 70 {
		t.Fatalf("explicit gasThreshold 70 became %d", *st.GasThreshold)
	}
	if plain := e.create(api.DcaBuy, f); plain.GasThreshold != nil {
		t.Fatalf("gasThreshold %d set without smart gas", *plain.GasThreshold)
	}
}

func TestLimits_TriggerMarketCapDefaultsTo1(t *testing.T) {
	e := newEnv(t)
	f := e.fixture()
	req := f.createReq(api.VolumeBuy)
	req.TriggerType = "marketCap"
	if st := must(e.c.CreateStrategyVolumeBuy(e.ctx, req))(t); st.TriggerMarketCap != "1" {
		t.Fatalf("triggerMarketCap %q, want the default 1", st.TriggerMarketCap)
	}
	e.raw(http.MethodPost, createVolumeBuyPath, patch(t, f.createReq(api.VolumeBuy), map[string]any{"triggerType": "price"})).
		expectStatus(t, http.StatusBadRequest, "triggerPrice")
}

func TestLimits_DepositChainIdIsAtLeast1(t *testing.T) {
	e := newEnv(t)
	if u := must(e.c.UpsertUser(e.ctx, api.CreateUserRequest{ExternalUserID: "chain-one", DepositChainID: ptr[int64](1)}))(t); u == nil {
		t.Fatal("upsert with depositChainId 1 answered no user")
	}
	e.raw(http.MethodPost, "/api/v1/users", `{"externalUserId":"chain-zero","depositChainId":0}`).expectStatus(t, http.StatusBadRequest, "depositChainId")
	e.raw(http.MethodPost, "/api/v1/users", `{"externalUserId":"chain-half","depositChainId":1.5}`).expectStatus(t, http.StatusBadRequest, "depositChainId")
	if _, err := e.c.GetUser(e.ctx, "chain-zero"); err == nil {
		t.Fatal("a refused upsert created the user")
	}
}
