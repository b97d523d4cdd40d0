package sandbox

import (
	"net/http"
	"strconv"

	"github.com/stratop/stratop/api"
)

// The four create routes of spec section 4.3. Choices where the spec is
// silent:
//   - a created strategy starts active (rule 4 of section 3 leaves it open);
//     with scheduledStartAt in the future it is still active but executes
//     nothing before that time;
//   - the answer is 201 with the new strategy record (single-read form);
//   - tokenAddress names the pool (404 when no pool of that token exists on
//     the chain); balanceUsed is in raw units of that token;
//   - poolDepositId, when given, must be the user's deposit in that pool
//     (404 otherwise). Without it the user's deposit in the pool is used; a
//     buy strategy gets a new empty deposit when there is none, a sell
//     strategy is refused (400: sell flows need an existing deposit);
//   - a sell strategy locks balanceUsed of its deposit and cannot lock more
//     than is available (400).

// createHandler handles one create route.
func createHandler(kind, cat uint8) func(*Sandbox, *call) reply {
	return func(s *Sandbox, c *call) reply {
		var req api.CreateStrategyRequest
		if rep, good := decodeRequest(c, &req); !good {
			return rep
		}
		balance, errs := validateCreate(kind, &req)
		if len(errs) > 0 {
			return badRequest(errs...)
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		u, found := s.userOf(c.in, req.UserID)
		if !found {
			return userNotFound(req.UserID)
		}
		pi, found := s.poolIndex[poolKey(req.ChainID, req.TokenAddress)]
		if !found {
			return poolNotFound("for token " + req.TokenAddress + " on chain " + itoa(req.ChainID))
		}
		d, newDeposit, rep, good := s.depositForCreate(u, pi, cat, req.PoolDepositID)
		if !good {
			return rep
		}
		if cat == catSell && !newDeposit {
			locked, _ := s.lockedIn(u, d)
			if avail := d.balance.sub(locked); balance.cmp(avail) > 0 {
				return badRequest("balanceUsed exceeds the available balance of pool deposit " + itoa(d.id) + " (" + avail.String() + ")")
			}
		}
		if newDeposit {
			s.deposits = append(s.deposits, deposit{id: int64(len(s.deposits) + 1), user: u.index(), pool: pi})
			u.deposits = append(u.deposits, int32(len(s.deposits)-1))
			s.pools[pi].holders[c.integ]++
			d = &s.deposits[len(s.deposits)-1]
		}
		opts := withDefaults(req.StrategyOptions)
		st := strategy{
			id: int64(len(s.strategies) + 1), integ: c.integ, user: u.index(), pool: pi, deposit: int32(d.id - 1),
			status: stActive, category: cat, kind: kind, balance: balance,
			input: req.InputToken, output: req.OutputToken, opts: &opts,
			created: s.now().Unix(), nextStep: s.step + 1,
		}
		st.updated = st.created
		if kind == kindDCA {
			st.orders, st.dcaFreq = *req.Orders, *req.DcaFrequency
		} else {
			st.hasPct, st.percentage = true, *req.Percentage
		}
		return created(s.strategyView(s.insertStrategy(c.in, st), true))
	}
}

// validateCreate checks a create body for its route and returns the parsed
// balance.
func validateCreate(kind uint8, req *api.CreateStrategyRequest) (u128, []string) {
	var errs []string
	if req.UserID == "" {
		errs = append(errs, "userId is required")
	}
	chainOK := chainIndex(req.ChainID) != 7
	if !chainOK {
		errs = append(errs, "chainId must be one of "+chainList())
	}
	for _, f := range []struct{ name, v string }{{"inputToken", req.InputToken}, {"outputToken", req.OutputToken}, {"tokenAddress", req.TokenAddress}} {
		if f.v == "" {
			errs = append(errs, f.name+" is required")
		} else if chainOK && !validAddress(req.ChainID, f.v) {
			errs = append(errs, f.name+" must be a token address on chain "+itoa(req.ChainID))
		}
	}
	balance, berrs := checkBalance(req.BalanceUsed)
	errs = append(errs, berrs...)
	var orders, freq int64
	if kind == kindDCA {
		if req.Orders == nil || *req.Orders < 1 {
			errs = append(errs, "orders is required: an integer >= 1")
		} else {
			orders = *req.Orders
		}
		if req.DcaFrequency == nil || *req.DcaFrequency < 1 {
			errs = append(errs, "dcaFrequency is required: an integer >= 1")
		} else {
			freq = *req.DcaFrequency
		}
		if req.Percentage != nil {
			errs = append(errs, "percentage applies to volume strategies only")
		}
	} else {
		if req.Percentage == nil || !(*req.Percentage > 0 && *req.Percentage <= maxPercentage) {
			errs = append(errs, "percentage is required: a number > 0 and <= 100")
		}
		if req.Orders != nil || req.DcaFrequency != nil {
			errs = append(errs, "orders and dcaFrequency apply to DCA strategies only")
		}
	}
	if req.PoolDepositID != nil && *req.PoolDepositID < 1 {
		errs = append(errs, "poolDepositId must be a positive integer")
	}
	if chainOK {
		errs = append(errs, checkOptions(&req.StrategyOptions, kind, req.ChainID, orders, freq)...)
	}
	return balance, errs
}

// depositForCreate finds the deposit a new strategy uses (see the choices
// above); newDeposit asks the caller to create an empty one.
func (s *Sandbox) depositForCreate(u *user, pi int32, cat uint8, want *int64) (*deposit, bool, reply, bool) {
	if want != nil {
		for _, di := range u.deposits {
			if d := &s.deposits[di]; d.id == *want && d.pool == pi && !d.disabled {
				return d, false, reply{}, true
			}
		}
		return nil, false, fail(http.StatusNotFound, "pool deposit "+strconv.FormatInt(*want, 10)+" not found for this user and pool"), false
	}
	if d, has := s.depositIn(u, pi); has {
		return d, false, reply{}, true
	}
	if cat == catSell {
		return nil, false, badRequest("a sell strategy needs a deposit of the token: the user has none in this pool"), false
	}
	return nil, true, reply{}, true
}

// insertStrategy appends a new strategy and indexes it; it returns the
// stored record. The caller holds the write lock.
func (s *Sandbox) insertStrategy(in *integration, st strategy) *strategy {
	st.pos = int32(len(in.order))
	s.strategies = append(s.strategies, st)
	idx := int32(len(s.strategies) - 1)
	stored := &s.strategies[idx]
	in.order = append(in.order, idx)
	in.keys = append(in.keys, s.filterKey(stored))
	u := &s.users[stored.user]
	u.strategies = append(u.strategies, idx)
	s.logChange(stored, "", stored.status)
	return stored
}

// index is the user's position in s.users (ids are positions + 1).
func (u *user) index() int32 { return int32(u.id - 1) }
