package watch

import "maps"

// purpose is what a read is for. The engine counts its reads by purpose
// (Stats.ReadsBy), so a measurement shows where the budget goes: at the
// request budget's edge the split between totals, searches and whole reads
// is what decides how fast changes are found.
type purpose string

// The purposes of the reads.
const (
	forTotals  purpose = "totals"  // a status's total, read as a row at a probe's position
	forUsers   purpose = "users"   // the users count and, when it grew, the users list
	forProbe   purpose = "probe"   // a row at a further probe position
	forSearch  purpose = "search"  // a row a search halves by
	forPage    purpose = "page"    // the page a search ends with
	forWhole   purpose = "whole"   // a page of a status read whole
	forSplit   purpose = "split"   // the total of a part of a status, by a filter
	forByID    purpose = "by-id"   // a strategy that left where it was held
	forSweep   purpose = "sweep"   // a page of the rolling sweep
	forMembers purpose = "members" // a member of a strategies or users scope
)

// countRead counts one read of purpose why.
func (e *Engine) countRead(why purpose) {
	if e.readsBy == nil {
		e.readsBy = map[string]int64{}
	}
	e.readsBy[string(why)]++
}

// readsByCopy is the reads by purpose so far, for Stats.
func (e *Engine) readsByCopy() map[string]int64 { return maps.Clone(e.readsBy) }
