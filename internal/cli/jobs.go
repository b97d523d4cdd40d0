package cli

// The user-wide jobs (disable-all, remove-all) on the command line. The
// interface answers them with {started: true} only, so an accepted job is
// reported as started, not done; with --wait the command follows it the
// way the dashboard does, by counting the user's strategies still in a
// state the job changes (action.Runner.Remaining), until none is left or
// the wait runs out.

import (
	"context"
	"fmt"
	"time"

	"github.com/stratop/stratop/action"
	"github.com/stratop/stratop/audit"
	"github.com/stratop/stratop/internal/text"
)

// outcomeStarted is a user-wide job the server accepted and that was not
// seen to end: it runs in the background.
const outcomeStarted = "started"

// Defaults of --wait: how often the count is read and for how long.
const (
	DefaultJobPoll     = time.Second
	DefaultWaitTimeout = 10 * time.Minute
)

// startedJob turns the accepted job of it into its result: started, with
// the count the plan showed; with opt.Wait followed to its end.
func startedJob(ctx context.Context, o IO, runner action.Runner, opt ActionOptions, it planItem, r Result) Result {
	r.Outcome = outcomeStarted
	total := it.count
	r.Strategies = &total
	subject := text.JobSubject(opt.Spec.Name, it.target.Owner)
	if !opt.Wait {
		fmt.Fprintf(o.Err, "%s: started: %d %s to change in the background; --wait follows it to its end\n",
			text.Clean(subject), total, countNoun(opt.Spec))
		return r
	}
	return followJob(ctx, o, runner, opt, subject, r)
}

// followJob counts what the job still has to change every poll until none
// is left (done) or the wait runs out (still started, with what is left).
// A count that fails is retried at the next poll: the job runs on the
// server whatever happens to one read.
func followJob(ctx context.Context, o IO, runner action.Runner, opt ActionOptions, subject string, r Result) Result {
	poll, wait := or(opt.Poll, DefaultJobPoll), or(opt.WaitTimeout, DefaultWaitTimeout)
	total := *r.Strategies
	deadline := time.Now().Add(wait)
	left, lastShown, lastErr := total, -1, ""
	for {
		n, err := runner.Remaining(ctx, opt.Spec, r.User)
		if err == nil {
			left, lastErr = n, ""
			total = max(total, n) // strategies created meanwhile are changed too
			if left != lastShown {
				lastShown = left
				fmt.Fprintf(o.Err, "%s: %s\n", text.Clean(subject), text.JobProgress(total-left, total, string(opt.Spec.Next)))
			}
		} else if ctx.Err() == nil {
			lastErr = errorText(err)
		}
		changed := total - left
		r.Strategies, r.Changed = &total, &changed
		switch {
		case err == nil && left == 0:
			r.Outcome = string(audit.OutcomeDone)
			return r
		case ctx.Err() != nil:
			r.Error = fmt.Sprintf("interrupted while following it, %d left; it goes on in the background", left)
			return r
		case !time.Now().Add(poll).Before(deadline):
			r.Error = fmt.Sprintf("still running after %s, %d left", FormatDuration(wait), left)
			if lastErr != "" {
				r.Error += "; the last count failed: " + lastErr
			}
			return r
		}
		select {
		case <-ctx.Done():
		case <-time.After(poll):
		}
	}
}

func or(d, def time.Duration) time.Duration {
	if d > 0 {
		return d
	}
	return def
}
