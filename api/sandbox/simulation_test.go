package sandbox_test

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/api/sandbox"
)

// The simulation, driven step by step with Step and a fake clock.

var simStart = time.Date(2030, 1, 1, 12, 0, 0, 0, time.UTC)

func TestSimulation_DCAExecutesOrdersUntilCompleted(t *testing.T) {
	clock := newFakeClock(simStart)
	e := newEnv(t, sandbox.WithClock(clock.now))
	f := e.fixture()
	e.pauseAll(f.user) // nothing else of the user trades on the deposit
	req := f.createReq(api.DcaSell)
	req.Orders, req.BalanceUsed = ptr[int64](3), "1000"
	st := must(e.c.CreateStrategyDcaSell(e.ctx, req))(t)
	balance := func() int64 {
		tb := must(e.c.GetTokenBalance(e.ctx, api.TokenBalanceRequest{UserID: f.user, TokenAddress: f.token, ChainID: f.chainID}))(t)
		return rawDiff(t, tb.UserBalance, "0")
	}
	before := balance()
	e.sb.Step()
	one := must(e.c.GetStrategy(e.ctx, st.ID))(t)
	if one.ExecutedOrders != 1 || one.Status != api.StatusActive || len(one.Transactions) != 1 {
		t.Fatalf("after one step: executed %d, %s, %d transactions", one.ExecutedOrders, one.Status, len(one.Transactions))
	}
	tx := one.Transactions[0]
	if tx.Amount != "333" || tx.Type != "sell" || tx.StrategyID != st.ID || tx.TxHash == "" || tx.Transaction == nil ||
		tx.Transaction.Hash != tx.TxHash || tx.CreatedAt != simStart.Format(time.RFC3339) {
		t.Fatalf("transaction %+v", tx)
	}
	e.sb.Step()
	e.sb.Step()
	done := must(e.c.GetStrategy(e.ctx, st.ID))(t)
	if done.ExecutedOrders != 3 || done.Status != api.StatusCompleted || len(done.Transactions) != 3 || done.Transactions[0].Amount != "334" {
		t.Fatalf("after three steps: executed %d, %s, %+v", done.ExecutedOrders, done.Status, done.Transactions)
	}
	if sold := before - balance(); sold != 1000 {
		t.Fatalf("the deposit lost %d tokens, want the 1000 sold", sold)
	}
	e.sb.Step()
	if again, _ := e.sb.Strategy(st.ID); again.ExecutedOrders != 3 {
		t.Fatalf("a completed strategy kept trading: %d", again.ExecutedOrders)
	}
	items := must(e.c.GetFilteredStrategies(e.ctx, api.FilteredStrategiesRequest{UserID: f.user, Status: api.StatusCompleted, PageSize: 100}))(t)
	for _, it := range items.Strategies {
		if it.ID == st.ID && (it.Progress == nil || *it.Progress != 1 || it.GainedAmountInUSD == "") {
			t.Fatalf("completed item: progress %v gain %q", it.Progress, it.GainedAmountInUSD)
		}
	}
}

func TestSimulation_DCAFrequencyIsCountedInSteps(t *testing.T) {
	e := newEnv(t)
	f := e.fixture()
	req := f.createReq(api.DcaBuy)
	req.DcaFrequency = ptr[int64](3)
	st := must(e.c.CreateStrategyDcaBuy(e.ctx, req))(t)
	var got []int64
	for i := 0; i < 7; i++ {
		e.sb.Step()
		s, _ := e.sb.Strategy(st.ID)
		got = append(got, s.ExecutedOrders)
	}
	want := []int64{1, 1, 1, 2, 2, 2, 3}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("executed orders per step %v, want %v", got, want)
		}
	}
}

func TestSimulation_ScheduledStartAtIsHonoured(t *testing.T) {
	clock := newFakeClock(simStart)
	e := newEnv(t, sandbox.WithClock(clock.now))
	f := e.fixture()
	req := f.createReq(api.DcaBuy)
	req.ScheduledStartAt = ptr(simStart.Add(time.Hour).Unix())
	st := must(e.c.CreateStrategyDcaBuy(e.ctx, req))(t)
	if st.Status != api.StatusActive {
		t.Fatalf("a scheduled strategy starts %s, want active", st.Status)
	}
	for i := 0; i < 3; i++ {
		e.sb.Step()
	}
	if s, _ := e.sb.Strategy(st.ID); s.ExecutedOrders != 0 {
		t.Fatalf("executed %d orders before scheduledStartAt", s.ExecutedOrders)
	}
	clock.advance(time.Hour)
	e.sb.Step()
	if s, _ := e.sb.Strategy(st.ID); s.ExecutedOrders != 1 {
		t.Fatalf("executed %d orders at scheduledStartAt, want 1", s.ExecutedOrders)
	}
}

func TestSimulation_VolumeStrategiesAccumulateAndSwap(t *testing.T) {
	e := newEnv(t)
	f := e.fixture()
	req := f.createReq(api.VolumeBuy)
	req.Percentage, req.VolumeAccumulatorSize = ptr(25.0), ptr[int64](2)
	st := must(e.c.CreateStrategyVolumeBuy(e.ctx, req))(t)
	for i := 0; i < 60; i++ {
		e.sb.Step()
	}
	s := must(e.c.GetStrategy(e.ctx, st.ID))(t)
	if s.ExecutedOrders != 4 || s.Status != api.StatusActive || len(s.Transactions) != 4 {
		t.Fatalf("after 60 steps: %d swaps, %s, %d transactions; want 4 swaps of 25%%, still active", s.ExecutedOrders, s.Status, len(s.Transactions))
	}
	for _, tx := range s.Transactions {
		if tx.Amount != "250" || tx.Type != "buy" {
			t.Fatalf("swap %+v, want 250 bought", tx)
		}
	}
	// More balance makes it trade again.
	must(e.c.ChangeBalance(e.ctx, &api.ChangeBalanceRequest{UserID: f.user, StrategyID: st.ID, BalanceBuyUsed: "1000"}))(t)
	for i := 0; i < 30; i++ {
		e.sb.Step()
	}
	if s, _ := e.sb.Strategy(st.ID); s.ExecutedOrders <= 4 {
		t.Fatalf("no swap after changeBalance: %d", s.ExecutedOrders)
	}
}

func TestSimulation_OnlyActiveStrategiesTrade(t *testing.T) {
	e := newEnv(t)
	f := e.fixture()
	for _, s := range []api.Status{api.StatusPaused, api.StatusSuspended} {
		st := e.createIn(api.DcaBuy, f, s)
		e.sb.Step()
		if got, _ := e.sb.Strategy(st.ID); got.ExecutedOrders != 0 {
			t.Fatalf("a %s strategy executed an order", s)
		}
	}
}

func TestSimulation_PricesMoveAndStayDecimal(t *testing.T) {
	e := newEnv(t)
	read := func() map[int64]string {
		out := map[int64]string{}
		for id := int64(1); id <= 5; id++ {
			p := must(e.c.GetPool(e.ctx, id))(t)
			if _, err := strconv.ParseFloat(p.TokenPrice, 64); err != nil || p.TokenPrice[0] == '-' {
				t.Fatalf("price %q", p.TokenPrice)
			}
			out[id] = p.TokenPrice
		}
		return out
	}
	before := read()
	for i := 0; i < 5; i++ {
		e.sb.Step()
	}
	after, moved := read(), 0
	for id := range before {
		if before[id] != after[id] {
			moved++
		}
	}
	if moved == 0 {
		t.Fatalf("no price moved in 5 steps: %v", after)
	}
}

func TestSimulation_StartRunsTheTickerUntilCancelled(t *testing.T) {
	e := newEnv(t, sandbox.WithTick(5*time.Millisecond))
	f := e.fixture()
	st := e.create(api.DcaBuy, f)
	ctx, cancel := context.WithCancel(context.Background())
	stopped := make(chan struct{})
	go func() { e.sb.Start(ctx); close(stopped) }()
	waitFor(t, "the ticker to execute an order", func() bool {
		s, _ := e.sb.Strategy(st.ID)
		return s.ExecutedOrders > 0
	})
	cancel()
	<-stopped
	off := sandbox.New(sandbox.WithStrategies(0))
	off.Start(context.Background()) // tick 0: returns at once
}

// pauseAll pauses every active strategy of a user (test setup).
func (e *env) pauseAll(user string) {
	e.t.Helper()
	page := must(e.c.GetStrategies(e.ctx, api.UserStrategiesRequest{UserID: user, StrategyFilter: api.StrategyFilter{Status: api.StatusActive, PageSize: 100}}))(e.t)
	for _, s := range page.Strategies {
		e.sb.SetStrategyStatus(s.ID, api.StatusPaused)
	}
}
