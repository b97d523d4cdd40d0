package cli

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/stratop/stratop/action"
	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/audit"
	"github.com/stratop/stratop/ui"
)

// ActionOptions say what to do and how to confirm it.
type ActionOptions struct {
	Spec   action.Spec
	IDs    []int64 // strategy actions
	User   string  // user-wide actions
	Amount string  // add-balance: token units, or raw units with Raw
	Raw    bool
	Yes    bool // confirmed on the command line
	DryRun bool // print the plan, send nothing
	Format Format
}

// Checker is a journal that can tell whether it can be written now
// (*audit.Log); the plan warns when it cannot.
type Checker interface{ Check() error }

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
// target was refused or failed, else 0.
func RunAction(ctx context.Context, o IO, runner action.Runner, opt ActionOptions) error {
	if !opt.DryRun && !opt.Yes && !o.InTerminal {
		return Failed("%s: stdin is not a terminal, so nothing can be confirmed: nothing sent; pass --yes to confirm, or --dry-run to see the plan", opt.Spec.Name)
	}
	plan, err := makePlan(ctx, runner, opt)
	if err != nil {
		return err
	}
	warn := ""
	if c, ok := runner.Journal.(Checker); ok {
		if err := c.Check(); err != nil {
			warn = "warning: the audit log cannot be written (" + ui.SanitizeLimit(err.Error(), 160) + "); this action will not be recorded"
		}
	}
	sendable := 0
	for _, it := range plan {
		if it.ok {
			sendable++
		}
	}
	if opt.DryRun {
		writePlan(o, opt.Spec, plan, warn)
		rs := planResults(opt.Spec, plan, true)
		if err := printResults(o, opt.Format, rs); err != nil {
			return err
		}
		return silent(dryRunCode(rs))
	}
	if sendable > 0 && !opt.Yes {
		writePlan(o, opt.Spec, plan, warn)
		if !ask(o, fmt.Sprintf("%s %d %s? [y/N] ", opt.Spec.Name, sendable, noun(opt.Spec, sendable))) {
			fmt.Fprintln(o.Err, "cancelled: nothing sent")
			return silent(ExitFailed)
		}
	} else if warn != "" {
		fmt.Fprintln(o.Err, warn)
	}

	results := planResults(opt.Spec, plan, false)
	journalWarned := false
	for i, it := range plan {
		if !it.ok || ctx.Err() != nil {
			if it.ok {
				results[i].Outcome, results[i].Error = string(audit.OutcomeFailed), "interrupted: nothing sent"
			}
			continue
		}
		res := runner.Run(ctx, opt.Spec, it.target)
		results[i] = resultOf(opt.Spec, it, res)
		if res.Outcome == audit.OutcomeUnknown && opt.Spec.Scope == action.ScopeStrategy {
			// The request may have been applied: say what the server shows now.
			if now, err := runner.Read(context.WithoutCancel(ctx), it.target.Strategy.ID); err == nil {
				results[i].Now = now.Status
			}
		}
		if res.JournalErr != nil && !journalWarned {
			journalWarned = true
			fmt.Fprintln(o.Err, "warning: the audit log could not be written:", ui.SanitizeLimit(res.JournalErr.Error(), 160))
		}
	}
	if err := printResults(o, opt.Format, results); err != nil {
		return err
	}
	return silent(exitCode(results))
}

// makePlan reads each target first and checks it against the table.
func makePlan(ctx context.Context, runner action.Runner, opt ActionOptions) ([]planItem, error) {
	if opt.Spec.Scope == action.ScopeUser {
		it := planItem{target: action.Target{Owner: opt.User}, ok: true}
		n, err := runner.Remaining(ctx, opt.Spec, opt.User)
		switch {
		case notFound(err):
			it.ok, it.reason = false, "the user is not found: nothing sent"
		case err != nil:
			it.ok, it.failed, it.reason = false, true, "could not check it first ("+errorText(err)+"): nothing sent"
		default:
			it.count = n
		}
		return []planItem{it}, nil
	}
	var items []planItem
	for _, id := range opt.IDs {
		it := planItem{target: action.Target{Strategy: api.Strategy{ID: id}}}
		cur, err := runner.Read(ctx, id)
		switch {
		case notFound(err):
			it.reason = "the strategy is gone (404): nothing sent"
		case err != nil:
			it.failed, it.reason = true, "could not check it first ("+errorText(err)+"): nothing sent"
		default:
			it.cur = cur
			it.target = action.Target{Strategy: *cur, Owner: cur.UserID}
			if ok, why := opt.Spec.Allowed(*cur); !ok {
				it.reason = why + ": nothing sent"
			} else if opt.Spec.Amount {
				amount, err := rawAmount(opt.Amount, opt.Raw, cur.Pool.Decimals)
				if err != nil {
					return nil, Usage("--amount: %s", err)
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

// rawAmount is the raw integer amount of --amount.
func rawAmount(s string, raw bool, decimals int) (string, error) {
	if !raw {
		return action.ParseUnits(s, decimals)
	}
	s = strings.TrimSpace(s)
	if s == "" || strings.Trim(s, "0123456789") != "" || strings.Trim(s, "0") == "" {
		return "", errors.New("with --raw, give a positive integer in the token's smallest unit")
	}
	return strings.TrimLeft(s, "0"), nil
}

// writePlan prints what will be sent, and what will not, on stderr.
func writePlan(o IO, spec action.Spec, plan []planItem, warn string) {
	fmt.Fprintf(o.Err, "%s: %s\n", spec.Name, spec.Effect)
	if spec.Confirm == action.ConfirmTyped {
		fmt.Fprintln(o.Err, "this cannot be undone")
	}
	for _, it := range plan {
		if spec.Scope == action.ScopeUser {
			if it.ok {
				fmt.Fprintf(o.Err, "  user %s: %d %s now\n", ui.Sanitize(it.target.Owner), it.count, countNoun(spec))
			} else {
				fmt.Fprintf(o.Err, "  user %s: %s\n", ui.Sanitize(it.target.Owner), it.reason)
			}
			continue
		}
		head := "  " + itoa(it.target.Strategy.ID)
		if it.cur != nil {
			head += fmt.Sprintf(" %s %s (user %s)", ui.SanitizeLimit(it.cur.Pool.Symbol, 20),
				ui.Kind(ui.SanitizeLimit(it.cur.Type, 12), ui.SanitizeLimit(it.cur.Category, 12)), ui.SanitizeLimit(it.cur.UserID, 40))
		}
		switch {
		case !it.ok:
			fmt.Fprintf(o.Err, "%s: %s\n", head, it.reason)
		case spec.Amount:
			fmt.Fprintf(o.Err, "%s: add %s %s (raw %s)\n", head, ui.FormatUnits(it.target.Amount, it.cur.Pool.Decimals),
				ui.SanitizeLimit(it.cur.Pool.Symbol, 20), it.target.Amount)
		default:
			next := string(spec.Next)
			if next == "" {
				next = string(it.cur.Status)
			}
			fmt.Fprintf(o.Err, "%s: %s -> %s\n", head, ui.SanitizeLimit(string(it.cur.Status), 20), next)
		}
	}
	if warn != "" {
		fmt.Fprintln(o.Err, warn)
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

// ask reads y or yes from the terminal; anything else is no.
func ask(o IO, prompt string) bool {
	fmt.Fprint(o.Err, prompt)
	var line []byte
	buf := make([]byte, 1)
	for {
		n, err := o.In.Read(buf)
		if n == 1 {
			if buf[0] == '\n' {
				break
			}
			line = append(line, buf[0])
		}
		if err != nil {
			break
		}
	}
	a := strings.ToLower(strings.TrimSpace(string(line)))
	return a == "y" || a == "yes"
}

// exitCode is the contract's code for a set of results.
func exitCode(rs []Result) int {
	code := ExitOK
	for _, r := range rs {
		switch audit.Outcome(r.Outcome) {
		case audit.OutcomeUnknown:
			return ExitUnknown
		case audit.OutcomeDone:
		default:
			code = ExitFailed
		}
	}
	return code
}

// strconvID is an id argument.
func strconvID(s string) (int64, error) {
	id, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	if err != nil || id < 1 {
		return 0, fmt.Errorf("%q is not a strategy id (a number >= 1)", s)
	}
	return id, nil
}
