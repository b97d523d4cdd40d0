package watch

import (
	"testing"
	"time"
)

// The by-type, category and chain figures leave out the archived rows the
// engine still holds; the backlog is what the interface counts in a status
// beyond what the engine holds there, archived aside.
func TestStatsLeaveArchivedOutAndCountTheBacklog(t *testing.T) {
	w := newWorld(t, 2, 5)
	e := New(w.c, Options{Host: "sandbox.test", Scope: Integration(), Meter: w.m})
	e.st = newState()
	e.st.baselined = true
	e.st.cells = map[cellKey]int{
		{status: "active", chain: 1, category: "grid", method: "dca"}:     4,
		{status: "paused", chain: 2, category: "grid", method: "volume"}:  1,
		{status: "archived", chain: 1, category: "grid", method: "dca"}:   36,
		{status: "completed", chain: 1, category: "smart", method: "dca"}: 0,
	}
	e.totals = map[string]int{"active": 6, "paused": 1, "completed": 3, "archived": 50}
	e.updateStats(time.Now())
	s := e.Stats()
	if s.ByType["dca"] != 4 || s.ByType["volume"] != 1 || s.ByChain[1] != 4 || s.ByCategory["grid"] != 5 {
		t.Errorf("by type %v, chain %v, category %v: archived rows counted", s.ByType, s.ByChain, s.ByCategory)
	}
	if s.Backlog != 2+3 {
		t.Errorf("backlog %d, want 5 (2 active and 3 completed not held)", s.Backlog)
	}
	if s.ByStatus["archived"] != 50 {
		t.Errorf("by status %v: the interface's totals", s.ByStatus)
	}
	e.totals = map[string]int{"active": 4, "paused": 1, "archived": 36}
	e.updateStats(time.Now())
	if s := e.Stats(); s.Backlog != 0 {
		t.Errorf("caught up, backlog %d", s.Backlog)
	}
	e.st.baselined = false
	e.totals = map[string]int{"active": 10000}
	e.updateStats(time.Now())
	if s := e.Stats(); s.Backlog != 0 {
		t.Errorf("during the first full read, backlog %d", s.Backlog)
	}
}
