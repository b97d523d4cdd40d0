package cli

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/stratop/stratop/action"
	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/audit"
	"github.com/stratop/stratop/internal/text"
)

// ActionOptions say what to do and how to confirm it.
type ActionOptions struct {
	Spec   action.Spec
	IDs    []int64 // strategy actions
	User   string  // user-wide actions
	Amount string  // add-balance: token units, or raw units with Raw
	Raw    bool
	Reason string // why, for the audit log
	Yes    bool   // confirmed on the command line
	DryRun bool   // print the plan, send nothing
	Format Format
	// User-wide jobs: Wait follows a started job to its end (jobs.go),
	// counting every Poll for at most WaitTimeout (0: the defaults).
	Wait        bool
	WaitTimeout time.Duration
	Poll        time.Duration
	// Expected, when a person approves what an agent asked for, is each
	// target as it was then: the plan re-reads each and skips, saying so,
	// one that changed since; amounts and idempotency keys are the ones
	// recorded, never computed again.
	Expected []Expected
	// BeforeSend runs once the operator confirmed, before anything is
	// sent; an error cancels with nothing sent (an approval is claimed
	// here, so two people cannot both send it).
	BeforeSend func() error
	// UndoOf, when the action undoes a recorded one, is that action's
	// audit id: the journal links the two.
	UndoOf string
}

// Expected is one target of an approved request as it was when asked for.
type Expected struct {
	// Target is the strategy as read then (ID, Status, UserID,
	// BalanceUsed), or for a user-wide job its Owner; Amount and
	// IdempotencyKey are add-balance's.
	Target action.Target
	// Count is, for a user-wide job, how many strategies it would have
	// changed then.
	Count int
}

// planItem is one target: read, checked and ready to send, or refused.
type planItem struct {
	target action.Target
	cur    *api.Strategy
	ok     bool
	reason string // why not, when !ok
	failed bool   // the read failed (not a refusal by state)
	count  int    // user-wide: strategies the job will change
}

// RunAction plans, confirms and sends one action for each target through
// runner (the dashboard's own), then prints per-target results on stdout
// and returns the exit code: 3 when an outcome is unknown, else 1 when any
// target was refused or failed, else 0. What the policy refuses without
// asking the server (read-only, a missing reason, an audit log that cannot
// be written) exits 1 before anything is read or sent.
func RunAction(ctx context.Context, o IO, runner action.Runner, opt ActionOptions) error {
	if err := admit(o, runner, opt); err != nil {
		return err
	}
	if !opt.DryRun && !opt.Yes && !o.InTerminal {
		return Failed("%s: stdin is not a terminal, so nothing can be confirmed: nothing sent; pass --yes to confirm, or --dry-run to see the plan", opt.Spec.Name)
	}
	plan, err := makePlan(ctx, runner, opt)
	if err != nil {
		return err
	}
	var sendable []int64
	for _, it := range plan {
		if it.ok {
			sendable = append(sendable, it.target.Strategy.ID)
		}
	}
	if opt.DryRun {
		writePlan(o, opt.Spec, plan)
		rs := planResults(opt.Spec, plan, true)
		if err := printResults(o, opt.Format, rs); err != nil {
			return err
		}
		return silent(dryRunCode(rs))
	}
	if len(sendable) > 0 && !opt.Yes {
		writePlan(o, opt.Spec, plan)
		if !confirm(o, opt.Spec, sendable, opt.User) {
			fmt.Fprintln(o.Err, "cancelled: nothing sent")
			return silent(ExitFailed)
		}
	}
	if opt.BeforeSend != nil {
		if err := opt.BeforeSend(); err != nil {
			return Failed("%s: %s: nothing sent", opt.Spec.Name, err)
		}
	}

	results := planResults(opt.Spec, plan, false)
	warned, unauthorized := false, false
	for i, it := range plan {
		if !it.ok || ctx.Err() != nil {
			if it.ok {
				results[i].Outcome, results[i].Error = string(audit.OutcomeFailed), "interrupted: nothing sent"
			}
			continue
		}
		it.target.Reason, it.target.UndoOf = opt.Reason, opt.UndoOf
		res := runner.Run(ctx, opt.Spec, it.target)
		results[i] = resultOf(opt.Spec, it, res)
		if opt.Spec.Scope == action.ScopeUser && res.Outcome == audit.OutcomeDone {
			results[i] = startedJob(ctx, o, runner, opt, it, results[i])
		}
		unauthorized = unauthorized || errors.Is(res.Err, api.ErrUnauthorized)
		if res.Outcome == audit.OutcomeUnknown && opt.Spec.Scope == action.ScopeStrategy {
			// The request may have been applied: say what the server shows now.
			if now, err := runner.Read(context.WithoutCancel(ctx), it.target.Strategy.ID); err == nil {
				results[i].Now = now.Status
			}
		}
		if res.JournalErr != nil && !warned {
			warned = true
			fmt.Fprintln(o.Err, journalWarning(res))
		}
	}
	if err := printResults(o, opt.Format, results); err != nil {
		return err
	}
	if code := exitCode(results); unauthorized && code == ExitFailed {
		return silent(ExitUsage)
	}
	return silent(exitCode(results))
}

// admit asks the policy what it decides without the server: a refusal
// exits 1 (an unusable reason 2) before anything is read or sent. A dry
// run sends nothing, so an audit log that cannot be written only warns.
func admit(o IO, runner action.Runner, opt ActionOptions) error {
	if opt.DryRun {
		runner.Unaudited = true
	}
	err := runner.Check(action.Target{Reason: opt.Reason})
	var je *action.JournalError
	switch {
	case errors.Is(err, action.ErrReasonInvalid):
		return Usage("--reason: %s", err)
	case errors.As(err, &je):
		return Failed("%s: %s: nothing sent (pass --unaudited to act unrecorded, e.g. on a full disk)", opt.Spec.Name, je)
	case err != nil:
		return Failed("%s: %s", opt.Spec.Name, err)
	}
	if jerr := runner.JournalCheck(); jerr != nil {
		what := "--unaudited: the action will be sent but NOT recorded"
		if opt.DryRun {
			what = "the action could not be recorded"
		}
		fmt.Fprintf(o.Err, "warning: the audit log cannot be written (%s); %s\n", text.CleanN(jerr.Error(), 160), what)
	}
	return nil
}

// journalWarning says what a result's audit log error meant.
func journalWarning(res action.Result) string {
	msg := text.CleanN(res.JournalErr.Error(), 160)
	switch {
	case res.Unaudited:
		return "warning: sent UNRECORDED (--unaudited): the audit log could not be written: " + msg
	case res.Sent:
		return "warning: sent, but its outcome could not be written to the audit log: " + msg
	}
	return "the audit log cannot be written: " + msg + "; nothing sent (pass --unaudited to act unrecorded, e.g. on a full disk)"
}

// makePlan reads each target first and checks it against the table.
func makePlan(ctx context.Context, runner action.Runner, opt ActionOptions) ([]planItem, error) {
	if opt.Spec.Scope == action.ScopeUser {
		it := planItem{target: action.Target{Owner: opt.User}, ok: true}
		n, err := runner.Remaining(ctx, opt.Spec, opt.User)
		switch {
		case notFound(err):
			it.ok, it.reason = false, "the user is not found: nothing sent"
		case errors.Is(err, api.ErrUnauthorized):
			return nil, readErr(opt.Spec.Name+": nothing sent", err)
		case err != nil:
			it.ok, it.failed, it.reason = false, true, "could not check it first ("+errorText(err)+"): nothing sent"
		default:
			it.count = n
			if len(opt.Expected) == 1 && opt.Expected[0].Count != n {
				it.ok, it.reason = false, fmt.Sprintf("changed since it was requested (%d %s then, %d now): skipped, nothing sent",
					opt.Expected[0].Count, countNoun(opt.Spec), n)
			}
		}
		return []planItem{it}, nil
	}
	expected := make(map[int64]Expected, len(opt.Expected))
	for _, e := range opt.Expected {
		expected[e.Target.Strategy.ID] = e
	}
	var items []planItem
	for _, id := range opt.IDs {
		it := planItem{target: action.Target{Strategy: api.Strategy{ID: id}}}
		cur, err := runner.Read(ctx, id)
		switch {
		case notFound(err):
			it.reason = "the strategy is gone (404): nothing sent"
		case errors.Is(err, api.ErrUnauthorized):
			return nil, readErr(opt.Spec.Name+": nothing sent", err)
		case err != nil:
			it.failed, it.reason = true, "could not check it first ("+errorText(err)+"): nothing sent"
		default:
			it.cur = cur
			it.target = action.Target{Strategy: *cur, Owner: cur.UserID}
			exp, hasExp := expected[id]
			if ok, why := opt.Spec.Allowed(*cur); hasExp && changedSince(exp, *cur) != "" {
				it.reason = "changed since it was requested (" + changedSince(exp, *cur) + "): skipped, nothing sent"
			} else if opt.Expected != nil && !hasExp {
				it.reason = "not among the requested targets: nothing sent"
			} else if !ok {
				it.reason = why + ": nothing sent"
			} else if hasExp && opt.Spec.Amount {
				it.target.Amount, it.target.IdempotencyKey, it.ok = exp.Target.Amount, exp.Target.IdempotencyKey, true
			} else if opt.Spec.Amount {
				amount, err := rawAmount(opt.Amount, opt.Raw, cur.Pool.Decimals)
				if err != nil {
					return nil, Usage("--amount %q: %s: nothing sent", opt.Amount, err)
				}
				it.target.Amount, it.ok = amount, true
			} else {
				it.ok = true
			}
		}
		items = append(items, it)
	}
	return items, nil
}

// changedSince says how cur differs from the target as it was requested
// (state, owner, and for an amount its balance), or "" when it does not.
func changedSince(e Expected, cur api.Strategy) string {
	was := e.Target.Strategy
	switch {
	case was.Status != cur.Status:
		return text.CleanN(string(was.Status), 20) + " then, " + text.CleanN(string(cur.Status), 20) + " now"
	case was.UserID != cur.UserID:
		return "another owner now"
	case e.Target.Amount != "" && was.BalanceUsed != cur.BalanceUsed:
		return "its balance changed"
	}
	return ""
}

// rawAmount is the raw integer amount of --amount.
func rawAmount(s string, raw bool, decimals int) (string, error) {
	if raw {
		return action.ParseRaw(s)
	}
	return action.ParseUnits(s, decimals)
}

// writePlan prints what will be sent, and what will not, on stderr.
func writePlan(o IO, spec action.Spec, plan []planItem) {
	fmt.Fprintf(o.Err, "%s: %s\n", spec.Name, spec.Effect)
	if spec.Confirm == action.ConfirmTyped {
		fmt.Fprintln(o.Err, "this cannot be undone")
	}
	for _, it := range plan {
		if spec.Scope == action.ScopeUser {
			if it.ok {
				fmt.Fprintf(o.Err, "  user %s: %d %s now\n", text.Clean(it.target.Owner), it.count, countNoun(spec))
			} else {
				fmt.Fprintf(o.Err, "  user %s: %s\n", text.Clean(it.target.Owner), it.reason)
			}
			continue
		}
		head := "  " + itoa(it.target.Strategy.ID)
		if it.cur != nil {
			head += fmt.Sprintf(" %s %s (user %s)", text.CleanN(it.cur.Pool.Symbol, 20),
				text.Kind(text.CleanN(it.cur.Type, 12), text.CleanN(it.cur.Category, 12)), text.CleanN(it.cur.UserID, 40))
		}
		switch {
		case !it.ok:
			fmt.Fprintf(o.Err, "%s: %s\n", head, it.reason)
		case spec.Amount:
			r := action.ReviewAmount(*it.cur, it.target.Amount)
			fmt.Fprintf(o.Err, "%s: add %s\n    balance %s\n", head, r.TokensText(), r.AfterText())
		default:
			next := string(spec.Next)
			if next == "" {
				next = string(it.cur.Status)
			}
			fmt.Fprintf(o.Err, "%s: %s -> %s\n", head, text.CleanN(string(it.cur.Status), 20), next)
		}
	}
}

func countNoun(spec action.Spec) string {
	if spec.Name == action.DisableAll.Name {
		return "active strategies"
	}
	return "strategies"
}

func noun(spec action.Spec, n int) string {
	switch {
	case spec.Scope == action.ScopeUser:
		return "user"
	case n == 1:
		return "strategy"
	}
	return "strategies"
}

// exitCode is the contract's code for a set of results.
func exitCode(rs []Result) int {
	code := ExitOK
	for _, r := range rs {
		switch audit.Outcome(r.Outcome) {
		case audit.OutcomeUnknown:
			return ExitUnknown
		case audit.OutcomeDone:
		case outcomeStarted:
			if r.Error != "" { // --wait did not see it end
				return ExitUnknown
			}
		default:
			code = ExitFailed
		}
	}
	return code
}
