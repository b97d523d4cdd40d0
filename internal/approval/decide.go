package approval

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/stratop/stratop/action"
	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/audit"
	"github.com/stratop/stratop/internal/cli"
	"github.com/stratop/stratop/internal/text"
)

// Decision is what a person decides a request with.
type Decision struct {
	ID          string
	Integration string // the integration the command runs against; another's request is refused
	Approver    string // who decides (the operating system's user name)
	Format      cli.Format
}

// Approve lets a person act on the pending request d.ID: it shows the
// request, re-reads every target, shows the plan and asks the typed
// confirmation the action asks on the command line, then claims the
// request and sends it through runner (the command line's own action
// runner and policy), recorded in the audit log with source "mcp", the
// agent's name, its reason and the approver. A target that changed since
// the agent asked is skipped and said; an expired or decided request is
// refused with nothing sent; so is every request under a read-only
// profile.
func Approve(ctx context.Context, o cli.IO, runner action.Runner, s *Store, d Decision) error {
	req, err := pending(s, d)
	if err != nil {
		return err
	}
	spec, ok := action.Lookup(req.Action)
	if !ok {
		return cli.Failed("request %s: unknown action %q: nothing sent", req.ID, text.CleanN(req.Action, 30))
	}
	describe(o, req, s.Now())
	runner.Source = "mcp"
	runner.Approval = &audit.Approval{Request: req.ID, Agent: req.Client, Approver: d.Approver}
	opt := cli.ActionOptions{Spec: spec, Reason: req.Reason, Format: d.Format, Expected: expected(req)}
	if spec.Scope == action.ScopeUser {
		opt.User = req.Targets[0].User
	} else {
		opt.IDs = req.IDs()
	}
	opt.BeforeSend = func() error {
		_, err := s.Claim(req.ID, d.Approver)
		return err
	}
	err = cli.RunAction(ctx, o, runner, opt)
	if claimed, gerr := s.Get(req.ID); gerr == nil && claimed.State == Approved && claimed.By == d.Approver {
		_ = s.SetOutcome(req.ID, outcomeWords(err))
	}
	return err
}

// Reject marks the request d.ID rejected: nothing is sent, and the agent
// reads that a person said no.
func Reject(o cli.IO, s *Store, d Decision) error {
	req, err := s.Get(d.ID)
	if err == nil && req.Integration != d.Integration {
		err = &Error{ID: d.ID, Kind: ErrIntegration, Msg: "it belongs to another integration (" + req.Integration + "): choose its profile"}
	}
	if err == nil {
		req, err = s.Reject(d.ID, d.Approver)
	}
	if err != nil {
		return cli.Failed("%s", err)
	}
	fmt.Fprintf(o.Err, "request %s (%s, asked by %s) rejected: nothing sent\n", req.ID, req.Action, text.CleanN(req.Client, 60))
	return nil
}

// pending is the request d.ID when a person can still approve it.
func pending(s *Store, d Decision) (Request, error) {
	req, err := s.Get(d.ID)
	switch {
	case err != nil:
		return Request{}, cli.Failed("%s", err)
	case req.Integration != d.Integration:
		return Request{}, cli.Failed("request %s belongs to another integration (%s): choose its profile; nothing sent", req.ID, req.Integration)
	case len(req.Targets) == 0:
		return Request{}, cli.Failed("request %s has no targets: nothing sent", req.ID)
	}
	switch st := req.StateAt(s.Now()); st {
	case Expired:
		return Request{}, cli.Failed("request %s expired at %s and can no longer be approved: nothing sent; the agent may ask again",
			req.ID, req.Expires.UTC().Format(time.RFC3339))
	case Approved, Rejected:
		return Request{}, cli.Failed("request %s was already %s by %s: nothing sent", req.ID, st, text.CleanN(req.By, 60))
	}
	return req, nil
}

// describe says who asked for what and why, before the plan.
func describe(o cli.IO, r Request, now time.Time) {
	fmt.Fprintf(o.Err, "request %s: %s asked by agent %q\n", r.ID, r.Action, text.CleanN(r.Client, 60))
	fmt.Fprintf(o.Err, "  reason: %s\n", text.CleanN(r.Reason, action.MaxReason))
	fmt.Fprintf(o.Err, "  asked %s, expires in %s; the targets are read again now and what changed since is skipped\n",
		r.Created.UTC().Format(time.RFC3339), r.Expires.Sub(now).Round(time.Second))
}

// expected is the request's targets as the command line's plan takes them.
func expected(r Request) []cli.Expected {
	out := make([]cli.Expected, 0, len(r.Targets))
	for _, t := range r.Targets {
		out = append(out, cli.Expected{
			Target: action.Target{
				Strategy: api.Strategy{ID: t.Strategy, Status: t.Status, UserID: t.User, BalanceUsed: t.Balance},
				Owner:    t.User, Amount: t.Amount, IdempotencyKey: t.IdempotencyKey,
			},
			Count: t.Count,
		})
	}
	return out
}

// outcomeWords is what approving did, for the agent that asks later.
func outcomeWords(err error) string {
	var ee *cli.ExitError
	switch {
	case err == nil:
		return "done"
	case errors.As(err, &ee) && ee.Code == cli.ExitUnknown:
		return "sent; the outcome of at least one target is unknown"
	}
	return "some targets were skipped, refused or failed; see the audit log"
}
