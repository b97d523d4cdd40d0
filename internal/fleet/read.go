package fleet

import (
	"context"
	"sync"

	"github.com/stratop/stratop/api"
)

// moverPage is how many of a mover status's newest strategies a poll
// lists to name the movers: a small page, so that a poll costs five short
// requests whatever the integration's size.
const moverPage = 20

// RequestsPerPoll is what one poll sends: the stats and one listing per
// counted status.
const RequestsPerPoll = 5

// read is one poll: the stats and the per-status counts, all at once, so
// a poll takes one round trip's time. Any failed request fails the poll
// (with the first error), as a half-read row would mislead.
func read(ctx context.Context, c *api.Client) (reading, error) {
	r := reading{counts: map[string]int{}, listed: map[string][]api.Strategy{}, whole: map[string]bool{}}
	var (
		mu    sync.Mutex
		first error
		wg    sync.WaitGroup
	)
	fail := func(err error) {
		mu.Lock()
		if first == nil {
			first = err
		}
		mu.Unlock()
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		st, err := c.GetDashboardStats(ctx)
		if err != nil {
			fail(err)
			return
		}
		mu.Lock()
		r.users = st.UsersCount
		mu.Unlock()
	}()
	for _, status := range Statuses {
		size := 1
		if isMoverStatus(status) {
			size = moverPage
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			p, err := c.ListStrategies(ctx, api.StrategyFilter{Status: api.Status(status), PageSize: size, SortBy: "latest"})
			if err != nil {
				fail(err)
				return
			}
			mu.Lock()
			r.counts[status] = p.TotalCount
			if size > 1 {
				r.listed[status] = p.Strategies
				r.whole[status] = p.TotalCount <= len(p.Strategies)
			}
			mu.Unlock()
		}()
	}
	wg.Wait()
	return r, first
}

func isMoverStatus(s string) bool {
	for _, m := range MoverStatuses {
		if m == s {
			return true
		}
	}
	return false
}
