package watch

import "context"

// Moves that cancel in a total. A status that lost one strategy and gained
// another shows its total as held, so its total alone does not send the
// drill there; under a steady stream of changes, and after a restart with
// a backlog, such pairs are common: a status's pending gains hide as many
// losses. The reads show them all the same: a row the list showed at
// position p that is not the id held at p (after what the drill settled
// since) lies between the two of a pair, or past a change made since the
// read. A search below p finds one of them, and the other then shows in
// the total. It costs nothing to look: the rows were read this interval for
// the totals, the probes and the searches.

// hides reports whether a row shown of a status whose total agrees with
// what is held is not the one held at its position.
func (e *Engine) hides(status string) bool {
	held := e.heldIDs(status)
	_, _, ok := e.shown.firstDiffering(status, held, len(held))
	return ok
}

// searchHidden searches below the first row shown of status c that is not
// the one held there; false when none is, or the search settled nothing
// (the row is then forgotten: it is no evidence any more).
func (e *Engine) searchHidden(ctx context.Context, d *differ, c cellKey, held []int64, totals map[string]int) (bool, error) {
	name := c.name()
	if name != c.status {
		return false, nil
	}
	q, row, ok := e.shown.firstDiffering(name, held, len(held))
	if !ok {
		return false, nil
	}
	gen := e.st.gen
	found, err := e.search(ctx, d, c, held, totals, q, row)
	if err == nil && e.st.gen == gen && e.affords(1, 1) {
		e.shown.forget(name, q)
	}
	return found, err
}
