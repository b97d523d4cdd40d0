package history

import (
	"cmp"
	"slices"
	"time"
)

// bucketed is a point of a tier: it knows the start of its bucket.
type bucketed interface{ start() int64 }

func (p Point) start() int64 { return p.Start }

// ring keeps the last cap points of one tier in time order.
type ring[P bucketed] struct {
	step  int64
	pts   []P // len <= cap; pts[head] is the oldest once full
	head  int
	cap   int
	fresh func(start int64) P // an empty point of a bucket
}

func newRing[P bucketed](t Tier, fresh func(int64) P) *ring[P] {
	return &ring[P]{step: int64(t.Step / time.Second), cap: t.Keep, pts: make([]P, 0, t.Keep), fresh: fresh}
}

func (r *ring[P]) len() int { return len(r.pts) }

// at returns the i-th oldest point.
func (r *ring[P]) at(i int) *P { return &r.pts[(r.head+i)%len(r.pts)] }

func (r *ring[P]) last() *P {
	if len(r.pts) == 0 {
		return nil
	}
	return r.at(len(r.pts) - 1)
}

// bucket returns the point for start, appending one (and dropping the
// oldest when full). A start older than the newest bucket (a sample another
// writer of the file saw earlier, or a clock that went back) goes into its
// own bucket in time order; one older than everything a full ring keeps is
// dropped (nil), as it would be the next to go.
func (r *ring[P]) bucket(start int64) *P {
	l := r.last()
	if l == nil || start > (*l).start() {
		p := r.fresh(start)
		if len(r.pts) < r.cap {
			r.pts = append(r.pts, p)
			return &r.pts[len(r.pts)-1]
		}
		r.pts[r.head] = p
		r.head = (r.head + 1) % r.cap
		return r.last()
	}
	if start == (*l).start() {
		return l
	}
	return r.insert(start)
}

// insert finds or makes the bucket of a start older than the newest. The
// ring is put in order first (head 0), so the insertion is one copy.
func (r *ring[P]) insert(start int64) *P {
	if r.head != 0 {
		ordered := make([]P, len(r.pts), r.cap)
		n := copy(ordered, r.pts[r.head:])
		copy(ordered[n:], r.pts[:r.head])
		r.pts, r.head = ordered, 0
	}
	i, found := slices.BinarySearchFunc(r.pts, start, func(p P, s int64) int { return cmp.Compare(p.start(), s) })
	if found {
		return &r.pts[i]
	}
	if len(r.pts) < r.cap {
		var zero P
		r.pts = append(r.pts, zero)
		copy(r.pts[i+1:], r.pts[i:])
		r.pts[i] = r.fresh(start)
		return &r.pts[i]
	}
	if i == 0 {
		return nil
	}
	copy(r.pts[:i-1], r.pts[1:i])
	r.pts[i-1] = r.fresh(start)
	return &r.pts[i-1]
}

// clone is a deep copy.
func (r *ring[P]) clone() *ring[P] {
	c := *r
	c.pts = make([]P, len(r.pts), r.cap)
	copy(c.pts, r.pts)
	return &c
}
