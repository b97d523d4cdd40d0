package model

// Program test of add-balance's 409 on the sandbox: read in words, with
// nothing of the dialog's amount added.

import (
	"context"
	"math/big"
	"testing"

	"github.com/stratop/stratop/api"
)

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
	a := startAppWith(t, nil, func(c sandboxClient) API { return keyThief{c} }, 120, 40)
	a.keys("2")
	a.waitReady("page 1 of 3")
	s := liveBuyVolume(a, 6)
	before := a.balance(s.ID)
	a.openBalance(s.ID)
	a.typeText("2")
	a.waitText("= 2000000 raw")
	a.review(s.ID, "2000000")
	a.waitText("add-balance strategy "+itoa(s.ID)+" failed", "refused (409): this dialog's idempotency key was already used",
		"nothing was added by this", "close the dialog and start again")
	// Only the other party's one raw unit was added, none of the 2 units.
	want := new(big.Int).Add(before, big.NewInt(1))
	if got := a.balance(s.ID); got.Cmp(want) != 0 {
		t.Fatalf("balance %s after a 409, want %s", got, want)
	}
}
