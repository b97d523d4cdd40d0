package watch

import (
	"context"
	"math"
	"strconv"
	"strings"
)

// Finer totals. The list routes filter a status by chain, category and
// method, and every answer carries the filtered totalCount, so a page of
// one row of a finer cell is that cell's total. Reading the totals of a
// cell's parts (one dimension at a time: its chains, its categories or its
// methods) costs one request a part and tells which parts hold what moved,
// where a search of the whole cell would halve through all of it for each
// change. It pays when several changes share those reads: v parts save
// about log2(v) halvings a change for v requests, so with one change it
// costs more and with a backlog of them (a restart after a long stop, a
// burst) far less. Moves in and out that cancel in the cell's total often
// show apart in its parts, too. The cost model (drill.go) weighs a split
// against a search and a whole read like any other way.

// dimension is one filter of the list routes a cell can be split by.
type dimension struct {
	name  string
	fixed func(c cellKey) bool                  // c already filters by it
	take  func(c cellKey, from cellKey) cellKey // c filtered by from's value
}

// dimensions are the filters the interface gives besides the status.
var dimensions = []dimension{
	{"chain", func(c cellKey) bool { return c.chain != 0 }, func(c, f cellKey) cellKey { c.chain = f.chain; return c }},
	{"category", func(c cellKey) bool { return c.category != "" }, func(c, f cellKey) cellKey { c.category = f.category; return c }},
	{"method", func(c cellKey) bool { return c.method != "" }, func(c, f cellKey) cellKey { c.method = f.method; return c }},
}

// name is a cell's key in the maps of totals, shown rows and whole reads:
// a status alone is its own name.
func (c cellKey) name() string {
	if c.chain == 0 && c.category == "" && c.method == "" {
		return c.status
	}
	return c.status + "/" + strconv.FormatInt(c.chain, 10) + "/" + c.category + "/" + c.method
}

// parts is the cell split by dim: each value of dim the held strategies of
// the cell carry, with how many are held there. A value no held strategy
// carries is not read; what it holds shows as the parts' totals falling
// short of the cell's.
func (e *Engine) parts(c cellKey, dim dimension) ([]cellKey, []int) {
	var keys []cellKey
	var sizes []int
	at := map[cellKey]int{}
	for k, n := range e.st.cells {
		if n <= 0 || !e.st.matchCell(c, k) {
			continue
		}
		p := dim.take(c, k)
		i, ok := at[p]
		if !ok {
			i = len(keys)
			at[p] = i
			keys, sizes = append(keys, p), append(sizes, 0)
		}
		sizes[i] += n
	}
	return keys, sizes
}

// matchCell reports whether the finest cell k lies in c.
func (s *state) matchCell(c, k cellKey) bool {
	return k.status == c.status && (c.chain == 0 || k.chain == c.chain) &&
		(c.category == "" || k.category == c.category) && (c.method == "" || k.method == c.method)
}

// heldIn is the ids held in a cell, in creation order, shared like heldIDs.
func (e *Engine) heldIn(c cellKey) []int64 {
	ids := e.heldIDs(c.status)
	name := c.name()
	if name == c.status {
		return ids
	}
	x := &e.index
	if got, ok := x.cells[name]; ok {
		return got
	}
	out := []int64{}
	for _, id := range ids {
		if e.st.match(c, e.st.rows[id]) {
			out = append(out, id)
		}
	}
	if x.cells == nil {
		x.cells = map[string][]int64{}
	}
	x.cells[name] = out
	return out
}

// partsRead is the totals of a cell's parts by one filter as read, kept
// for splitKeep intervals: the changes of a backlog share them over the
// intervals the budget spreads their drills across. A part's own reads
// bring its total up to date; a change made since that moved between
// parts costs at most a search that finds nothing and corrects the total.
type partsRead struct {
	dim    string
	cycle  int
	totals map[string]int // by part name
}

// splitKeep is how many intervals a split's totals are used for.
const splitKeep = 6

// kept is the split of c still in use, nil for none.
func (e *Engine) kept(c cellKey) *partsRead {
	pr := e.splits[c.name()]
	if pr == nil || e.cycles-pr.cycle >= splitKeep {
		return nil
	}
	return pr
}

// forgetSplits drops the splits that are too old or of statuses that no
// longer differ.
func (e *Engine) forgetSplits() {
	for name, pr := range e.splits {
		status, _, _ := strings.Cut(name, "/")
		if _, differs := e.differing[status]; !differs || e.cycles-pr.cycle >= splitKeep {
			delete(e.splits, name)
		}
	}
}

// splitWays is the ways of splitting c: by the split in use only, when it
// still shows parts that differ, else by each filter c is not split by.
func (e *Engine) splitWays(c cellKey, n int, k float64) []way {
	if pr := e.kept(c); pr != nil {
		for i := range dimensions {
			if dimensions[i].name != pr.dim {
				continue
			}
			keys, sizes := e.parts(c, dimensions[i])
			var p plan
			for j, part := range keys {
				t, ok := pr.totals[part.name()]
				if h := len(e.heldIn(part)); ok && t != h {
					q := e.cheaper(sizes[j], math.Abs(float64(t-h)))
					p.reqs, p.bytes = p.reqs+q.reqs, p.bytes+q.bytes
				}
			}
			if p.reqs > 0 {
				return []way{{kind: bySplit, plan: p, dim: &dimensions[i]}}
			}
		}
		return nil
	}
	var ws []way
	for i := range dimensions {
		if dimensions[i].fixed(c) {
			continue
		}
		if p, ok := e.splitPlan(c, dimensions[i], n, k); ok {
			ws = append(ws, way{kind: bySplit, plan: p, dim: &dimensions[i]})
		}
	}
	return ws
}

// splitPlan is reading the totals of c's parts by dim, then settling, in
// each part likely to hold one of the k changes, its share of them the
// cheaper way. ok is false when dim gives fewer than two parts.
func (e *Engine) splitPlan(c cellKey, dim dimension, n int, k float64) (plan, bool) {
	_, sizes := e.parts(c, dim)
	if len(sizes) < 2 || n <= 0 {
		return plan{}, false
	}
	p := plan{reqs: float64(len(sizes)), bytes: float64(len(sizes)) * e.estimate(1)}
	for _, m := range sizes {
		share := float64(m) / float64(n)
		likely := 1 - math.Pow(1-share, k) // the chance the part holds one
		q := e.cheaper(m, max(k*share, 1))
		p.reqs += q.reqs * likely
		p.bytes += q.bytes * likely
	}
	return p, true
}

// cheaper is settling k changes in a list of n rows by searching or by
// reading it whole, whichever takes less.
func (e *Engine) cheaper(n int, k float64) plan {
	search, whole := e.searchPlan(n).times(k), e.wholePlan(n)
	if e.minutes(whole) <= e.minutes(search) {
		return whole
	}
	return search
}

// split reads the totals of c's parts by dim (those the split in use has
// not read yet) and drills each part whose total differs from what is
// held there. What the parts leave unexplained (values no held strategy
// carries, a change since the totals were read) is the cell's again, for
// the drill to choose anew.
func (e *Engine) split(ctx context.Context, d *differ, c cellKey, dim dimension) error {
	pr := e.kept(c)
	if pr == nil || pr.dim != dim.name {
		pr = &partsRead{dim: dim.name, cycle: e.cycles, totals: map[string]int{}}
		e.splits[c.name()] = pr
	}
	keys, _ := e.parts(c, dim)
	for _, p := range keys {
		if _, ok := pr.totals[p.name()]; ok {
			continue
		}
		if !e.affords(1, 1) {
			return nil
		}
		f := p.filter()
		f.Page, f.PageSize, f.SortBy = 1, 1, "oldest"
		pg, err := e.list(ctx, forSplit, f)
		if err != nil {
			return err
		}
		e.splitReads++
		pr.totals[p.name()] = pg.TotalCount
		if len(pg.Strategies) > 0 {
			e.shown.note(p.name(), 0, pg.Strategies[:1], e.readFirst)
		}
	}
	for _, p := range keys {
		if pr.totals[p.name()] == len(e.heldIn(p)) {
			continue
		}
		gen := e.st.gen
		if err := e.drill(ctx, d, p, pr.totals); err != nil {
			return err
		}
		if e.st.gen == gen && !e.affords(1, 1) {
			return nil
		}
	}
	return nil
}
