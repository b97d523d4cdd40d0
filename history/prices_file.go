package history

// Pool prices in the history file: per pool, per tier, [start, price]
// pairs. Prices are written with 7 significant digits (a chart shows far
// fewer), so a week of MaxPools pools stays a few megabytes.

import (
	"encoding/json"
	"math"
	"sort"
	"strconv"
)

type filePool struct {
	Pool  int64           `json:"pool"`
	First int64           `json:"first"`
	Tiers []filePriceTier `json:"tiers"`
}

type filePriceTier struct {
	Step   int64        `json:"step"`
	Points pricePairs   `json:"points"`
	pts    []PricePoint // what Points encodes, when writing
}

// pricePairs are a tier's points: decoded from [[start, price], ...] and
// encoded from the tier's points with 7 significant digits.
type pricePairs [][2]float64

// encodePrices lists the pools in id order, so a file is the same for the
// same history.
func encodePrices(h *History) []filePool {
	ids := make([]int64, 0, len(h.prices))
	for id := range h.prices {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	out := make([]filePool, 0, len(ids))
	for _, id := range ids {
		pp := h.prices[id]
		fp := filePool{Pool: id, First: pp.first}
		for _, r := range pp.tiers {
			ft := filePriceTier{Step: r.step, pts: make([]PricePoint, 0, r.len())}
			for i := 0; i < r.len(); i++ {
				if p := r.at(i); !math.IsNaN(p.Price) {
					ft.pts = append(ft.pts, *p)
				}
			}
			fp.Tiers = append(fp.Tiers, ft)
		}
		out = append(out, fp)
	}
	return out
}

// MarshalJSON writes the tier with its points as short pairs.
func (ft filePriceTier) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 32+len(ft.pts)*24)
	b = append(b, `{"step":`...)
	b = strconv.AppendInt(b, ft.Step, 10)
	b = append(b, `,"points":[`...)
	for i, p := range ft.pts {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '[')
		b = strconv.AppendInt(b, p.Start, 10)
		b = append(b, ',')
		b = strconv.AppendFloat(b, p.Price, 'g', 7, 64)
		b = append(b, ']')
	}
	return append(b, "]}"...), nil
}

var _ json.Marshaler = filePriceTier{}

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
