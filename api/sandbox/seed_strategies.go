package sandbox

import (
	"math/rand/v2"

	"github.com/stratop/stratop/api"
)

// seedStrategies creates n strategies for the integration's users: the first
// 30 walk every type x category x status, the rest follow a plausible mix.
// Strategy records, per-user lists and transactions each come from one
// backing array.
func (s *Sandbox) seedStrategies(idx int32, in *integration, r *rand.Rand, firstUser, n int) {
	if n == 0 {
		return
	}
	now := s.now().Unix()
	nUsers := len(s.users) - firstUser
	first := len(s.strategies)
	available := make(map[int32]u128) // what sell strategies may still lock, per deposit
	in.order = make([]int32, 0, n+n/8)
	in.keys = make([]uint16, 0, n+n/8)
	txCount := 0
	for i := 0; i < n; i++ {
		f := r.Float64()
		u := firstUser + int(f*f*float64(nUsers)) // a few users own many strategies
		us := &s.users[u]
		d := us.deposits[r.IntN(len(us.deposits))]
		st := strategy{
			id:      int64(len(s.strategies) + 1),
			integ:   idx,
			user:    int32(u),
			deposit: d,
			pool:    s.deposits[d].pool,
			pos:     int32(len(in.order)),
			created: now - seedHistorySeconds*int64(n-i)/int64(n),
		}
		st.kind, st.category, st.status = seedMix(i, r)
		s.seedSizing(&st, r, available)
		if st.status == stActive && r.IntN(20) == 0 {
			at := now + 3600*int64(1+r.IntN(48)) // scheduled: not started yet
			st.opts = &api.StrategyOptions{ScheduledStartAt: &at}
			st.executed, st.filled, st.filledUSD = 0, u128{}, 0
		} else if r.IntN(8) == 0 {
			on, gas := true, int64(50)
			st.opts = &api.StrategyOptions{IsSmartGasOn: &on, GasThreshold: &gas, RouteProtection: &on}
		}
		if st.status == stArchived {
			st.zeroBalances()
		}
		st.updated = st.created + (now-st.created)/2
		txCount += int(min(st.executed, seedTxPerStrategy))
		in.order = append(in.order, int32(len(s.strategies)))
		s.strategies = append(s.strategies, st)
		in.keys = append(in.keys, s.filterKey(&s.strategies[len(s.strategies)-1]))
	}
	s.seedTransactions(first, txCount, now, r)
	s.linkUserStrategies(first, firstUser)
}

// seedMix picks type, category and status: every combination once among
// the first 30 strategies, then 55% DCA; 50% buy, 40% sell, 10% range; and
// 40% active, 15% paused, 10% suspended, 20% completed, 15% archived.
func seedMix(i int, r *rand.Rand) (kind, cat, status uint8) {
	if i < 30 {
		return uint8(i % 2), uint8(i / 2 % 3), uint8(i / 6 % 5)
	}
	kind = kindVolume
	if r.IntN(100) < 55 {
		kind = kindDCA
	}
	switch c := r.IntN(10); {
	case c < 5:
		cat = catBuy
	case c < 9:
		cat = catSell
	default:
		cat = catRange
	}
	switch p := r.IntN(100); {
	case p < 40:
		status = stActive
	case p < 55:
		status = stPaused
	case p < 65:
		status = stSuspended
	case p < 85:
		status = stCompleted
	default:
		status = stArchived
	}
	return kind, cat, status
}

// seedSizing sets orders, frequency or percentage, the balance and what has
// been traded so far. Sell strategies lock part of the deposit's tokens and
// never more than it holds.
func (s *Sandbox) seedSizing(st *strategy, r *rand.Rand, available map[int32]u128) {
	dep := &s.deposits[st.deposit]
	avail, seen := available[st.deposit]
	if !seen {
		avail = dep.balance
	}
	share := uint64(2 + r.IntN(19)) // percent of the deposit
	st.balance, _ = dep.balance.mul64(share)
	st.balance, _ = st.balance.divmod64(100)
	if st.category == catSell {
		st.balance = st.balance.min(avail)
	}
	if st.balance.isZero() {
		st.balance = u64(1)
	}
	p := &s.pools[st.pool]
	if st.kind == kindDCA {
		st.orders = int64(4 + r.IntN(45))
		st.dcaFreq = seedFrequencies[r.IntN(len(seedFrequencies))]
		switch st.status {
		case stCompleted:
			st.executed = st.orders
		default:
			st.executed = r.Int64N(st.orders)
		}
		st.filled, _ = st.balance.mul64(uint64(st.executed))
		st.filled, _ = st.filled.divmod64(uint64(st.orders))
		if st.executed == st.orders {
			st.filled = st.balance
		}
		st.nextStep = r.Int64N(st.dcaFreq)
	} else {
		st.hasPct = true
		st.percentage = float64(5 + r.IntN(46))
		st.executed = r.Int64N(int64(100/st.percentage) + 1)
		st.filled, _ = st.balance.mul64(uint64(st.executed) * uint64(st.percentage))
		st.filled, _ = st.filled.divmod64(100)
		st.filled = st.filled.min(st.balance)
		st.volEvents = r.Int64N(3)
	}
	st.filledUSD = int64(u128Float(st.filled) / pow10f(p.decimals) * float64(p.pricePico) / 1e6 * (0.7 + 0.6*r.Float64()))
	if st.category == catSell && st.status != stCompleted && st.status != stArchived {
		available[st.deposit] = avail.sub(st.remaining())
	} else {
		available[st.deposit] = avail
	}
}

// seedTransactions stores up to seedTxPerStrategy latest transactions of each
// seeded strategy, spread between its creation and now, all in one array.
func (s *Sandbox) seedTransactions(first, count int, now int64, r *rand.Rand) {
	backing := make([]txn, count)
	at := 0
	for i := first; i < len(s.strategies); i++ {
		st := &s.strategies[i]
		k := int(min(st.executed, seedTxPerStrategy))
		if k == 0 {
			continue
		}
		txs := backing[at : at+k : at+k]
		at += k
		p := &s.pools[st.pool]
		amount := s.orderAmount(st)
		step := (now - st.created) / (st.executed + 1)
		for t := 0; t < k; t++ {
			price := int64(float64(p.pricePico) * (0.7 + 0.6*r.Float64()))
			s.nextTxID++
			txs[t] = txn{
				id:     s.nextTxID,
				amount: amount,
				usd:    int64(u128Float(amount) / pow10f(p.decimals) * float64(price) / 1e6),
				at:     st.created + step*(st.executed-int64(k)+int64(t)+1),
			}
		}
		st.txs = txs
		st.updated = max(st.updated, txs[k-1].at)
	}
}

// linkUserStrategies gives each user the list of its seeded strategies, as
// slices of one backing array (appends by later creates reallocate).
func (s *Sandbox) linkUserStrategies(first, firstUser int) {
	counts := make([]int, len(s.users)-firstUser)
	for i := first; i < len(s.strategies); i++ {
		counts[int(s.strategies[i].user)-firstUser]++
	}
	backing := make([]int32, len(s.strategies)-first)
	at := 0
	for u, c := range counts {
		s.users[firstUser+u].strategies = backing[at : at : at+c]
		at += c
	}
	for i := first; i < len(s.strategies); i++ {
		u := int(s.strategies[i].user)
		us := &s.users[u]
		us.strategies = append(us.strategies, int32(i))
	}
}

// u128Float approximates a for synthetic seed figures only; amounts
// themselves are never computed through float.
func u128Float(a u128) float64 { return float64(a.hi)*18446744073709551616.0 + float64(a.lo) }

// pow10f is 10^n as a float64.
func pow10f(n int) float64 {
	v := 1.0
	for i := 0; i < n; i++ {
		v *= 10
	}
	return v
}
