package watch

// Pools' token prices as the engine's reads carry them (strategy pages
// embed their pool with its price), handed to OnSample with the cycle's
// figures, so a history kept from the samples has prices without a read
// of its own.

import (
	"math"
	"strconv"
)

// maxSamplePrices bounds the pools whose prices one sample carries: a
// sweep page holds at most a page of pools, and a reader keeps fewer.
const maxSamplePrices = 256

// notePrice keeps the newest price of a pool a read of this cycle carried;
// an empty or unreadable price is none.
func (e *Engine) notePrice(pool int64, price string) {
	if pool <= 0 || price == "" {
		return
	}
	v, err := strconv.ParseFloat(price, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
		return
	}
	if e.cyc.prices == nil {
		e.cyc.prices = make(map[int64]float64)
	}
	if _, ok := e.cyc.prices[pool]; !ok && len(e.cyc.prices) >= maxSamplePrices {
		return
	}
	e.cyc.prices[pool] = v
}
