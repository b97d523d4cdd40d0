package api

import (
	"context"
	"errors"
	"math"
	"net/http"
	"strings"
	"testing"
)

// checkField asserts err is nil (want "") or a *ValidationError on field want.
func checkField(t *testing.T, name string, err error, want string) {
	t.Helper()
	if want == "" {
		if err != nil {
			t.Errorf("%s: unexpected %v", name, err)
		}
		return
	}
	var ve *ValidationError
	if !errors.As(err, &ve) || !errors.Is(err, ErrValidation) {
		t.Errorf("%s: got %v, want a ValidationError on %s", name, err, want)
		return
	}
	if ve.Field != want {
		t.Errorf("%s: field %q (%v), want %q", name, ve.Field, err, want)
	}
}

func addrs(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = "0xabc"
	}
	return out
}

// TestValidateCreate covers each required field and each limit on both sides.
func TestValidateCreate(t *testing.T) {
	type mut func(*CreateStrategyRequest)
	cases := []struct {
		name string
		kind StrategyKind
		m    mut
		want string
	}{
		{"dca ok", DcaBuy, nil, ""},
		{"dca sell ok", DcaSell, nil, ""},
		{"volume ok", VolumeBuy, nil, ""},
		{"volume sell ok", VolumeSell, nil, ""},
		{"bad kind", "range", nil, "kind"},
		{"userId empty", DcaBuy, func(r *CreateStrategyRequest) { r.UserID = " " }, "userId"},
		{"userId control", DcaBuy, func(r *CreateStrategyRequest) { r.UserID = "a\x1bb" }, "userId"},
		{"userId too long", DcaBuy, func(r *CreateStrategyRequest) { r.UserID = strings.Repeat("u", 257) }, "userId"},
		{"chainId 0", DcaBuy, func(r *CreateStrategyRequest) { r.ChainID = 0 }, "chainId"},
		{"chainId 1", DcaBuy, func(r *CreateStrategyRequest) { r.ChainID = 1 }, ""},
		{"inputToken", DcaBuy, func(r *CreateStrategyRequest) { r.InputToken = "" }, "inputToken"},
		{"outputToken", DcaBuy, func(r *CreateStrategyRequest) { r.OutputToken = "" }, "outputToken"},
		{"tokenAddress", VolumeBuy, func(r *CreateStrategyRequest) { r.TokenAddress = "" }, "tokenAddress"},
		{"balance empty", DcaBuy, func(r *CreateStrategyRequest) { r.BalanceUsed = "" }, "balanceUsed"},
		{"balance negative", DcaBuy, func(r *CreateStrategyRequest) { r.BalanceUsed = "-1" }, "balanceUsed"},
		{"balance decimal", DcaBuy, func(r *CreateStrategyRequest) { r.BalanceUsed = "1.5" }, "balanceUsed"},
		{"balance exponent", DcaBuy, func(r *CreateStrategyRequest) { r.BalanceUsed = "1e6" }, "balanceUsed"},
		{"balance plus", DcaBuy, func(r *CreateStrategyRequest) { r.BalanceUsed = "+1" }, "balanceUsed"},
		{"balance 0", DcaBuy, func(r *CreateStrategyRequest) { r.BalanceUsed = "0" }, ""},
		{"balance 2^128-1", DcaBuy, func(r *CreateStrategyRequest) { r.BalanceUsed = MaxRawAmount }, ""},
		{"balance 2^128", DcaBuy, func(r *CreateStrategyRequest) { r.BalanceUsed = "340282366920938463463374607431768211456" }, "balanceUsed"},
		{"balance 40 digits", DcaBuy, func(r *CreateStrategyRequest) { r.BalanceUsed = strings.Repeat("0", 40) }, "balanceUsed"},
		{"orders missing", DcaBuy, func(r *CreateStrategyRequest) { r.Orders = nil }, "orders"},
		{"orders 0", DcaSell, func(r *CreateStrategyRequest) { r.Orders = ptr(int64(0)) }, "orders"},
		{"orders 1", DcaSell, func(r *CreateStrategyRequest) { r.Orders = ptr(int64(1)) }, ""},
		{"frequency missing", DcaBuy, func(r *CreateStrategyRequest) { r.DcaFrequency = nil }, "dcaFrequency"},
		{"frequency 0", DcaBuy, func(r *CreateStrategyRequest) { r.DcaFrequency = ptr(int64(0)) }, "dcaFrequency"},
		{"percentage missing", VolumeBuy, func(r *CreateStrategyRequest) { r.Percentage = nil }, "percentage"},
		{"percentage 0", VolumeSell, func(r *CreateStrategyRequest) { r.Percentage = ptr(0.0) }, "percentage"},
		{"percentage NaN", VolumeSell, func(r *CreateStrategyRequest) { r.Percentage = ptr(math.NaN()) }, "percentage"},
		{"percentage Inf", VolumeSell, func(r *CreateStrategyRequest) { r.Percentage = ptr(math.Inf(1)) }, "percentage"},
		{"percentage small", VolumeSell, func(r *CreateStrategyRequest) { r.Percentage = ptr(0.01) }, ""},
		{"percentage on dca", DcaBuy, func(r *CreateStrategyRequest) { r.Percentage = ptr(1.0) }, "percentage"},
		{"orders on volume", VolumeBuy, func(r *CreateStrategyRequest) { r.Orders = ptr(int64(2)) }, "orders"},
		{"poolDepositId 0", DcaSell, func(r *CreateStrategyRequest) { r.PoolDepositID = ptr(int64(0)) }, "poolDepositId"},
		{"poolDepositId 1", DcaSell, func(r *CreateStrategyRequest) { r.PoolDepositID = ptr(int64(1)) }, ""},
		{"varAmount 19", DcaBuy, func(r *CreateStrategyRequest) { r.VariableDcaAmountValue = ptr(int64(19)) }, "variableDcaAmountValue"},
		{"varAmount 20", DcaBuy, func(r *CreateStrategyRequest) { r.VariableDcaAmountValue = ptr(int64(20)) }, ""},
		{"varAmount 80", DcaBuy, func(r *CreateStrategyRequest) { r.VariableDcaAmountValue = ptr(int64(80)) }, ""},
		{"varAmount 81", DcaBuy, func(r *CreateStrategyRequest) { r.VariableDcaAmountValue = ptr(int64(81)) }, "variableDcaAmountValue"},
		{"varFreq 19", DcaBuy, func(r *CreateStrategyRequest) { r.VariableDcaFrequencyValue = ptr(int64(19)) }, "variableDcaFrequencyValue"},
		{"varFreq 20", DcaBuy, func(r *CreateStrategyRequest) { r.VariableDcaFrequencyValue = ptr(int64(20)) }, ""},
		{"varFreq 80", DcaBuy, func(r *CreateStrategyRequest) { r.VariableDcaFrequencyValue = ptr(int64(80)) }, ""},
		{"varFreq 81", DcaBuy, func(r *CreateStrategyRequest) { r.VariableDcaFrequencyValue = ptr(int64(81)) }, "variableDcaFrequencyValue"},
		{"varFreq on volume", VolumeBuy, func(r *CreateStrategyRequest) { r.VariableDcaFrequencyValue = ptr(int64(30)) }, "variableDcaFrequencyValue"},
		{"varFreq needs frequency 2", DcaBuy, func(r *CreateStrategyRequest) {
			r.VariableDcaFrequency, r.DcaFrequency, r.Orders = ptr(true), ptr(int64(1)), ptr(int64(5))
		}, "variableDcaFrequency"},
		{"varFreq needs orders 2", DcaBuy, func(r *CreateStrategyRequest) {
			r.VariableDcaFrequency, r.DcaFrequency, r.Orders = ptr(true), ptr(int64(2)), ptr(int64(1))
		}, "variableDcaFrequency"},
		{"varFreq at bounds", DcaBuy, func(r *CreateStrategyRequest) {
			r.VariableDcaFrequency, r.DcaFrequency, r.Orders = ptr(true), ptr(int64(2)), ptr(int64(2))
		}, ""},
		{"varFreq off", DcaBuy, func(r *CreateStrategyRequest) {
			r.VariableDcaFrequency, r.DcaFrequency, r.Orders = ptr(false), ptr(int64(1)), ptr(int64(1))
		}, ""},
		{"accumulator 1", VolumeBuy, func(r *CreateStrategyRequest) { r.VolumeAccumulatorSize = ptr(int64(1)) }, "volumeAccumulatorSize"},
		{"accumulator 2", VolumeBuy, func(r *CreateStrategyRequest) { r.VolumeAccumulatorSize = ptr(int64(2)) }, ""},
		{"accumulator 10", VolumeBuy, func(r *CreateStrategyRequest) { r.VolumeAccumulatorSize = ptr(int64(10)) }, ""},
		{"accumulator 11", VolumeBuy, func(r *CreateStrategyRequest) { r.VolumeAccumulatorSize = ptr(int64(11)) }, "volumeAccumulatorSize"},
		{"accumulator on dca", DcaBuy, func(r *CreateStrategyRequest) { r.VolumeAccumulatorSize = ptr(int64(3)) }, "volumeAccumulatorSize"},
		{"exclusions 150", VolumeSell, func(r *CreateStrategyRequest) { r.VolumeExclusionAddresses = addrs(150) }, ""},
		{"exclusions 151", VolumeSell, func(r *CreateStrategyRequest) { r.VolumeExclusionAddresses = addrs(151) }, "volumeExclusionAddresses"},
		{"exclusion blank", VolumeSell, func(r *CreateStrategyRequest) { r.VolumeExclusionAddresses = []string{"0xa", ""} }, "volumeExclusionAddresses"},
		{"skipMev on dca", DcaSell, func(r *CreateStrategyRequest) { r.SkipMevLikeTrades = ptr(true) }, "skipMevLikeTrades"},
		{"min > max", VolumeBuy, func(r *CreateStrategyRequest) { r.MinTransactionValue, r.MaxTransactionValue = "10", "5" }, "minTransactionValue"},
		{"min = max", VolumeBuy, func(r *CreateStrategyRequest) { r.MinTransactionValue, r.MaxTransactionValue = "5", "5" }, ""},
		{"min < max decimal", VolumeBuy, func(r *CreateStrategyRequest) { r.MinTransactionValue, r.MaxTransactionValue = "4.99", "5" }, ""},
		{"min > max decimal", VolumeBuy, func(r *CreateStrategyRequest) { r.MinTransactionValue, r.MaxTransactionValue = "5.01", "5" }, "minTransactionValue"},
		{"min only", VolumeBuy, func(r *CreateStrategyRequest) { r.MinTransactionValue = "100" }, ""},
		{"max not numeric", VolumeBuy, func(r *CreateStrategyRequest) { r.MaxTransactionValue = "lots" }, "maxTransactionValue"},
		{"min negative", VolumeBuy, func(r *CreateStrategyRequest) { r.MinTransactionValue = "-1" }, "minTransactionValue"},
		{"autoClaim no receiver", DcaBuy, func(r *CreateStrategyRequest) { r.AutoClaim = ptr(true) }, "receiverAddress"},
		{"autoClaim receiver", DcaBuy, func(r *CreateStrategyRequest) { r.AutoClaim, r.ReceiverAddress = ptr(true), "0xr" }, ""},
		{"autoClaim off", DcaBuy, func(r *CreateStrategyRequest) { r.AutoClaim = ptr(false) }, ""},
		{"triggerType bad", DcaBuy, func(r *CreateStrategyRequest) { r.TriggerType = "volume" }, "triggerType"},
		{"trigger price", DcaBuy, func(r *CreateStrategyRequest) { r.TriggerType, r.TriggerPrice = "price", "0.0012" }, ""},
		{"trigger price bad", DcaBuy, func(r *CreateStrategyRequest) { r.TriggerPrice = "1." }, "triggerPrice"},
		{"trigger mcap bad", DcaBuy, func(r *CreateStrategyRequest) { r.TriggerMarketCap = "1e9" }, "triggerMarketCap"},
		{"gas -1", DcaBuy, func(r *CreateStrategyRequest) { r.GasThreshold = ptr(int64(-1)) }, "gasThreshold"},
		{"gas 0", DcaBuy, func(r *CreateStrategyRequest) { r.GasThreshold = ptr(int64(0)) }, ""},
		{"schedule -1", DcaBuy, func(r *CreateStrategyRequest) { r.ScheduledStartAt = ptr(int64(-1)) }, "scheduledStartAt"},
		{"schedule 0", DcaBuy, func(r *CreateStrategyRequest) { r.ScheduledStartAt = ptr(int64(0)) }, ""},
		{"swapKind on evm", DcaBuy, func(r *CreateStrategyRequest) { r.SwapKind = "jupiter" }, "swapKind"},
		{"swapKind solana", DcaBuy, func(r *CreateStrategyRequest) { r.ChainID, r.SwapKind = ChainSolana, "jupiter" }, ""},
		{"swapKind bad", DcaBuy, func(r *CreateStrategyRequest) { r.ChainID, r.SwapKind = ChainSolana, "orca" }, "swapKind"},
		{"pool route ok", DcaBuy, func(r *CreateStrategyRequest) {
			r.ChainID, r.SwapKind, r.PoolKind, r.PoolAddress = ChainSolana, "pool", "raydium", "58oQ"
		}, ""},
		{"pool route no kind", DcaBuy, func(r *CreateStrategyRequest) { r.ChainID, r.SwapKind, r.PoolAddress = ChainSolana, "pool", "58oQ" }, "poolKind"},
		{"pool route no address", DcaBuy, func(r *CreateStrategyRequest) { r.ChainID, r.SwapKind, r.PoolKind = ChainSolana, "pool", "meteora" }, "poolAddress"},
		{"poolKind without pool", DcaBuy, func(r *CreateStrategyRequest) { r.ChainID, r.SwapKind, r.PoolKind = ChainSolana, "titan", "meteora" }, "poolKind"},
		{"poolAddress alone", DcaBuy, func(r *CreateStrategyRequest) { r.PoolAddress = "x" }, "poolAddress"},
	}
	for _, tc := range cases {
		r := dcaCreate()
		if tc.kind.IsVolume() {
			r = volumeCreate()
		}
		if tc.m != nil {
			tc.m(&r)
		}
		checkField(t, tc.name, ValidateCreate(tc.kind, r), tc.want)
	}
	err := ValidateCreate(DcaBuy, func() CreateStrategyRequest { r := dcaCreate(); r.VariableDcaAmountValue = ptr(int64(90)); return r }())
	if err == nil || err.Error() != "variableDcaAmountValue: must be 20 to 80" {
		t.Errorf("message = %v", err)
	}
}

// TestValidateUpdate covers the update route's required fields and limits.
func TestValidateUpdate(t *testing.T) {
	type mut func(*UpdateStrategyRequest)
	cases := []struct {
		name string
		kind StrategyKind
		m    mut
		want string
	}{
		{"dca ok", DcaBuy, nil, ""},
		{"volume ok", VolumeSell, nil, ""},
		{"bad kind", "", nil, "kind"},
		{"userId", DcaBuy, func(r *UpdateStrategyRequest) { r.UserID = "" }, "userId"},
		{"poolDepositId", DcaBuy, func(r *UpdateStrategyRequest) { r.PoolDepositID = 0 }, "poolDepositId"},
		{"poolId", DcaBuy, func(r *UpdateStrategyRequest) { r.PoolID = 0 }, "poolId"},
		{"strategyId", DcaBuy, func(r *UpdateStrategyRequest) { r.StrategyID = -4 }, "strategyId"},
		{"chainId", DcaBuy, func(r *UpdateStrategyRequest) { r.ChainID = 0 }, "chainId"},
		{"balance", DcaBuy, func(r *UpdateStrategyRequest) { r.BalanceUsed = "1,000" }, "balanceUsed"},
		{"percentage on dca", DcaBuy, func(r *UpdateStrategyRequest) { r.Percentage = ptr(3.0) }, "percentage"},
		{"percentage 0", VolumeBuy, func(r *UpdateStrategyRequest) { r.Percentage = ptr(0.0) }, "percentage"},
		{"orders on volume", VolumeBuy, func(r *UpdateStrategyRequest) { r.Orders = ptr(int64(3)) }, "orders"},
		{"orders 0", DcaBuy, func(r *UpdateStrategyRequest) { r.Orders = ptr(int64(0)) }, "orders"},
		{"varAmount 19", DcaSell, func(r *UpdateStrategyRequest) { r.VariableDcaAmountValue = ptr(int64(19)) }, "variableDcaAmountValue"},
		{"varAmount 80", DcaSell, func(r *UpdateStrategyRequest) { r.VariableDcaAmountValue = ptr(int64(80)) }, ""},
		{"varFreq 81", DcaSell, func(r *UpdateStrategyRequest) { r.VariableDcaFrequencyValue = ptr(int64(81)) }, "variableDcaFrequencyValue"},
		{"varFreq unchanged sizing", DcaSell, func(r *UpdateStrategyRequest) { r.VariableDcaFrequency = ptr(true) }, ""},
		{"varFreq frequency 1", DcaSell, func(r *UpdateStrategyRequest) { r.VariableDcaFrequency, r.DcaFrequency = ptr(true), ptr(int64(1)) }, "variableDcaFrequency"},
		{"accumulator null", VolumeBuy, func(r *UpdateStrategyRequest) { r.VolumeAccumulatorSize = &NullInt{} }, ""},
		{"accumulator 1", VolumeBuy, func(r *UpdateStrategyRequest) { r.VolumeAccumulatorSize = &NullInt{Value: 1, Valid: true} }, "volumeAccumulatorSize"},
		{"accumulator 2", VolumeBuy, func(r *UpdateStrategyRequest) { r.VolumeAccumulatorSize = &NullInt{Value: 2, Valid: true} }, ""},
		{"accumulator 10", VolumeBuy, func(r *UpdateStrategyRequest) { r.VolumeAccumulatorSize = &NullInt{Value: 10, Valid: true} }, ""},
		{"accumulator 11", VolumeBuy, func(r *UpdateStrategyRequest) { r.VolumeAccumulatorSize = &NullInt{Value: 11, Valid: true} }, "volumeAccumulatorSize"},
		{"accumulator null on dca", DcaBuy, func(r *UpdateStrategyRequest) { r.VolumeAccumulatorSize = &NullInt{} }, "volumeAccumulatorSize"},
		{"min > max", VolumeSell, func(r *UpdateStrategyRequest) { r.MinTransactionValue, r.MaxTransactionValue = "2", "1" }, "minTransactionValue"},
		{"schedule null", DcaBuy, func(r *UpdateStrategyRequest) { r.ScheduledStartAt = &NullInt{} }, ""},
		{"schedule -1", DcaBuy, func(r *UpdateStrategyRequest) { r.ScheduledStartAt = &NullInt{Value: -1, Valid: true} }, "scheduledStartAt"},
		{"trigger bad", VolumeBuy, func(r *UpdateStrategyRequest) { r.TriggerType = "time" }, "triggerType"},
	}
	for _, tc := range cases {
		r := baseUpdate()
		if tc.m != nil {
			tc.m(&r)
		}
		checkField(t, tc.name, ValidateUpdate(tc.kind, r), tc.want)
	}
}

// TestValidateFilters covers list filters and page bounds on both sides.
func TestValidateFilters(t *testing.T) {
	for name, tc := range map[string]struct {
		f    StrategyFilter
		want string
	}{
		"zero":             {StrategyFilter{}, ""},
		"pageSize -1":      {StrategyFilter{PageSize: -1}, "pageSize"},
		"pageSize 1":       {StrategyFilter{PageSize: 1}, ""},
		"pageSize 100":     {StrategyFilter{PageSize: 100}, ""},
		"pageSize 101":     {StrategyFilter{PageSize: 101}, "pageSize"},
		"page -1":          {StrategyFilter{Page: -1}, "page"},
		"page 1":           {StrategyFilter{Page: 1}, ""},
		"status completed": {StrategyFilter{Status: StatusCompleted}, ""},
		"status archived":  {StrategyFilter{Status: StatusArchived}, "status"},
		"category range":   {StrategyFilter{Category: "range"}, ""},
		"category all":     {StrategyFilter{Category: "all"}, "category"},
		"method":           {StrategyFilter{StrategyMethod: "grid"}, "strategyMethod"},
		"sortBy":           {StrategyFilter{SortBy: "newest"}, "sortBy"},
		"chainId":          {StrategyFilter{ChainID: -1}, "chainId"},
	} {
		checkField(t, name, ValidateFilter(tc.f), tc.want)
	}
	for name, tc := range map[string]struct {
		r    FilteredStrategiesRequest
		want string
	}{
		"ok":             {FilteredStrategiesRequest{UserID: "u", Category: "all", StrategyMethod: "all", Status: StatusPaused, Value: "lowest"}, ""},
		"status":         {FilteredStrategiesRequest{Status: StatusSuspended}, "status"},
		"category":       {FilteredStrategiesRequest{Category: "both"}, "category"},
		"method":         {FilteredStrategiesRequest{StrategyMethod: "x"}, "strategyMethod"},
		"value":          {FilteredStrategiesRequest{Value: "max"}, "value"},
		"pageSize 100":   {FilteredStrategiesRequest{PageSize: 100}, ""},
		"pageSize 101":   {FilteredStrategiesRequest{PageSize: 101}, "pageSize"},
		"search 200":     {FilteredStrategiesRequest{Search: strings.Repeat("s", 200)}, ""},
		"search too big": {FilteredStrategiesRequest{Search: strings.Repeat("s", 201)}, "search"},
	} {
		checkField(t, name, ValidateFilteredStrategies(tc.r), tc.want)
	}
}

// TestValidateUsersAndActions covers POST /users and the action bodies.
func TestValidateUsersAndActions(t *testing.T) {
	for name, tc := range map[string]struct {
		r    CreateUserRequest
		want string
	}{
		"only id":         {CreateUserRequest{ExternalUserID: "u1"}, ""},
		"no id":           {CreateUserRequest{Email: "a@b.co"}, "externalUserId"},
		"email ok":        {CreateUserRequest{ExternalUserID: "u", Email: "first.last+tag@mail.example.com"}, ""},
		"email no at":     {CreateUserRequest{ExternalUserID: "u", Email: "not-an-email"}, "email"},
		"email no dot":    {CreateUserRequest{ExternalUserID: "u", Email: "a@localhost"}, "email"},
		"email name":      {CreateUserRequest{ExternalUserID: "u", Email: "A <a@b.co>"}, "email"},
		"email space":     {CreateUserRequest{ExternalUserID: "u", Email: "a b@c.co"}, "email"},
		"depositChain 0":  {CreateUserRequest{ExternalUserID: "u", DepositChainID: ptr(int64(0))}, "depositChainId"},
		"depositChain 1":  {CreateUserRequest{ExternalUserID: "u", DepositChainID: ptr(int64(1))}, ""},
		"depositChain -5": {CreateUserRequest{ExternalUserID: "u", DepositChainID: ptr(int64(-5))}, "depositChainId"},
	} {
		checkField(t, name, ValidateCreateUser(tc.r), tc.want)
	}
	cb := func(buy, sell, key string) ChangeBalanceRequest {
		return ChangeBalanceRequest{UserID: "u", StrategyID: 1, BalanceBuyUsed: buy, BalanceSellUsed: sell, IdempotencyKey: key}
	}
	checkField(t, "cb ok", ValidateChangeBalance(cb("1", "", "k")), "")
	checkField(t, "cb sell", ValidateChangeBalance(cb("", "0", "k")), "")
	checkField(t, "cb none", ValidateChangeBalance(cb("", "", "k")), "balanceBuyUsed")
	checkField(t, "cb neg", ValidateChangeBalance(cb("-5", "", "k")), "balanceBuyUsed")
	checkField(t, "cb dec", ValidateChangeBalance(cb("", "1.5", "k")), "balanceSellUsed")
	checkField(t, "cb key", ValidateChangeBalance(cb("1", "", "")), "idempotencyKey")
	checkField(t, "ref", ValidateStrategyRef(StrategyRef{UserID: "u"}), "strategyId")
	checkField(t, "remove none", ValidateRemoveStrategies(RemoveStrategiesRequest{UserID: "u"}), "ids")
	checkField(t, "remove 0", ValidateRemoveStrategies(RemoveStrategiesRequest{UserID: "u", IDs: []int64{3, 0}}), "ids")
	checkField(t, "remove ok", ValidateRemoveStrategies(RemoveStrategiesRequest{UserID: "u", IDs: []int64{3}}), "")
}

// TestMethodsValidateBeforeSending: invalid input never reaches the server.
func TestMethodsValidateBeforeSending(t *testing.T) {
	c, _, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		t.Errorf("request sent for invalid input: %s %s", r.Method, r.URL)
	}))
	ctx := context.Background()
	bad := dcaCreate()
	bad.VariableDcaAmountValue = ptr(int64(81))
	upd := baseUpdate()
	upd.VolumeAccumulatorSize = &NullInt{Value: 11, Valid: true}
	calls := map[string]func() error{
		"create": func() error { _, err := c.CreateStrategyDcaBuy(ctx, bad); return err },
		"update": func() error { _, err := c.SetStrategyBuyVolume(ctx, upd); return err },
		"list":   func() error { _, err := c.ListStrategies(ctx, StrategyFilter{PageSize: 101}); return err },
		"user strats": func() error {
			_, err := c.GetStrategies(ctx, UserStrategiesRequest{UserID: "u", StrategyFilter: StrategyFilter{PageSize: 101}})
			return err
		},
		"filtered": func() error {
			_, err := c.GetFilteredStrategies(ctx, FilteredStrategiesRequest{PageSize: 101})
			return err
		},
		"upsert": func() error {
			_, err := c.UpsertUser(ctx, CreateUserRequest{ExternalUserID: "u", Email: "x"})
			return err
		},
		"halt":        func() error { _, err := c.HaltStrategy(ctx, 0); return err },
		"suspend":     func() error { _, err := c.SuspendStrategy(ctx, StrategyRef{StrategyID: 1}); return err },
		"balance nil": func() error { _, err := c.ChangeBalance(ctx, nil); return err },
		"balance none": func() error {
			_, err := c.ChangeBalance(ctx, &ChangeBalanceRequest{UserID: "u", StrategyID: 1})
			return err
		},
		"pool": func() error { _, err := c.GetPool(ctx, 0); return err },
		"token": func() error {
			_, err := c.GetTokenBalance(ctx, TokenBalanceRequest{UserID: "u", TokenAddress: "0x"})
			return err
		},
		"pools chain": func() error { _, err := c.GetClientPools(ctx, -1); return err },
		"user pools": func() error {
			_, err := c.GetUserPools(ctx, UserPoolsRequest{UserID: "u", ChainID: ptr(int64(0))})
			return err
		},
		"chain bal":   func() error { _, err := c.GetUserChainBalance(ctx, "u", 0); return err },
		"disable all": func() error { _, err := c.DisableAllStrategies(ctx, ""); return err },
		"remove many": func() error { _, err := c.RemoveStrategies(ctx, RemoveStrategiesRequest{UserID: "u"}); return err },
		"duplicate":   func() error { _, err := c.DuplicateStrategy(ctx, StrategyRef{UserID: "u"}); return err },
		"kind":        func() error { _, err := c.CreateStrategy(ctx, "x", dcaCreate()); return err },
	}
	for name, call := range calls {
		if err := call(); !errors.Is(err, ErrValidation) {
			t.Errorf("%s: err = %v, want ErrValidation", name, err)
		}
	}
}

// TestChangeBalanceIdempotencyKey: an empty key is filled with a UUID in the
// caller's value, and a retry with the same value reuses it; a given key is
// sent unchanged.
func TestChangeBalanceIdempotencyKey(t *testing.T) {
	var keys []string
	var hits counter
	c, _, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.inc()
		var body ChangeBalanceRequest
		if err := jsonDecode(r, &body); err != nil {
			t.Error(err)
		}
		keys = append(keys, body.IdempotencyKey)
		w.WriteHeader(http.StatusServiceUnavailable)
	}))
	req := &ChangeBalanceRequest{UserID: "u1", StrategyID: 7, BalanceSellUsed: "10"}
	_, err1 := c.ChangeBalance(context.Background(), req)
	_, err2 := c.ChangeBalance(context.Background(), req) // the caller's retry
	if err1 == nil || err2 == nil || hits.get() != 2 {
		t.Fatalf("errs %v %v hits %d: each call must send once", err1, err2, hits.get())
	}
	if len(req.IdempotencyKey) != 36 || keys[0] != req.IdempotencyKey || keys[1] != keys[0] {
		t.Errorf("keys %v, request key %q", keys, req.IdempotencyKey)
	}
	other := &ChangeBalanceRequest{UserID: "u1", StrategyID: 7, BalanceSellUsed: "10"}
	_, _ = c.ChangeBalance(context.Background(), other)
	if other.IdempotencyKey == req.IdempotencyKey {
		t.Errorf("two requests share a generated key")
	}
	given := &ChangeBalanceRequest{UserID: "u1", StrategyID: 7, BalanceBuyUsed: "1", IdempotencyKey: "mine"}
	_, _ = c.ChangeBalance(context.Background(), given)
	if keys[len(keys)-1] != "mine" || given.IdempotencyKey != "mine" {
		t.Errorf("given key replaced: %v", keys)
	}
}

// TestStrategyKinds: route names, categories and KindOf round-trip.
func TestStrategyKinds(t *testing.T) {
	want := map[StrategyKind][2]string{
		DcaBuy: {"createStrategyDcaBuy", "setStrategyBuyDCA"}, DcaSell: {"createStrategyDcaSell", "setStrategySellDCA"},
		VolumeBuy: {"createStrategyVolumeBuy", "setStrategyBuyVolume"}, VolumeSell: {"createStrategyVolumeSell", "setStrategySellVolume"},
	}
	for _, k := range StrategyKinds {
		if k.CreateRoute() != want[k][0] || k.UpdateRoute() != want[k][1] {
			t.Errorf("%s routes %s %s", k, k.CreateRoute(), k.UpdateRoute())
		}
		got, ok := KindOf(Strategy{Type: k.Method(), Category: k.Category()})
		if !ok || got != k || k.IsDCA() == k.IsVolume() {
			t.Errorf("%s: KindOf = %s %v", k, got, ok)
		}
	}
	bad := StrategyKind("range")
	if bad.Valid() || bad.CreateRoute() != "" || bad.UpdateRoute() != "" || bad.Category() != "" || bad.Method() != "" {
		t.Errorf("invalid kind has routes")
	}
	if _, ok := KindOf(Strategy{Type: "dca", Category: "range"}); ok {
		t.Errorf("range strategy has a kind")
	}
}
