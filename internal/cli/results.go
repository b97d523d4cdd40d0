package cli

import (
	"strconv"

	"github.com/stratop/stratop/action"
	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/audit"
	"github.com/stratop/stratop/internal/text"
)

// Result is the outcome of an action on one target, as printed.
type Result struct {
	ID             int64      `json:"id,omitempty"`
	User           string     `json:"user,omitempty"`
	Action         string     `json:"action"`
	Before         api.Status `json:"before,omitempty"`
	Expected       api.Status `json:"expected,omitempty"`
	Outcome        string     `json:"outcome"`          // done, refused, failed, unknown; planned with --dry-run
	Now            api.Status `json:"now,omitempty"`    // the state read after an unknown outcome, or answered
	NewID          int64      `json:"newId,omitempty"`  // duplicate
	Amount         string     `json:"amount,omitempty"` // add-balance, raw units
	IdempotencyKey string     `json:"idempotencyKey,omitempty"`
	Error          string     `json:"error,omitempty"`
	// A user-wide job: the strategies it has to change (counted before it
	// was sent, more if more appeared) and, with --wait, how many it did.
	Strategies *int `json:"strategies,omitempty"`
	Changed    *int `json:"changed,omitempty"`
}

// outcomePlanned marks a target --dry-run would send.
const outcomePlanned = "planned"

// ParseIDs reads id arguments, each once (action.ParseIDs); a bad one is
// a usage error.
func ParseIDs(args []string) ([]int64, error) {
	ids, err := action.ParseIDs(args)
	if err != nil {
		return nil, Usage("%s: nothing sent", err)
	}
	return ids, nil
}

// planResults are the results of a plan before anything is sent: refused
// targets are final; the others are planned.
func planResults(spec action.Spec, plan []planItem, dry bool) []Result {
	out := make([]Result, len(plan))
	for i, it := range plan {
		r := Result{ID: it.target.Strategy.ID, User: it.target.Owner, Action: spec.Name, Expected: spec.Next, Amount: it.target.Amount}
		if it.cur != nil {
			r.Before = it.cur.Status
		}
		switch {
		case it.ok && dry:
			r.Outcome = outcomePlanned
		case it.ok:
			r.Outcome = string(audit.OutcomeFailed)
			r.Error = "not sent"
		case it.failed:
			r.Outcome, r.Error = string(audit.OutcomeFailed), it.reason
		default:
			r.Outcome, r.Error = string(audit.OutcomeRefused), it.reason
		}
		out[i] = r
	}
	return out
}

// resultOf turns the runner's result into a printed one.
func resultOf(spec action.Spec, it planItem, res action.Result) Result {
	r := Result{ID: it.target.Strategy.ID, User: res.Target.Owner, Action: spec.Name, Expected: spec.Next,
		Outcome: string(res.Outcome), NewID: res.NewID, Amount: res.Target.Amount, IdempotencyKey: res.Target.IdempotencyKey}
	if res.Current != nil {
		r.Before = res.Current.Status
	} else if it.cur != nil {
		r.Before = it.cur.Status
	}
	if res.Reply != nil {
		r.Now = res.Reply.Status
	}
	if res.Outcome != audit.OutcomeDone {
		r.Error = res.Reason
		if r.Error == "" && res.Err != nil {
			r.Error = action.ErrorText(res.Err, spec)
		}
	}
	return r
}

// dryRunCode is 0 when every target would be sent, else 1.
func dryRunCode(rs []Result) int {
	for _, r := range rs {
		if r.Outcome != outcomePlanned {
			return ExitFailed
		}
	}
	return ExitOK
}

// printResults prints results on stdout in format f.
func printResults(o IO, f Format, rs []Result) error {
	return writeItems(o.Out, f, rs, rs, func(rs []Result) sheet {
		forCSV := f == CSV
		s := sheet{head: []string{"ID", "USER", "ACTION", "BEFORE", "EXPECTED", "OUTCOME", "NOW", "DETAIL"}}
		if forCSV {
			s.head = []string{"id", "user", "action", "before", "expected", "outcome", "now", "newId", "amount", "idempotencyKey", "error", "strategies", "changed"}
		}
		for _, r := range rs {
			id := ""
			if r.ID != 0 {
				id = itoa(r.ID)
			}
			if forCSV {
				nid := ""
				if r.NewID != 0 {
					nid = itoa(r.NewID)
				}
				s.rows = append(s.rows, []string{id, r.User, r.Action, string(r.Before), string(r.Expected), r.Outcome,
					string(r.Now), nid, r.Amount, r.IdempotencyKey, r.Error, optInt(r.Strategies), optInt(r.Changed)})
				continue
			}
			detail := r.Error
			if r.Strategies != nil && r.Changed != nil {
				detail = joinDetail(text.JobProgress(*r.Changed, *r.Strategies, string(r.Expected)), r.Error)
			} else if r.Strategies != nil {
				detail = joinDetail(strconv.Itoa(*r.Strategies)+" to change in the background", r.Error)
			}
			if r.NewID != 0 {
				detail = "new strategy " + strconv.FormatInt(r.NewID, 10)
			}
			outcome := r.Outcome
			if outcome == string(audit.OutcomeUnknown) {
				outcome = "outcome unknown"
			}
			s.rows = append(s.rows, []string{id, r.User, r.Action, string(r.Before), string(r.Expected), outcome,
				string(r.Now), text.CleanN(detail, 200)})
		}
		return s
	})
}

func joinDetail(a, b string) string {
	if b == "" {
		return a
	}
	return a + "; " + b
}

// optInt writes a count that may be absent as "" when it is.
func optInt(n *int) string {
	if n == nil {
		return ""
	}
	return strconv.Itoa(*n)
}
