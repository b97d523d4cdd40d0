package sandbox

import (
	"encoding/json"

	"github.com/stratop/stratop/api"
)

// The four set routes of spec section 4.4: 200 with the updated strategy,
// status unchanged (rule 3 of section 3). Choices where the spec is silent:
//   - completed and archived strategies "cannot be updated" (400);
//   - a category with no set route (range) is a type mismatch on every route;
//   - poolId, poolDepositId and chainId must be the strategy's (400);
//   - balanceUsed replaces the allocated total: it cannot go below what has
//     been traded already, and a sell strategy cannot lock more than its
//     deposit has available; orders cannot go to or below executedOrders.
// Stored options are replaced by a new value, never changed in place, so
// views built earlier keep their own copy.

// updateHandler handles one set route.
func updateHandler(kind, cat uint8) func(*Sandbox, *call) reply {
	return func(s *Sandbox, c *call) reply {
		var req api.UpdateStrategyRequest
		if rep, good := decodeRequest(c, &req); !good {
			return rep
		}
		keepNulls(c.body, &req)
		balance, errs := validateUpdateShape(kind, &req)
		if len(errs) > 0 {
			return badRequest(errs...)
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		st, rep, good := s.owned(c, req.UserID, req.StrategyID)
		if !good {
			return rep
		}
		if rep, good := s.checkUpdateTarget(st, kind, cat, &req); !good {
			return rep
		}
		orders, freq, pct := st.orders, st.dcaFreq, st.percentage
		if req.Orders != nil {
			orders = *req.Orders
		}
		if req.DcaFrequency != nil {
			freq = *req.DcaFrequency
		}
		if req.Percentage != nil {
			pct = *req.Percentage
		}
		merged := withDefaults(mergeUpdate(st.opts, &req))
		errs = checkOptions(&merged, kind, s.pools[st.pool].chainID, orders, freq)
		if kind == kindDCA && orders <= st.executed {
			errs = append(errs, "orders must be greater than the executed orders ("+itoa(st.executed)+")")
		}
		if balance.cmp(st.filled) < 0 {
			errs = append(errs, "balanceUsed cannot be lower than the amount already traded ("+st.filled.String()+")")
		}
		if cat == catSell {
			u := &s.users[st.user]
			d := &s.deposits[st.deposit]
			locked, _ := s.lockedIn(u, d)
			avail, _ := d.balance.sub(locked).add(st.remaining())
			if balance.sub(st.filled).cmp(avail) > 0 {
				errs = append(errs, "balanceUsed exceeds the available balance of pool deposit "+itoa(d.id))
			}
		}
		if len(errs) > 0 {
			return badRequest(errs...)
		}
		st.balance, st.orders, st.dcaFreq = balance, orders, freq
		if kind == kindVolume {
			st.percentage = pct
		}
		st.opts = &merged
		st.updated = s.now().Unix()
		return ok(s.strategyView(st, true))
	}
}

// validateUpdateShape checks what needs no state: the required fields and
// the fields that belong to the other kind.
func validateUpdateShape(kind uint8, req *api.UpdateStrategyRequest) (u128, []string) {
	var errs []string
	if req.UserID == "" {
		errs = append(errs, "userId is required")
	}
	for _, f := range []struct {
		name string
		v    int64
	}{{"poolDepositId", req.PoolDepositID}, {"poolId", req.PoolID}, {"strategyId", req.StrategyID}} {
		if f.v < 1 {
			errs = append(errs, f.name+" is required: a positive integer")
		}
	}
	if chainIndex(req.ChainID) == 7 {
		errs = append(errs, "chainId must be one of "+chainList())
	}
	balance, berrs := checkBalance(req.BalanceUsed)
	errs = append(errs, berrs...)
	if kind == kindDCA {
		if req.Orders != nil && *req.Orders < 1 {
			errs = append(errs, "orders must be an integer >= 1")
		}
		if req.DcaFrequency != nil && *req.DcaFrequency < 1 {
			errs = append(errs, "dcaFrequency must be an integer >= 1")
		}
		if req.Percentage != nil {
			errs = append(errs, "percentage applies to volume strategies only")
		}
	} else {
		if req.Percentage != nil && !(*req.Percentage > 0 && *req.Percentage <= maxPercentage) {
			errs = append(errs, "percentage must be a number > 0 and <= 100")
		}
		if req.Orders != nil || req.DcaFrequency != nil {
			errs = append(errs, "orders and dcaFrequency apply to DCA strategies only")
		}
	}
	return balance, errs
}

// checkUpdateTarget refuses an update the strategy does not allow: wrong
// route for its type and side, a state that cannot be updated, or ids that
// are not the strategy's.
func (s *Sandbox) checkUpdateTarget(st *strategy, kind, cat uint8, req *api.UpdateStrategyRequest) (reply, bool) {
	if st.kind != kind || st.category != cat {
		return badRequest("strategy " + itoa(st.id) + " is a " + categoryNames[st.category] + " " + kindNames[st.kind] +
			" strategy; this route updates " + categoryNames[cat] + " " + kindNames[kind] + " strategies"), false
	}
	if st.status == stCompleted || st.status == stArchived {
		return badRequest("strategy " + itoa(st.id) + " cannot be updated: it is " + string(statusNames[st.status])), false
	}
	p := &s.pools[st.pool]
	var errs []string
	if req.PoolID != p.id {
		errs = append(errs, "poolId "+itoa(req.PoolID)+" is not the strategy's pool ("+itoa(p.id)+")")
	}
	if req.PoolDepositID != s.deposits[st.deposit].id {
		errs = append(errs, "poolDepositId "+itoa(req.PoolDepositID)+" is not the strategy's deposit ("+itoa(s.deposits[st.deposit].id)+")")
	}
	if req.ChainID != p.chainID {
		errs = append(errs, "chainId "+itoa(req.ChainID)+" is not the strategy's chain ("+itoa(p.chainID)+")")
	}
	if len(errs) > 0 {
		return badRequest(errs...), false
	}
	return reply{}, true
}

// mergeUpdate lays the fields sent over the stored options; nil leaves a
// field unchanged, and null clears scheduledStartAt or volumeAccumulatorSize.
func mergeUpdate(old *api.StrategyOptions, req *api.UpdateStrategyRequest) api.StrategyOptions {
	var o api.StrategyOptions
	if old != nil {
		o = *old
	}
	setPtr(&o.IsSmartGasOn, req.IsSmartGasOn)
	setPtr(&o.GasThreshold, req.GasThreshold)
	setPtr(&o.RouteProtection, req.RouteProtection)
	setPtr(&o.VariableDcaAmount, req.VariableDcaAmount)
	setPtr(&o.VariableDcaAmountValue, req.VariableDcaAmountValue)
	setPtr(&o.VariableDcaFrequency, req.VariableDcaFrequency)
	setPtr(&o.VariableDcaFrequencyValue, req.VariableDcaFrequencyValue)
	setStr(&o.TriggerMarketCap, req.TriggerMarketCap)
	setStr(&o.TriggerPrice, req.TriggerPrice)
	setStr(&o.TriggerType, req.TriggerType)
	setStr(&o.MaxTransactionValue, req.MaxTransactionValue)
	if req.MinTransactionValue != "" {
		o.MinTransactionValue = req.MinTransactionValue
	}
	o.ScheduledStartAt = setNull(o.ScheduledStartAt, req.ScheduledStartAt)
	o.VolumeAccumulatorSize = setNull(o.VolumeAccumulatorSize, req.VolumeAccumulatorSize)
	return o
}

// keepNulls restores the explicit nulls of the nullable fields: decoding
// null into a pointer leaves it nil, which would read as "not sent".
func keepNulls(body []byte, req *api.UpdateStrategyRequest) {
	var raw struct {
		ScheduledStartAt      json.RawMessage `json:"scheduledStartAt"`
		VolumeAccumulatorSize json.RawMessage `json:"volumeAccumulatorSize"`
	}
	if json.Unmarshal(body, &raw) != nil {
		return
	}
	if string(raw.ScheduledStartAt) == "null" {
		req.ScheduledStartAt = &api.NullInt{}
	}
	if string(raw.VolumeAccumulatorSize) == "null" {
		req.VolumeAccumulatorSize = &api.NullInt{}
	}
}

// setPtr replaces *dst with a fresh copy of *v when v is set.
func setPtr[T any](dst **T, v *T) {
	if v != nil {
		c := *v
		*dst = &c
	}
}

// setStr replaces *dst when v is not empty.
func setStr(dst *string, v string) {
	if v != "" {
		*dst = v
	}
}

// setNull applies a nullable update: absent keeps, null clears, a value sets.
func setNull(cur *int64, v *api.NullInt) *int64 {
	switch {
	case v == nil:
		return cur
	case !v.Valid:
		return nil
	}
	x := v.Value
	return &x
}
