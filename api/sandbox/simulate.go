package sandbox

import (
	"context"
	"strings"
	"time"
)

// The simulation. Each step moves prices and lets active strategies trade:
//   - prices take a random walk of up to +-2% a step (+-0.1% for stable
//     coins), in integer pico-USD, so no float drift accumulates;
//   - an active DCA strategy executes one order every dcaFrequency steps
//     (the spec does not show the unit of dcaFrequency; the sandbox counts
//     it in simulation steps so a demo moves), each order balanceUsed/orders
//     (the last takes the rest); after the last order it is completed;
//   - an active volume strategy sees a volume event on about half the steps;
//     after volumeAccumulatorSize events (1 without batching) it swaps
//     percentage% of balanceUsed, capped by what remains; with nothing left
//     it stays active and idle until changeBalance adds more;
//   - a strategy whose scheduledStartAt (Unix seconds, by the injectable
//     clock) is in the future does nothing;
//   - each trade adds a transaction and moves the deposit: buys add tokens,
//     sells take them.

// maxStoredTx caps the transactions kept per strategy (the oldest go first);
// the strategy's totals keep counting, so gains stay right.
const maxStoredTx = 50

// Start runs the simulation every tick, and churn (WithChurn), until ctx
// ends or Close is called. It returns at once when the tick is 0 (WithTick)
// and there is no churn, so callers may always `go s.Start(ctx)`.
func (s *Sandbox) Start(ctx context.Context) {
	if s.cfg.churn > 0 {
		done := make(chan struct{})
		defer close(done)
		go s.runChurn(done)
		if s.cfg.tick <= 0 {
			select {
			case <-ctx.Done():
			case <-s.ctx.Done():
			}
			return
		}
	}
	if s.cfg.tick <= 0 {
		return
	}
	t := time.NewTicker(s.cfg.tick)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-s.ctx.Done():
			return
		case <-t.C:
			s.Step()
		}
	}
}

// Step runs one simulation step now, whatever the tick: tests call it to
// advance the world deterministically (for a given seed and clock).
func (s *Sandbox) Step() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.cause = causeSimulation
	defer func() { s.cause = "" }()
	s.step++
	now := s.now().Unix()
	s.movePrices()
	for i := range s.strategies {
		st := &s.strategies[i]
		if st.status != stActive || st.schedule() > now {
			continue
		}
		if st.kind == kindDCA {
			s.stepDCA(st, now)
		} else {
			s.stepVolume(st, now)
		}
	}
}

// movePrices moves every pool's price a little.
func (s *Sandbox) movePrices() {
	for i := range s.pools {
		p := &s.pools[i]
		span := 200 // basis points
		if strings.Contains(p.symbol, "USD") {
			span = 10
		}
		bp := int64(s.rng.IntN(2*span+1) - span)
		p.pricePico = max(p.pricePico+p.pricePico/10_000*bp, 1)
	}
}

// stepDCA executes the strategy's next order when it is due.
func (s *Sandbox) stepDCA(st *strategy, now int64) {
	if s.step < st.nextStep {
		return
	}
	amount := s.orderAmount(st)
	if amount.isZero() {
		s.setStatus(st, stCompleted) // nothing left to spend
		return
	}
	s.trade(st, amount, now)
	st.nextStep = s.step + max(st.dcaFreq, 1)
	if st.executed >= st.orders {
		s.setStatus(st, stCompleted)
	}
}

// stepVolume counts a volume event on about half the steps and swaps when
// the accumulator is full.
func (s *Sandbox) stepVolume(st *strategy, now int64) {
	if s.rng.IntN(2) == 0 {
		return
	}
	st.volEvents++
	size := int64(1)
	if st.opts != nil && st.opts.VolumeAccumulatorSize != nil {
		size = *st.opts.VolumeAccumulatorSize
	}
	if st.volEvents < size {
		return
	}
	st.volEvents = 0
	if amount := s.orderAmount(st); !amount.isZero() {
		s.trade(st, amount, now)
	}
}

// orderAmount is the size of the strategy's next trade, within what remains.
func (s *Sandbox) orderAmount(st *strategy) u128 {
	remaining := st.remaining()
	if st.kind == kindDCA {
		if st.orders-st.executed <= 1 {
			return remaining
		}
		per, _ := st.balance.divmod64(uint64(max(st.orders, 1)))
		return per.min(remaining)
	}
	bp := uint64(st.percentage*100 + 0.5) // basis points of balanceUsed
	amount, _ := st.balance.mul64(bp)
	amount, _ = amount.divmod64(10_000)
	if amount.isZero() && !remaining.isZero() {
		amount = u64(1)
	}
	return amount.min(remaining)
}

// trade records one executed order: a transaction, the strategy's totals
// and the deposit's balance.
func (s *Sandbox) trade(st *strategy, amount u128, now int64) {
	p := &s.pools[st.pool]
	usd := valueMicro(amount, p.decimals, p.pricePico)
	s.nextTxID++
	if len(st.txs) >= maxStoredTx {
		copy(st.txs, st.txs[1:])
		st.txs = st.txs[:len(st.txs)-1]
	}
	st.txs = append(st.txs, txn{id: s.nextTxID, amount: amount, usd: usd, at: now})
	st.executed++
	st.filled, _ = st.filled.add(amount)
	st.filledUSD += usd
	st.updated = now
	d := &s.deposits[st.deposit]
	if st.category == catSell {
		d.balance = d.balance.sub(amount)
	} else {
		d.balance, _ = d.balance.add(amount)
	}
}
