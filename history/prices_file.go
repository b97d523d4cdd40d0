package history

// Pool prices in the history file: per pool, per tier, [start, price]
// pairs. Prices are written with 7 significant digits (a chart shows far
// fewer), so a week of MaxPools pools stays a few megabytes.

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
	Step   int64        `json:"step"`
	Points [][2]float64 `json:"points"`
}

// appendPrices appends the pools' prices as the file's "prices" array, in
// pool id order so a file is the same for the same history. It is written
// by hand: encoding/json would check and compact the whole array again,
// which took most of a week's write.
func appendPrices(b []byte, h *History) []byte {
	ids := make([]int64, 0, len(h.prices))
	for id := range h.prices {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	n := 0
	for _, pp := range h.prices {
		for _, r := range pp.tiers {
			n += r.len()
		}
	}
	b = slices.Grow(b, n*24+len(ids)*128) // [start,price] is about 24 bytes
	b = append(b, '[')
	for n, id := range ids {
		if n > 0 {
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
			b = append(b, `{"step":`...)
			b = strconv.AppendInt(b, r.step, 10)
			b = append(b, `,"points":[`...)
			first := true
			for i := 0; i < r.len(); i++ {
				p := r.at(i)
				if math.IsNaN(p.Price) {
					continue
				}
				if !first {
					b = append(b, ',')
				}
				first = false
				b = append(b, '[')
				b = strconv.AppendInt(b, p.Start, 10)
				b = append(b, ',')
				b = strconv.AppendFloat(b, p.Price, 'g', 7, 64)
				b = append(b, ']')
			}
			b = append(b, "]}"...)
		}
		b = append(b, "]}"...)
	}
	return append(b, ']')
}

// decodePrices takes the file's pools into h: at most MaxPools, points out
// of time order or not prices dropped, each tier bounded by its ring.
func decodePrices(h *History, pools []filePool) {
	for _, fp := range pools {
		if fp.Pool == 0 || h.prices[fp.Pool] != nil || len(h.prices) >= MaxPools {
			continue
		}
		pp := newPoolPrices()
		pp.first = fp.First
		for _, ft := range fp.Tiers {
			for _, r := range pp.tiers {
				if r.step != ft.Step {
					continue
				}
				for _, v := range ft.Points {
					start, price := int64(v[0]), v[1]
					if math.IsNaN(price) || math.IsInf(price, 0) || price < 0 || float64(start) != v[0] {
						continue
					}
					if l := r.last(); l != nil && start <= l.Start {
						continue
					}
					r.bucket(start).Price = price
					pp.seen = max(pp.seen, start)
				}
			}
		}
		if pp.seen == 0 {
			continue
		}
		if pp.first == 0 || pp.first > pp.seen {
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
