package model

// Program tests of add-balance on the sandbox: the raw amount added is the
// typed units times 10^decimals exactly, shown first in a review (tokens,
// raw units, the balance after) that only its own key confirms; bad input
// is kept as typed and refused in the parser's words, sending nothing; a
// state changed meanwhile sends nothing; and a retry after an unknown
// outcome reuses the dialog's idempotency key so the balance is added once.

import (
	"math/big"
	"strings"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/api/sandbox"
	"github.com/stratop/stratop/audit"
	"github.com/stratop/stratop/internal/text"
)

// memJournal keeps the audit entries written.
type memJournal struct {
	mu      sync.Mutex
	entries []audit.Entry
}

func (j *memJournal) Write(e audit.Entry) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.entries = append(j.entries, e)
	return nil
}

func (j *memJournal) all() []audit.Entry {
	j.mu.Lock()
	defer j.mu.Unlock()
	return append([]audit.Entry(nil), j.entries...)
}

// liveBuyVolume picks an active volume strategy that takes the buy side
// (buy or range) with a pool of the given decimals.
func liveBuyVolume(a *app, decimals int) api.Strategy {
	return a.findStrategy(func(s api.Strategy) bool {
		return s.Type == api.MethodVolume && s.Category != api.CategorySell &&
			s.Status == api.StatusActive && s.Pool.Decimals == decimals
	})
}

// balance is the sandbox's raw balance of strategy id.
func (a *app) balance(id int64) *big.Int {
	a.t.Helper()
	s, ok := a.sb.Strategy(id)
	v, good := new(big.Int).SetString(s.BalanceUsed, 10)
	if !ok || !good {
		a.t.Fatalf("strategy %d has no raw balance (%q)", id, s.BalanceUsed)
	}
	return v
}

// openBalance opens the add-balance dialog of strategy id from the menu.
func (a *app) openBalance(id int64) {
	a.t.Helper()
	a.selectStrategy(id)
	a.keys("A")
	a.waitText("Actions for strategy " + itoa(id))
	a.keys("b")
	a.waitText("Add balance to strategy "+itoa(id)+"?", "balanceBuyUsed")
}

// review presses enter on the typed amount, waits for the review of raw
// units, and confirms it with its own key.
func (a *app) review(id int64, raw string) {
	a.t.Helper()
	a.keys("enter")
	a.waitText("Confirm adding to strategy "+itoa(id)+"?", raw+")", "y add it")
	a.keys("y")
}

func TestProgramAddBalanceExactForEachDecimals(t *testing.T) {
	cases := []struct {
		decimals int
		units    string
		raw      string
	}{
		{6, "12.345678", "12345678"},
		{9, "3.000000001", "3000000001"},
		{18, "1.5", "1500000000000000000"},
		{18, "123456789.123456789123456789", "123456789123456789123456789"},
	}
	for _, tc := range cases {
		t.Run(tc.units, func(t *testing.T) {
			a := startApp(t, 120, 40)
			a.keys("2")
			a.waitReady("page 1 of 3")
			s := liveBuyVolume(a, tc.decimals)
			before := a.balance(s.ID)
			a.openBalance(s.ID)
			a.typeText(tc.units)
			a.waitText(tc.raw + " raw")
			want := new(big.Int).Add(before, mustInt(t, tc.raw))
			a.keys("enter")
			// The review: amount in tokens and raw units, balance after.
			a.waitText("Confirm adding to strategy "+itoa(s.ID)+"?", text.Amount(tc.raw, tc.decimals)+" "+s.Pool.Symbol, tc.raw+")",
				text.Amount(before.String(), tc.decimals)+" -> "+text.Amount(want.String(), tc.decimals))
			a.keys("enter", "enter") // not the review's confirmation
			if n := a.sb.Hits(routeBalance); n != 0 {
				t.Fatalf("%d changeBalance requests before the review was confirmed", n)
			}
			a.keys("y")
			a.waitText("add-balance strategy " + itoa(s.ID) + ": done, added ")
			if got := a.balance(s.ID); got.Cmp(want) != 0 {
				t.Fatalf("balance %s after adding %s %s, want %s", got, tc.units, s.Pool.Symbol, want)
			}
			if n := a.sb.Hits(routeBalance); n != 1 {
				t.Fatalf("%d changeBalance requests, want 1", n)
			}
		})
	}
}

func mustInt(t *testing.T, s string) *big.Int {
	v, ok := new(big.Int).SetString(s, 10)
	if !ok {
		t.Fatalf("bad integer %q", s)
	}
	return v
}

func TestProgramAddBalanceRefusesBadInput(t *testing.T) {
	a := startApp(t, 120, 40)
	a.keys("2")
	a.waitReady("page 1 of 3")
	s := liveBuyVolume(a, 6)
	before := a.balance(s.ID)
	a.openBalance(s.ID)
	a.typeText("1.1234567")
	a.waitText("not valid: the token has 6 decimals; the amount has 7")
	a.keys("enter")
	a.waitText("not sent: the token has 6 decimals")
	a.tm.Send(tea.KeyMsg{Type: tea.KeyCtrlU})
	a.typeText("0.000")
	a.keys("enter")
	a.waitText("not sent: the amount must be more than zero")
	// Kept as typed, never altered into another amount, and refused.
	for _, bad := range []struct{ in, why string }{
		{"1e5", "without an exponent"},
		{"1,5", "without separators"},
		{"-1", "without a sign"},
		{"1 000", "without separators"},
	} {
		a.tm.Send(tea.KeyMsg{Type: tea.KeyCtrlU})
		a.typeText(bad.in)
		a.waitText("> "+bad.in+"_", "not valid: ")
		a.keys("enter")
		a.waitText("not sent: ", bad.why)
		if v := a.frame(); strings.Contains(v, "Confirm adding") {
			t.Fatalf("%q reached the review:\n%s", bad.in, v)
		}
	}
	a.keys("esc")
	a.waitText("add-balance strategy " + itoa(s.ID) + ": cancelled")
	if n := a.sb.Hits(routeBalance); n != 0 {
		t.Fatalf("%d changeBalance requests for refused input", n)
	}
	if got := a.balance(s.ID); got.Cmp(before) != 0 {
		t.Fatalf("balance changed to %s without a request", got)
	}
}

func TestProgramAddBalanceChangedStateSendsNothing(t *testing.T) {
	a := startApp(t, 120, 40)
	a.keys("2")
	a.waitReady("page 1 of 3")
	s := liveBuyVolume(a, 18)
	a.openBalance(s.ID)
	a.typeText("2")
	a.setStatus(s.ID, api.StatusCompleted) // completed meanwhile: the table forbids it now
	a.review(s.ID, "2"+strings.Repeat("0", 18))
	a.waitText("add-balance strategy "+itoa(s.ID)+": nothing sent", "changed state meanwhile")
	if n := a.sb.Hits(routeBalance); n != 0 {
		t.Fatalf("%d changeBalance requests for a completed strategy", n)
	}
}

func TestProgramAddBalanceRetryAfterTimeoutAddsOnce(t *testing.T) {
	j := &memJournal{}
	a := startApp(t, 120, 40, WithActionTimeout(100*time.Millisecond), WithJournal(j))
	a.keys("2")
	a.waitReady("page 1 of 3")
	s := liveBuyVolume(a, 9)
	before := a.balance(s.ID)
	a.openBalance(s.ID)
	a.typeText("2.5")
	a.waitText("= 2500000000 raw")
	a.sb.SetFaults(sandbox.Faults{ActionLatency: 600 * time.Millisecond})
	a.review(s.ID, "2500000000")
	a.waitText("Outcome unknown: add-balance strategy "+itoa(s.ID), "y retry add-balance")
	a.sb.SetFaults(sandbox.Faults{})
	a.keys("y")
	a.waitText("add-balance strategy " + itoa(s.ID) + ": done, added ")
	time.Sleep(700 * time.Millisecond) // past the first request's latency
	want := new(big.Int).Add(before, big.NewInt(2_500_000_000))
	if got := a.balance(s.ID); got.Cmp(want) != 0 {
		t.Fatalf("balance %s after a timeout and a retry of 2.5, want %s (added once)", got, want)
	}
	var keys []string
	for _, e := range j.all() {
		if e.Action == "add-balance" {
			keys = append(keys, e.IdempotencyKey)
		}
	}
	if len(keys) != 4 {
		t.Fatalf("%d add-balance audit entries, want 4 (intent and outcome, twice)", len(keys))
	}
	for _, k := range keys {
		if k == "" || k != keys[0] {
			t.Fatalf("the retry used another idempotency key: %v", keys)
		}
	}
	if n := a.sb.Hits(routeBalance); n != 2 {
		t.Fatalf("%d changeBalance requests, want 2 (the first and the retry)", n)
	}
}
