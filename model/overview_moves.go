package model

// Needs attention never says "nothing" while a total moved: a halted total
// (paused, suspended, completed) that grew between two reads of the counts
// by more than the strategies the Activity named as moving into it in the
// last hour gets a line that says so.

import (
	"time"

	"github.com/stratop/stratop/ui"
)

// addMoves records the halted totals that grew from prev to cur at now,
// and forgets the moves older than attentionWindow.
func addMoves(moves []countMove, prev, cur *countsData, now time.Time) []countMove {
	was := make(map[string]int, len(prev.counts))
	for _, c := range prev.counts {
		was[string(c.Status)] = c.Count
	}
	for _, c := range cur.counts {
		st := string(c.Status)
		if d := c.Count - was[st]; d > 0 && haltStates[st] {
			moves = append(moves, countMove{status: st, by: d, at: now})
		}
	}
	for len(moves) > 0 && now.Sub(moves[0].at) > attentionWindow {
		moves = moves[1:]
	}
	return moves
}

// unnamed are the lines of totals that grew by more than the movers named
// in the lines handed over, within the last hour.
func (t overviewTab) unnamed() []ui.AttentionLine {
	if len(t.moves) == 0 {
		return nil
	}
	now := t.env.now()
	grew := map[string]int{}
	last := map[string]time.Time{}
	var order []string
	for _, m := range t.moves {
		if now.Sub(m.at) > attentionWindow {
			continue
		}
		if _, ok := grew[m.status]; !ok {
			order = append(order, m.status)
		}
		grew[m.status] += m.by
		last[m.status] = m.at
	}
	named := map[string]int{}
	for _, l := range t.attn {
		if l.Kind == ui.KindStatus || l.Kind == ui.KindCompleted {
			named[l.New]++
		}
	}
	var out []ui.AttentionLine
	for _, st := range order {
		if n := grew[st] - named[st]; n > 0 {
			out = append(out, ui.AttentionLine{At: last[st], Kind: ui.AttentionMoved, Note: ui.UnnamedMoves(st, n)})
		}
	}
	return out
}
