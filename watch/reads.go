package watch

import (
	"context"
	"errors"
	"time"

	"github.com/stratop/stratop/api"
)

// Sizes of the reads.
const (
	pageSize = 100 // the interface's largest page
	// rowBytes estimates a list row when no Meter measures the bytes.
	rowBytes = 700
)

// read runs one request against the budget: it takes a token, measures
// the bytes and the latency, and counts them for the cycle's sample.
func (e *Engine) read(ctx context.Context, rows func() int, do func(context.Context) error) error {
	e.reqs.take(1)
	before := e.meter.snapshot().bytes
	start := time.Now()
	err := do(ctx)
	took := time.Since(start)
	if e.own {
		e.meter.Observe(api.Attempt{Duration: took, Err: err, Bytes: int64(rows()*rowBytes + 200)})
	}
	e.bytes.take(float64(e.meter.snapshot().bytes - before))
	e.cyc.reads++
	e.cyc.latency += took
	if err != nil && ctx.Err() == nil {
		e.cyc.failed = true
	}
	return err
}

// list reads one page of the integration's strategies.
func (e *Engine) list(ctx context.Context, f api.StrategyFilter) (*api.StrategiesPage, error) {
	var p *api.StrategiesPage
	err := e.read(ctx, func() int { return pageRows(p) }, func(ctx context.Context) (err error) {
		p, err = e.client.ListStrategies(ctx, f)
		return err
	})
	return p, err
}

// userList reads one page of a user's strategies.
func (e *Engine) userList(ctx context.Context, user string, page int) (*api.StrategiesPage, error) {
	var p *api.StrategiesPage
	err := e.read(ctx, func() int { return pageRows(p) }, func(ctx context.Context) (err error) {
		p, err = e.client.GetStrategies(ctx, api.UserStrategiesRequest{UserID: user,
			StrategyFilter: api.StrategyFilter{Page: page, PageSize: pageSize, SortBy: "oldest"}})
		return err
	})
	return p, err
}

// byID reads one strategy; gone is true when the interface answered 404.
func (e *Engine) byID(ctx context.Context, id int64) (st *api.Strategy, gone bool, err error) {
	err = e.read(ctx, func() int { return 1 }, func(ctx context.Context) (err error) {
		st, err = e.client.GetStrategy(ctx, id)
		return err
	})
	if errors.Is(err, api.ErrNotFound) {
		return nil, true, nil
	}
	return st, false, err
}

func pageRows(p *api.StrategiesPage) int {
	if p == nil {
		return 0
	}
	return len(p.Strategies)
}
