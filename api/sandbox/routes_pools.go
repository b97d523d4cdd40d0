package sandbox

import (
	"bytes"
	"encoding/json"
	"math/big"

	"github.com/stratop/stratop/api"
)

// Routes of spec sections 4.1 (a user's pools and token balance) and 4.2.

// getClientPools is POST /getClientPools: pools where at least one user of
// the integration has a (non-disabled) deposit, without prices, optionally
// on one chain. An empty body is taken as {}.
func (s *Sandbox) getClientPools(c *call) reply {
	var req struct {
		ChainID *int64 `json:"chainId"`
	}
	if rep, good := decodeOptional(c, &req); !good {
		return rep
	}
	if req.ChainID != nil && chainIndex(*req.ChainID) == 7 {
		return badRequest("chainId must be one of " + chainList())
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	out := []api.Pool{}
	for i := range s.pools {
		p := &s.pools[i]
		if p.holders[c.integ] == 0 || (req.ChainID != nil && p.chainID != *req.ChainID) {
			continue
		}
		out = append(out, poolView(p, false))
	}
	return ok(out)
}

// getPool is GET /pools/{poolId}: the pool with its price, or 404. Pools are
// platform-wide, so any pool can be read.
func (s *Sandbox) getPool(c *call) reply {
	id, rep, good := pathInt64(c, "poolId")
	if !good {
		return rep
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	p, found := s.poolByID(id)
	if !found {
		return poolNotFound(c.r.PathValue("poolId"))
	}
	return ok(poolView(p, true))
}

// getTokenBalance is POST /getTokenBalance: the user's deposit in the pool of
// a token, or hasDeposit false with poolDepositId null and zero balances.
func (s *Sandbox) getTokenBalance(c *call) reply {
	var req api.TokenBalanceRequest
	if rep, good := decodeRequest(c, &req); !good {
		return rep
	}
	var errs []string
	if req.UserID == "" {
		errs = append(errs, "userId is required")
	}
	if chainIndex(req.ChainID) == 7 {
		errs = append(errs, "chainId must be one of "+chainList())
	} else if !validAddress(req.ChainID, req.TokenAddress) {
		errs = append(errs, "tokenAddress must be a token address on chain "+itoa(req.ChainID))
	}
	if len(errs) > 0 {
		return badRequest(errs...)
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	u, found := s.userOf(c.in, req.UserID)
	if !found {
		return userNotFound(req.UserID)
	}
	pi, found := s.poolIndex[poolKey(req.ChainID, req.TokenAddress)]
	if !found {
		return poolNotFound("for token " + req.TokenAddress)
	}
	p := &s.pools[pi]
	out := api.TokenBalanceResponse{
		UserID: u.externalID, TokenAddress: p.address, ChainID: p.chainID,
		Pool:        api.TokenBalancePoolSummary{ID: p.id, Name: p.name, Symbol: p.symbol, Decimals: p.decimals},
		UserBalance: "0", LockedAmount: "0", AvailableBalance: "0",
	}
	if d, has := s.depositIn(u, pi); has {
		locked, _ := s.lockedIn(u, d)
		id := d.id
		out.PoolDepositID = &id
		out.HasDeposit = true
		out.UserBalance = d.balance.String()
		out.LockedAmount = locked.String()
		out.AvailableBalance = d.balance.sub(locked).String()
	}
	return ok(out)
}

// getUserPools is POST /getUserPools: one item per pool where the user has a
// non-disabled deposit, with balances, values and volume totals, plus the
// three roll-ups. 404 when the user is not found.
func (s *Sandbox) getUserPools(c *call) reply {
	var req api.UserPoolsRequest
	if rep, good := decodeRequest(c, &req); !good {
		return rep
	}
	if req.UserID == "" {
		return badRequest("userId is required")
	}
	if req.ChainID != nil && chainIndex(*req.ChainID) == 7 {
		return badRequest("chainId must be one of " + chainList())
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	u, found := s.userOf(c.in, req.UserID)
	if !found {
		return userNotFound(req.UserID)
	}
	out := api.UserPoolsResponse{Pools: []api.UserPoolItem{}}
	var total, native, avail int64
	for _, di := range u.deposits {
		d := &s.deposits[di]
		p := &s.pools[d.pool]
		if d.disabled || (req.ChainID != nil && p.chainID != *req.ChainID) {
			continue
		}
		item, value, free := s.userPoolItem(u, d, p)
		out.Pools = append(out.Pools, item)
		total += value
		avail += free
		native += nativeMicro(value, nativePricePico(s, p.chainID))
	}
	out.TokenOverallValue = formatUSD(total)
	out.TokenOverallNativeValue = formatMicroUnits(native)
	out.TokenOverallAvailableValue = formatUSD(avail)
	return ok(out)
}

// userPoolItem builds one pool of getUserPools and returns its USD value and
// available (unlocked) USD value in micro-USD.
func (s *Sandbox) userPoolItem(u *user, d *deposit, p *pool) (api.UserPoolItem, int64, int64) {
	locked, lockedNative := s.lockedIn(u, d)
	free := d.balance.sub(locked)
	value := valueMicro(d.balance, p.decimals, p.pricePico)
	var bought, sold u128
	active := false
	for _, si := range u.strategies {
		st := &s.strategies[si]
		if st.deposit != int32(d.id-1) {
			continue
		}
		active = active || st.status == stActive
		if st.category == catSell {
			sold, _ = sold.add(st.filled)
		} else {
			bought, _ = bought.add(st.filled)
		}
	}
	totals := api.PoolVolumeTotals{
		TotalBoughtFromStrategies: json.Number(formatUnits(bought, p.decimals, 6)),
		TotalSoldFromStrategies:   json.Number(formatUnits(sold, p.decimals, 6)),
		TotalBoughtFromSwaps:      "0", // swaps belong to Operations, not modelled
		TotalSoldFromSwaps:        "0",
		TotalBought:               json.Number(formatUnits(bought, p.decimals, 6)),
		TotalSold:                 json.Number(formatUnits(sold, p.decimals, 6)),
	}
	item := api.UserPoolItem{
		Pool: poolView(p, true),
		Deposits: []api.PoolDeposit{{
			ID:                    d.id,
			UserBalance:           d.balance.String(),
			LockedAmount:          locked.String(),
			LockedNativeAmount:    lockedNative.String(),
			Value:                 formatUSD(value),
			CurrentClaimableValue: formatUSD(d.claimable),
		}},
		TokenValue:            formatUSD(value),
		UserBalance:           formatUnits(d.balance, p.decimals, 6),
		TotalBalanceAvailable: formatUnits(free, p.decimals, 6),
		HasActiveStrategies:   active,
		PoolVolumeTotals:      totals,
	}
	return item, value, valueMicro(free, p.decimals, p.pricePico)
}

// depositIn finds the user's non-disabled deposit in a pool.
func (s *Sandbox) depositIn(u *user, poolIdx int32) (*deposit, bool) {
	for _, di := range u.deposits {
		if d := &s.deposits[di]; d.pool == poolIdx && !d.disabled {
			return d, true
		}
	}
	return nil, false
}

// lockedIn is what the user's running strategies hold of a deposit: tokens
// still to sell (lockedAmount), and the native value still to spend on buys
// (lockedNativeAmount, raw native units: 18 decimals on EVM chains, 9 on
// Solana). Completed and archived strategies hold nothing.
func (s *Sandbox) lockedIn(u *user, d *deposit) (tokens, native u128) {
	p := &s.pools[d.pool]
	var buyValue int64
	for _, si := range u.strategies {
		st := &s.strategies[si]
		if st.deposit != int32(d.id-1) || st.status == stCompleted || st.status == stArchived {
			continue
		}
		if st.category == catSell {
			tokens, _ = tokens.add(st.remaining())
		} else {
			buyValue += valueMicro(st.remaining(), p.decimals, p.pricePico)
		}
	}
	tokens = tokens.min(d.balance)
	nativeDecimals := int64(18)
	if p.chainID == api.ChainSolana {
		nativeDecimals = 9
	}
	n := new(big.Int).Mul(big.NewInt(buyValue), new(big.Int).Exp(big.NewInt(10), big.NewInt(nativeDecimals+6), nil))
	n.Quo(n, big.NewInt(nativePricePico(s, p.chainID)))
	native, _ = parseU128(n.String())
	return tokens, native
}

// decodeOptional decodes a body that may also be empty (taken as {}).
func decodeOptional(c *call, dst any) (reply, bool) {
	b, rep, good := readBody(c.w, c.r)
	if !good {
		return rep, false
	}
	c.body = b
	if len(bytes.TrimSpace(b)) == 0 {
		return reply{}, true
	}
	return decodeJSON(b, dst)
}
