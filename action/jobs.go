package action

import (
	"context"
	"errors"
	"sync"

	"github.com/stratop/stratop/api"
)

// Remaining counts the user's strategies a user-wide job still has to
// change: those in one of spec.Pending. The interface answers a job with
// {started: true} only, so this count, read before and while the job runs,
// is how its progress and its end are known (spec 4.6: "completion is
// checked by polling strategy lists"). One page-size-1 read per state, in
// parallel, under the read timeout; a read refused with 404 means the
// user is unknown.
func (r Runner) Remaining(ctx context.Context, spec Spec, user string) (int, error) {
	if spec.Scope != ScopeUser || len(spec.Pending) == 0 {
		return 0, errors.New(spec.Name + " is not a user-wide job")
	}
	ctx, cancel := context.WithTimeout(ctx, or(r.ReadTimeout, DefaultReadTimeout))
	defer cancel()
	counts := make([]int, len(spec.Pending))
	errs := make([]error, len(spec.Pending))
	var wg sync.WaitGroup
	for i, st := range spec.Pending {
		wg.Add(1)
		go func() {
			defer wg.Done()
			req := api.UserStrategiesRequest{UserID: user, StrategyFilter: api.StrategyFilter{Status: st, PageSize: 1}}
			p, err := r.Client.GetStrategies(ctx, req)
			switch {
			case err != nil:
				errs[i] = err
			case p == nil:
				errs[i] = errors.New("empty answer from the server")
			default:
				counts[i] = p.TotalCount
			}
		}()
	}
	wg.Wait()
	total := 0
	for i := range counts {
		if errs[i] != nil {
			return 0, errs[i]
		}
		total += counts[i]
	}
	return total, nil
}
