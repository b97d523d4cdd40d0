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
	// rowBytes estimates a list row until reads have measured one.
	rowBytes = 700
)

// read runs one read against the budget. Every attempt it makes, retries
// included, waits for room under the hard limits and holds its share of
// them; the caller has checked the pacing (budget.has) for the first. want
// is the rows it may return, for the estimate of its bytes; rows is what it
// returned. The time its answer arrived becomes the time of the events it
// shows (answered).
func (e *Engine) read(ctx context.Context, why purpose, want int, rows func() int, do func(context.Context) error) error {
	est := e.estimate(want)
	var before int64
	begun := false
	begin := func() error {
		if err := e.budget.wait(ctx, est); err != nil {
			return err
		}
		begun = true
		e.budget.begin(est)
		before = e.meter.snapshot().bytes
		return nil
	}
	end := func() {
		if !begun {
			return
		}
		begun = false
		n := est
		if !e.own {
			body := e.meter.snapshot().bytes - before
			e.lastBytes = body
			n = float64(body) + headerBytes
		}
		e.budget.end(est, n)
	}
	if err := begin(); err != nil {
		return err
	}
	first := true
	actx := api.ObserveAttempts(ctx, func() func(error) {
		if !first {
			// A retry: the client is about to send it, so it waits here
			// for room; a context that ended meanwhile fails the attempt.
			_ = begin()
		}
		first = false
		return func(error) { end() }
	})
	e.readFirst = Mark()
	start := time.Now()
	err := do(actx)
	took := time.Since(start)
	if first {
		end() // the client reported no attempt (a fake in tests): count the read as one
	}
	e.answered = e.opts.Now()
	if e.own {
		e.meter.Observe(api.Attempt{Duration: took, Err: err, Bytes: int64(rows()*e.rowSize() + 200)})
	}
	e.learnRows(want, rows())
	e.cyc.reads++
	if !first || ctx.Err() == nil {
		// A read the context ended before the client tried it sent
		// nothing, so it is no read of any purpose either.
		e.countRead(why)
	}
	e.cyc.latency += took
	if err != nil && ctx.Err() == nil {
		e.cyc.failed = true
	}
	return err
}

// estimate is the bytes a read of up to rows rows moves.
func (e *Engine) estimate(rows int) float64 {
	return float64(max(rows, 1)*e.rowSize() + headerBytes)
}

// rowSize is the bytes of a list row as last measured.
func (e *Engine) rowSize() int {
	if e.rowBytes > 0 {
		return e.rowBytes
	}
	return rowBytes
}

// learnRows takes the size of a row from a full page's bytes.
func (e *Engine) learnRows(want, got int) {
	if e.own || want < pageSize || got < pageSize/2 || e.lastBytes <= 0 {
		return
	}
	e.rowBytes = int(e.lastBytes / int64(got))
}

// affords reports whether n reads of up to rows rows each may be sent now.
func (e *Engine) affords(n, rows int) bool { return e.budget.has(n, e.estimate(rows)) }

// list reads one page of the integration's strategies.
func (e *Engine) list(ctx context.Context, why purpose, f api.StrategyFilter) (*api.StrategiesPage, error) {
	var p *api.StrategiesPage
	err := e.read(ctx, why, max(f.PageSize, 1), func() int { return pageRows(p) }, func(ctx context.Context) (err error) {
		p, err = e.client.ListStrategies(ctx, f)
		return err
	})
	return p, err
}

// userList reads one page of a user's strategies.
func (e *Engine) userList(ctx context.Context, user string, page int) (*api.StrategiesPage, error) {
	var p *api.StrategiesPage
	err := e.read(ctx, forMembers, pageSize, func() int { return pageRows(p) }, func(ctx context.Context) (err error) {
		p, err = e.client.GetStrategies(ctx, api.UserStrategiesRequest{UserID: user,
			StrategyFilter: api.StrategyFilter{Page: page, PageSize: pageSize, SortBy: "oldest"}})
		return err
	})
	return p, err
}

// byID reads one strategy; gone is true when the interface answered 404.
func (e *Engine) byID(ctx context.Context, why purpose, id int64) (st *api.Strategy, gone bool, err error) {
	err = e.read(ctx, why, 1, func() int { return 1 }, func(ctx context.Context) (err error) {
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
