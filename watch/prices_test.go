package watch

import (
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/stratop/stratop/api"
)

// The engine's sample carries the pools' prices its reads saw: each the
// pool's price as the interface gives it.
func TestSampleCarriesThePoolPricesTheReadsSaw(t *testing.T) {
	w := newWorld(t, 4, 60)
	var mu sync.Mutex
	seen := map[int64]float64{}
	running(t, w, Options{Scope: Integration(), Interval: 20 * time.Millisecond, Budget: 60000, ByteBudget: 1 << 30,
		OnSample: func(s Sample) {
			mu.Lock()
			defer mu.Unlock()
			for id, p := range s.Prices {
				seen[id] = p
			}
		}})
	pool, err := w.c.GetPool(t.Context(), 1)
	if err != nil {
		t.Fatal(err)
	}
	want := parsePrice(t, pool)
	waitFor(t, "pool 1's price in a sample", func() bool {
		mu.Lock()
		defer mu.Unlock()
		return seen[1] == want
	})
}

func parsePrice(t *testing.T, p *api.Pool) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(p.TokenPrice, 64)
	if err != nil {
		t.Fatalf("pool %d's price %q: %v", p.ID, p.TokenPrice, err)
	}
	return v
}

func TestNotePriceKeepsOnlyPricesAndIsBounded(t *testing.T) {
	e := &Engine{}
	for _, bad := range []string{"", "NaN", "-1", "Inf", "abc"} {
		e.notePrice(5, bad)
	}
	e.notePrice(0, "3")
	if len(e.cyc.prices) != 0 {
		t.Errorf("kept %v from what is not a price", e.cyc.prices)
	}
	for i := int64(1); i <= maxSamplePrices+10; i++ {
		e.notePrice(i, "1.5")
	}
	e.notePrice(1, "2.25")
	if len(e.cyc.prices) != maxSamplePrices || e.cyc.prices[1] != 2.25 {
		t.Errorf("%d pools, pool 1 at %v", len(e.cyc.prices), e.cyc.prices[1])
	}
}
