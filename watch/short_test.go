package watch

import (
	"context"
	"testing"
	"time"
)

// While intervals end with differences left and no request to spare, the
// totals are read every third interval only; once an interval settles
// what differed, every interval again.
func TestTotalsAreReadLessOftenWhileTheBudgetIsTheLimit(t *testing.T) {
	e := New(nil, Options{Scope: Integration()})
	heldStatuses(e, map[string]int{"active": 40000, "paused": 15000})
	now := time.Now()
	e.budget = newBudget(e.opts, now, func(context.Context, time.Duration) error { return nil })
	e.totals = map[string]int{"active": 39990, "paused": 15000}
	var due []bool
	for range 8 {
		due = append(due, e.totalsDue())
		e.budget.pace.tokens = 0 // the drill spent the interval's requests
		e.budgetShort(e.totals)
	}
	want := []bool{true, true, false, false, true, false, false, true}
	for i := range want {
		if due[i] != want[i] {
			t.Fatalf("totals read %v over eight short intervals, want %v", due, want)
		}
	}
	// Settled: the next interval reads them, and every one after.
	e.totals["active"] = 40000
	e.budgetShort(e.totals)
	for range 2 {
		if !e.totalsDue() {
			t.Fatal("totals skipped once nothing differed")
		}
	}
	// Differences left with requests to spare are not the budget's limit.
	e.totals["active"] = 39990
	e.budget.pace.tokens = 25
	for range 4 {
		e.budgetShort(e.totals)
		if !e.totalsDue() {
			t.Fatal("totals skipped with requests to spare")
		}
	}
}
