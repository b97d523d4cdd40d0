package model

// Program tests of the rarer answers of the new actions on the sandbox: a
// 409 of add-balance read in words, with nothing of the dialog's amount
// added.

import (
	"context"
	"math/big"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/teatest"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/api/sandbox"
	"github.com/stratop/stratop/internal/testkit"
)

// startAppClient is startApp with the client wrapped by wrap, for tests
// that need another party acting on the sandbox at the moment of a request.
func startAppClient(t *testing.T, wrap func(sandboxClient) API, opts ...Option) *app {
	t.Helper()
	sb := sandbox.New(sandbox.WithSeed(1), sandbox.WithTick(0), sandbox.WithUsers(12), sandbox.WithStrategies(60),
		sandbox.WithClock(func() time.Time { return sandboxEpoch }))
	srv := httptest.NewServer(sb)
	t.Cleanup(srv.Close)
	t.Cleanup(sb.Close)
	c, err := api.New(srv.URL, api.WithCredentials(api.Credentials{Key: sandbox.DemoKey, Secret: sandbox.DemoSecret}),
		api.WithRetries(0), api.WithTimeout(2*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	opts = append([]Option{WithClock(func() time.Time { return t0 }), WithInterval(30 * time.Millisecond),
		WithMaxBackoff(120 * time.Millisecond), WithFetchTimeout(2 * time.Second), WithProfile("demo"), WithPageSize(20)}, opts...)
	m := New(t.Context(), wrap(sandboxClient{c}), opts...)
	pr := testkit.NewProbe(m.Tea())
	tm := teatest.NewTestModel(t, pr, teatest.WithInitialTermSize(120, 40))
	t.Cleanup(func() { _ = tm.Quit() })
	return &app{t: t, w: 120, h: 40, tm: tm, sb: sb, c: c, probe: pr}
}

// keyThief uses the idempotency key of every changeBalance first, for one
// raw unit: the dashboard's request that follows reuses a key with a
// different amount, which the interface answers with 409.
type keyThief struct{ sandboxClient }

func (k keyThief) ChangeBalance(ctx context.Context, req *api.ChangeBalanceRequest) (*api.Strategy, error) {
	first := *req
	first.BalanceBuyUsed, first.BalanceSellUsed = "", ""
	if req.BalanceSellUsed != "" {
		first.BalanceSellUsed = "1"
	} else {
		first.BalanceBuyUsed = "1"
	}
	if _, err := k.Client.ChangeBalance(ctx, &first); err != nil {
		return nil, err
	}
	return k.Client.ChangeBalance(ctx, req)
}

func TestProgramAddBalanceConflictExplainedInWords(t *testing.T) {
	a := startAppClient(t, func(c sandboxClient) API { return keyThief{c} })
	a.keys("2")
	a.waitReady("page 1 of 3")
	s := liveBuyVolume(a, 6)
	before := a.balance(s.ID)
	a.openBalance(s.ID)
	a.typeText("2")
	a.waitText("= 2000000 raw")
	a.keys("enter")
	a.waitText("add-balance strategy "+itoa(s.ID)+" failed", "refused (409): this dialog's idempotency key was already used",
		"nothing was added by this", "close the dialog and start again")
	// Only the other party's one raw unit was added, none of the 2 units.
	want := new(big.Int).Add(before, big.NewInt(1))
	if got := a.balance(s.ID); got.Cmp(want) != 0 {
		t.Fatalf("balance %s after a 409, want %s", got, want)
	}
}
