package model

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stratop/stratop/api"
)

// heldSearches holds the reads in creation order (the movers' finder's)
// while hold is set: the time a search takes, made as long as a test needs.
type heldSearches struct {
	hostClient
	hold    atomic.Bool
	release chan struct{}
}

func (h *heldSearches) ListStrategies(ctx context.Context, q api.StrategyFilter) (*api.StrategiesPage, error) {
	if q.SortBy == "oldest" && h.hold.Load() {
		select {
		case <-h.release:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	return h.hostClient.ListStrategies(ctx, q)
}

// A strategy halted on no page the dashboard reads: its total moved, and
// until the finder names it Needs attention says it is looking, never
// "nothing"; then it names it.
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
	target := a.oldestActive()
	a.setStatus(target.ID, api.StatusPaused)
	a.waitText("paused +1: finding which…")
	if strings.Contains(a.frame(), "nothing: no halts") {
		t.Fatalf("Needs attention says nothing while paused grew:\n%s", a.frame())
	}
	close(held.release)
	a.waitFor("strategy "+itoa(target.ID)+" named", func(v string) bool {
		return attentionNames(v, target.ID) && !strings.Contains(v, "finding which")
	})
}
