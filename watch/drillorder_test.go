package watch

import "testing"

// heldStatuses is an engine's state holding n[s] strategies of each status
// s, ids in creation order across them.
func heldStatuses(e *Engine, n map[string]int) {
	s := newState()
	id := int64(0)
	for _, st := range listed {
		for range n[string(st)] {
			id++
			s.put(id, row{status: s.intern(string(st)), chain: 1, category: s.intern("buy"), typ: s.intern("dca")})
		}
	}
	s.baselined = true
	e.st = s
}

// Two statuses have differed for many intervals; the large one has had a
// change settled each interval, since fresh ones keep coming, the other
// none. The one left waiting goes first: taking the status that began to
// differ first, the large one would take every interval's budget for as
// long as changes keep coming to it.
func TestTheStatusLeftWaitingLongestIsDrilledFirst(t *testing.T) {
	e := New(nil, Options{Scope: Integration()})
	heldStatuses(e, map[string]int{"active": 40000, "paused": 15000})
	e.cycles = 40
	e.differing["active"] = difference{cycle: 2, diff: 3}
	e.differing["paused"] = difference{cycle: 5, diff: 1}
	e.settledAt["active"] = 39
	totals := map[string]int{"active": 39998, "paused": 15001}
	c, ok := e.nextDrill(totals)
	if !ok || c.status != "paused" {
		t.Fatalf("drilled %q first, want paused, which has waited since interval 5", c.status)
	}
	// Once paused has had its turn, active has waited longer.
	e.settledAt["paused"] = 40
	e.settledAt["active"] = 30
	if c, _ := e.nextDrill(totals); c.status != "active" {
		t.Fatalf("drilled %q, want active, waiting since interval 30", c.status)
	}
}

// Active has held more than its total for many intervals, while completed
// gained as many: completions under the simulation, which the completed
// list's read settles on both sides at once. Completed goes first; the
// loss waits its turn only while no status shows a gain that may explain
// it (a strategy that left without arriving anywhere: an archive).
func TestALossAGainMayExplainDoesNotGoFirst(t *testing.T) {
	e := New(nil, Options{Scope: Integration()})
	heldStatuses(e, map[string]int{"active": 1200, "completed": 600})
	e.cycles = 40
	e.differing["active"] = difference{cycle: 10, diff: 5}
	e.differing["completed"] = difference{cycle: 38, diff: 5}
	e.losing["active"] = 10
	e.settledAt["active"] = 39
	totals := map[string]int{"active": 1195, "completed": 605}
	if c, _ := e.nextDrill(totals); c.status != "completed" {
		t.Fatalf("drilled %q first, want completed, whose gains may be active's losses", c.status)
	}
	totals["completed"] = 600 // no gain anywhere: the losses are archives
	if c, _ := e.nextDrill(totals); c.status != "active" {
		t.Fatalf("drilled %q first, want active, losing since interval 10", c.status)
	}
}
