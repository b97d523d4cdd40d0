package model

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stratop/stratop/ui"
)

// An outage's age counts from its first failure, not from each failed
// poll; once it ends it stays on Needs attention for the hour after, with
// its start, length and end.
func TestAnOutageKeepsItsStartAndStaysListedForAnHourAfterItEnds(t *testing.T) {
	down := errors.New("connection refused")
	var h health
	h = h.record(attempt{at: t0})
	for i := 1; i <= 6; i++ {
		h = h.record(attempt{at: t0.Add(time.Duration(i) * 30 * time.Second), err: down})
	}
	if !h.outageAt.Equal(t0.Add(30*time.Second)) || h.failures != 6 {
		t.Fatalf("outage from %v with %d failures, want from the first failure", h.outageAt, h.failures)
	}
	e := &env{host: "api.test", interval: 5 * time.Second}
	ov := overviewTab{health: h.view(e), now: t0.Add(3 * time.Minute)}
	lines := ov.lines()
	if len(lines) == 0 || !strings.Contains(lines[0].Note, "outage since "+ui.Clock(t0.Add(30*time.Second))+" (2m30s)") || !strings.HasPrefix(lines[0].Note, "connection refused") {
		t.Fatalf("the outage going on: %+v", lines)
	}
	end := t0.Add(4 * time.Minute)
	h = h.record(attempt{at: end})
	if h.failing() || len(h.ended) != 1 {
		t.Fatalf("after a good answer: failing %v, %d ended", h.failing(), len(h.ended))
	}
	for _, at := range []time.Duration{time.Second, 59 * time.Minute} {
		ov = overviewTab{health: h.view(e), now: end.Add(at)}
		lines = ov.lines()
		want := "outage " + ui.Clock(t0.Add(30*time.Second)) + "–" + ui.Clock(end) + " (3m30s), ended; 6 failed reads"
		if len(lines) != 1 || !strings.HasPrefix(lines[0].Note, want) || lines[0].Kind != ui.AttentionConnection {
			t.Fatalf("%v after its end: %+v, want %q", at, lines, want)
		}
	}
	ov = overviewTab{health: h.view(e), now: end.Add(61 * time.Minute)}
	if lines := ov.lines(); len(lines) != 0 {
		t.Fatalf("an hour after its end it is still listed: %+v", lines)
	}
	h = h.record(attempt{at: end.Add(61 * time.Minute)})
	if len(h.ended) != 0 {
		t.Fatalf("an outage ended over an hour ago is kept: %+v", h.ended)
	}
}

// A halted total that grew by more than the movers named gets a line with
// the difference; movers named cover it.
func TestUnnamedMovesCountWhatIsNotNamed(t *testing.T) {
	e := &env{now: func() time.Time { return t0 }}
	cnt := func(paused, active int) *countsData {
		return &countsData{counts: []ui.StatusCount{{Status: "active", Count: active}, {Status: "paused", Count: paused}}}
	}
	moves := addMoves(nil, cnt(3, 10), cnt(5, 8), t0)
	ov := overviewTab{base: base{env: e}, moves: moves}
	if l := ov.unnamed(); len(l) != 1 || l[0].Note != ui.UnnamedMoves("paused", 2) {
		t.Fatalf("two unnamed: %+v", l)
	}
	ov.attn = []ui.AttentionLine{{Kind: ui.KindStatus, Strategy: 7, Old: "active", New: "paused"}}
	if l := ov.unnamed(); len(l) != 1 || l[0].Note != ui.UnnamedMoves("paused", 1) {
		t.Fatalf("one named of two: %+v", l)
	}
	ov.attn = append(ov.attn, ui.AttentionLine{Kind: ui.KindStatus, Strategy: 8, Old: "active", New: "paused"})
	if l := ov.unnamed(); len(l) != 0 {
		t.Fatalf("both named: %+v", l)
	}
	if m := addMoves(moves, cnt(5, 8), cnt(5, 8), t0.Add(61*time.Minute)); len(m) != 0 {
		t.Fatalf("a move over an hour old is kept: %+v", m)
	}
}
