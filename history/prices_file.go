package history

// Pool prices in the history file: per pool, per tier, the first bucket's
// start and then one number per bucket in time order: a price (at least
// zero, written with 7 significant digits, as a chart shows far fewer), or
// -n for n buckets without one. Bucket starts are multiples of the step, so
// no start needs writing but the first: a week of MaxPools pools is under
// a megabyte, and reads back in a fraction of the time pairs took.

import (
	"math"
	"slices"
	"strconv"
)

type filePool struct {
	Pool  int64           `json:"pool"`
	First int64           `json:"first"`
	Tiers []filePriceTier `json:"tiers"`
}

type filePriceTier struct {
	Step   int64     `json:"step"`
	Start  int64     `json:"start"`
	Prices []float64 `json:"prices"`
}

// maxGap bounds a run of buckets without a price that a file may claim, so
// a damaged number cannot send a start past any time a history holds.
const maxGap = 1 << 31

// appendPrices appends the pools' prices as the file's "prices" array, in
// pool id order so a file is the same for the same history. It is written
// by hand: encoding/json would check and compact the whole array again,
// which took most of a week's write.
func appendPrices(b []byte, h *History) []byte {
	ids := make([]int64, 0, len(h.prices))
	n := 0
	for id, pp := range h.prices {
		ids = append(ids, id)
		for _, r := range pp.tiers {
			n += r.len()
		}
	}
	slices.Sort(ids)
	b = slices.Grow(b, n*10+len(ids)*160) // a price is about 10 bytes
	b = append(b, '[')
	for i, id := range ids {
		if i > 0 {
			b = append(b, ',')
		}
		pp := h.prices[id]
		b = append(b, `{"pool":`...)
		b = strconv.AppendInt(b, id, 10)
		b = append(b, `,"first":`...)
		b = strconv.AppendInt(b, pp.first, 10)
		b = append(b, `,"tiers":[`...)
		for t, r := range pp.tiers {
			if t > 0 {
				b = append(b, ',')
			}
			b = appendPriceTier(b, r)
		}
		b = append(b, "]}"...)
	}
	return append(b, ']')
}

// appendPriceTier writes one tier: its step, its first start and its runs.
func appendPriceTier(b []byte, r *ring[PricePoint]) []byte {
	b = append(b, `{"step":`...)
	b = strconv.AppendInt(b, r.step, 10)
	start, next := int64(0), int64(0) // next: the start the next number stands for
	for i := 0; i < r.len(); i++ {
		if p := r.at(i); !math.IsNaN(p.Price) {
			start = p.Start
			break
		}
	}
	b = append(b, `,"start":`...)
	b = strconv.AppendInt(b, start, 10)
	b = append(b, `,"prices":[`...)
	next = start
	first := true
	for i := 0; i < r.len(); i++ {
		p := r.at(i)
		if math.IsNaN(p.Price) || p.Start < start {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		if gap := (p.Start - next) / r.step; gap > 0 {
			b = strconv.AppendInt(b, -gap, 10)
			b = append(b, ',')
		}
		b = strconv.AppendFloat(b, p.Price, 'g', 7, 64)
		next = p.Start + r.step
	}
	return append(b, "]}"...)
}

// decodePrices takes the file's pools into h: at most MaxPools, each tier
// bounded by its ring (the oldest go), what is not a price or a run
// skipped.
func decodePrices(h *History, pools []filePool) {
	for _, fp := range pools {
		if fp.Pool == 0 || h.prices[fp.Pool] != nil || len(h.prices) >= MaxPools {
			continue
		}
		pp := newPoolPrices()
		pp.first = fp.First
		for _, ft := range fp.Tiers {
			for _, r := range pp.tiers {
				if r.step == ft.Step && r.len() == 0 {
					pp.seen = max(pp.seen, decodePriceTier(r, ft))
				}
			}
		}
		if pp.seen == 0 {
			continue
		}
		if pp.first <= 0 || pp.first > pp.seen {
			pp.first = pp.seen
			for _, r := range pp.tiers {
				if r.len() > 0 {
					pp.first = min(pp.first, r.at(0).Start)
				}
			}
		}
		if h.prices == nil {
			h.prices = make(map[int64]*poolPrices)
		}
		h.prices[fp.Pool] = pp
	}
}

// decodePriceTier fills an empty ring from a tier's runs and returns the
// newest start it holds (0 for none).
func decodePriceTier(r *ring[PricePoint], ft filePriceTier) int64 {
	if ft.Start <= 0 || ft.Start%r.step != 0 {
		return 0
	}
	at, newest := ft.Start, int64(0)
	for _, v := range ft.Prices {
		switch {
		case math.IsNaN(v) || math.IsInf(v, 0):
			return newest
		case v < 0:
			gap := -v
			if gap != math.Trunc(gap) || gap > maxGap {
				return newest
			}
			at += int64(gap) * r.step
		default:
			r.bucket(at).Price = v
			newest = at
			at += r.step
		}
	}
	return newest
}
