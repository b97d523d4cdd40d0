package model

import (
	"context"
	"strings"
	"testing"

	"github.com/stratop/stratop/api"
)

// A strategy halted on no page the dashboard reads: its total moved, and
// Needs attention says so instead of "nothing".
func TestProgramATotalThatMovedUnnamedIsNeverNothing(t *testing.T) {
	a := startApp(t, 120, 40)
	a.waitReady("Needs attention", "nothing: no halts")
	p, err := a.c.ListStrategies(context.Background(), api.StrategyFilter{Status: api.StatusActive, PageSize: 1})
	if err != nil || len(p.Strategies) == 0 {
		t.Fatalf("no active strategy: %v", err)
	}
	a.setStatus(p.Strategies[0].ID, api.StatusPaused)
	a.waitText("paused +1: finding which…")
	if strings.Contains(a.frame(), "nothing: no halts") {
		t.Fatalf("Needs attention says nothing while paused grew:\n%s", a.frame())
	}
}
