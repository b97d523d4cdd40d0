package history

// Pool prices: the USD price of a pool's token as the reads that carry it
// saw it (a pool's own read, a user's pools, strategy pages), per pool at
// the tiers of the counts. Bounded: at most MaxPools pools, one unseen for
// staleAfter giving way to a new one, so a week of the most pools is
// MaxPools * (360+1440+1008) points of 16 bytes, about 1.4 MB in memory.

import (
	"math"
	"time"
)

// MaxPools is how many pools' prices are kept.
const MaxPools = 32

// PricePoint is one bucket of a pool's price: the last price seen in it.
type PricePoint struct {
	Start int64 // unix seconds, the bucket's start
	Price float64
}

func (p PricePoint) start() int64 { return p.Start }

func emptyPrice(start int64) PricePoint { return PricePoint{Start: start, Price: math.NaN()} }

// poolPrices is one pool's price at every tier.
type poolPrices struct {
	first int64 // unix seconds of the first price kept
	seen  int64 // unix seconds of the newest price: who gives way first
	tiers []*ring[PricePoint]
}

func newPoolPrices() *poolPrices {
	pp := &poolPrices{}
	for _, t := range Tiers {
		pp.tiers = append(pp.tiers, newRing(t, emptyPrice))
	}
	return pp
}

func (pp *poolPrices) clone() *poolPrices {
	c := *pp
	c.tiers = make([]*ring[PricePoint], len(pp.tiers))
	for i, r := range pp.tiers {
		c.tiers[i] = r.clone()
	}
	return &c
}

// AddPrice records a pool's price at a time. A price that is not a
// finite number of at least zero is not kept.
func (h *History) AddPrice(at time.Time, pool int64, price float64) {
	if at.IsZero() || pool == 0 || math.IsNaN(price) || math.IsInf(price, 0) || price < 0 {
		return
	}
	sec := at.Unix()
	pp := h.poolFor(pool, sec)
	if pp == nil {
		return
	}
	h.dirty = true
	pp.first = min(pp.first, sec)
	pp.seen = max(pp.seen, sec)
	for _, r := range pp.tiers {
		if p := r.bucket(sec - sec%r.step); p != nil {
			p.Price = price
		}
	}
}

// staleAfter is how long a kept pool goes unseen before a new pool may
// take its place: with more pools read than kept (an engine sweeping a
// large integration), the kept ones stay, rather than every cycle's pools
// pushing out the last cycle's and no pool keeping a history.
const staleAfter = 10 * 60 // seconds: the coarsest tier's step

// poolFor is the pool's prices, made when missing: when MaxPools are kept
// the pool seen least recently gives way if it went unseen for staleAfter
// before sec; otherwise the new pool is not kept (nil).
func (h *History) poolFor(pool, sec int64) *poolPrices {
	if pp := h.prices[pool]; pp != nil {
		return pp
	}
	if h.prices == nil {
		h.prices = make(map[int64]*poolPrices)
	}
	if len(h.prices) >= MaxPools {
		var oldest int64
		for id, pp := range h.prices {
			if oldest == 0 || pp.seen < h.prices[oldest].seen || (pp.seen == h.prices[oldest].seen && id < oldest) {
				oldest = id
			}
		}
		if sec-h.prices[oldest].seen < staleAfter {
			return nil
		}
		delete(h.prices, oldest)
	}
	pp := newPoolPrices()
	pp.first = sec
	h.prices[pool] = pp
	return pp
}

// PriceStart is when the first price of pool that is kept was seen, zero
// when none is.
func (h *History) PriceStart(pool int64) time.Time {
	if pp := h.prices[pool]; pp != nil {
		return time.Unix(pp.first, 0)
	}
	return time.Time{}
}

// PricePoints returns the pool's points of the tier that covers window
// whose buckets start within (now-window, now], oldest first, appended to
// dst; none when the history holds no price of the pool.
func (h *History) PricePoints(dst []PricePoint, pool int64, window time.Duration, now time.Time) []PricePoint {
	pp := h.prices[pool]
	if pp == nil {
		return dst
	}
	return pointsIn(dst, pp.tiers[TierFor(window)], window, now)
}

// PriceColumns spreads a pool's points over n columns as Columns does
// (the last price in a column, NaN where none).
func PriceColumns(dst []float64, pts []PricePoint, window time.Duration, now time.Time, n int) []float64 {
	return columns(dst, pts, priceOf, false, window, now, n)
}

// PriceChange is the first and the last price in pts.
func PriceChange(pts []PricePoint) (first, last float64, ok bool) {
	return change(pts, priceOf)
}

func priceOf(p PricePoint) (float64, bool) { return p.Price, !math.IsNaN(p.Price) }
