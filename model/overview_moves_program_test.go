package model

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stratop/stratop/api"
)

// heldSearches holds the pages of more than one row in creation order
// (the pages the movers' finder's searches end with, its own or asked of
// the Overview's reads of the totals) while hold is set: the time a search
// takes, made as long as a test needs.
type heldSearches struct {
	hostClient
	hold    atomic.Bool
	release chan struct{}
}

func (h *heldSearches) ListStrategies(ctx context.Context, q api.StrategyFilter) (*api.StrategiesPage, error) {
	if q.SortBy == "oldest" && q.PageSize > 1 && h.hold.Load() {
		select {
		case <-h.release:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	return h.hostClient.ListStrategies(ctx, q)
}

// Strategies halted on no page the dashboard reads: their total moved, and
// until the finder names them Needs attention says it is looking, never
// "nothing"; then it names them. Two move, so that the one row the read of
// the total returns, which may name one at once, cannot name both.
func TestProgramATotalThatMovedUnnamedIsNeverNothing(t *testing.T) {
	var e envOf
	held := &heldSearches{release: make(chan struct{})}
	a := startAppWith(t, nil, func(c sandboxClient) API {
		held.hostClient = hostClient{Client: c.Client, host: "sandbox.test"}
		return held
	}, 120, 40, e.capture)
	a.waitReady("Needs attention", "nothing: no halts")
	e.waitMoversRead(t, a.frame)
	held.hold.Store(true)
	first := a.oldestActive()
	a.setStatus(first.ID, api.StatusPaused)
	second := a.oldestActive()
	a.setStatus(second.ID, api.StatusPaused)
	a.waitFor("a halted total said to be looked into", func(v string) bool {
		return strings.Contains(v, "paused +") && strings.Contains(v, ": finding which…")
	})
	if strings.Contains(a.frame(), "nothing: no halts") {
		t.Fatalf("Needs attention says nothing while paused grew:\n%s", a.frame())
	}
	close(held.release)
	a.waitFor("strategies "+itoa(first.ID)+" and "+itoa(second.ID)+" named", func(v string) bool {
		return attentionNames(v, first.ID) && attentionNames(v, second.ID) && !strings.Contains(v, "finding which")
	})
}
