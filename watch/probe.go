package watch

import (
	"context"
	"math"

	"github.com/stratop/stratop/api"
)

// Probes by position. A status's list and the ids held in it are both in
// creation order, so the list's row at position p is the p-th held id as
// long as the two agree up to p. Changes that leave every total as it was
// still shift the rows between them: one strategy suspended and another
// resumed in one interval, or a held row gone stale (changed while the
// first full read was under way) whose move another one cancels. A probe
// that falls between the two sees another id than the held one; a search
// between the list's start and the probe then finds one of them, and the
// other shows in the totals.
//
// Each total is read as the row at a probe's position, so every interval
// probes each status once for nothing; up to probesPerStatus-1 more a
// status are read with the requests the sweep does not need. The positions
// are spread evenly over the list with an offset that turns by the golden
// ratio each interval, so successive intervals fill the gaps between the
// last ones: a pair a fraction g of a list apart is caught in an interval
// with a chance of about probesPerStatus*g in each list that holds one of
// the two, and the sweep remains for pairs side by side.

// probesPerStatus is how many positions of each status an interval reads
// at most, the total's own row included.
const probesPerStatus = 4

// golden is the fractional part of the golden ratio: the offsets k*golden
// mod 1 spread over [0,1) as evenly as any sequence can.
const golden = 0.6180339887498949

// probe is the list's row at a position.
type probe struct {
	status api.Status
	at     int
	row    *api.Strategy // nil: the list ends before at
	gen    uint64        // the state's gen when it was read
}

func (e *Engine) probeOf(st api.Status, at int, p *api.StrategiesPage) probe {
	pr := probe{status: st, at: at, gen: e.st.gen}
	if len(p.Strategies) > 0 {
		r := p.Strategies[0]
		pr.row = &r
		e.shown.note(string(st), at, p.Strategies[:1], e.readFirst)
	}
	return pr
}

// probeAt is the position of the j-th probe of the i-th listed status in
// a list of n rows this interval.
func (e *Engine) probeAt(i, j, n int) int {
	if n <= 0 {
		return 0
	}
	u := math.Mod(float64(e.cycles)*golden+float64(i)/float64(len(listed)), 1)
	return min(n-1, int((float64(j)+u)/probesPerStatus*float64(n)))
}

// probeCycle checks the totals' rows, then reads and checks the rows at
// the interval's other positions, leaving the sweep the requests its byte
// budget allows.
func (e *Engine) probeCycle(ctx context.Context, d *differ, totals map[string]int, probes []probe) error {
	for _, p := range probes {
		if err := e.check(ctx, d, totals, p); err != nil {
			return err
		}
	}
	for j := 1; j < probesPerStatus; j++ {
		for i, st := range listed {
			n := len(e.heldIDs(string(st)))
			if n == 0 {
				continue
			}
			if !e.affords(1+e.sweepWants(), 1) {
				return nil
			}
			at := e.probeAt(i, j, n)
			pg, err := e.list(ctx, forProbe, api.StrategyFilter{Status: st, Page: at + 1, PageSize: 1, SortBy: "oldest"})
			if err != nil {
				return err
			}
			totals[string(st)] = pg.TotalCount
			if err := e.check(ctx, d, totals, e.probeOf(st, at, pg)); err != nil {
				return err
			}
		}
	}
	return nil
}

// check compares a probe's row with the held id at its position. Where
// they differ, the row is settled at once when it is not held in that
// status (it moved in); otherwise a search between the list's start and
// the probe settles the first strategy where they part, and the drill what
// that leaves differing. A list that ends early is the totals' business.
// A probe read before something else was settled is left alone: held and
// the list may differ only because the list moved on, and the row itself
// may be older than what is held (settling it would report a change back).
func (e *Engine) check(ctx context.Context, d *differ, totals map[string]int, p probe) error {
	status := string(p.status)
	held := e.heldIDs(status)
	if p.gen != e.st.gen || p.row == nil || p.at >= len(held) || p.row.ID == held[p.at] {
		return nil
	}
	if r, ok := e.st.rows[p.row.ID]; !ok || e.st.str(r.status) != status {
		d.seen(p.row)
	} else if _, err := e.search(ctx, d, cellKey{status: status}, held, totals, p.at, p.row); err != nil {
		return err
	}
	return e.settle(ctx, d, totals)
}
