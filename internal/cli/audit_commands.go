package cli

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/stratop/stratop/action"
	"github.com/stratop/stratop/audit"
	"github.com/stratop/stratop/internal/text"
)

// httpCalls is the requests an entry's action sent, each as method, path
// and body, "; " between them (one per strategy of a bulk).
func httpCalls(e audit.Entry) string {
	calls := action.HTTPCalls(action.Sent{Action: e.Action, IDs: e.StrategyIDs, Owner: e.User, Amount: e.Amount, IdempotencyKey: e.IdempotencyKey})
	words := make([]string, len(calls))
	for i, c := range calls {
		words[i] = text.CleanN(c.String(), 400)
	}
	return strings.Join(words, "; ")
}

// auditCommands prints each action as the stratop command that does it
// again, for a script or a runbook, after a comment line with its time,
// outcome, what it undid, the error and the HTTP request the action sends
// (a refused one may have been stopped before it left). The amount of an
// add-balance is the raw amount the log keeps, so its command says --raw. A line whose
// action the program no longer knows is a comment only.
func auditCommands(w io.Writer, recs []audit.Record, now time.Time) error {
	for _, r := range recs {
		note := text.JoinNonEmpty(" · ", r.Time.UTC().Format(time.RFC3339), r.Seq, outcomeText(r, now), text.CleanN(r.IntegrationLabel(), 80))
		if r.UndoOf != "" {
			note += " · undo of " + r.UndoOf
		}
		if r.Error != "" {
			note += " · " + text.CleanN(r.Error, 200)
		}
		if calls := httpCalls(r.Entry); calls != "" {
			note += " · " + calls
		}
		if _, err := fmt.Fprintf(w, "# %s\n", note); err != nil {
			return err
		}
		spec, ok := action.Lookup(r.Action)
		if !ok {
			if _, err := fmt.Fprintf(w, "# unknown action %s\n", text.CleanN(r.Action, 40)); err != nil {
				return err
			}
			continue
		}
		inv := action.Invocation{Profile: r.Profile, Spec: spec, IDs: r.StrategyIDs, Reason: r.Reason, Amount: r.Amount, Raw: r.Amount != ""}
		if spec.Scope == action.ScopeUser {
			inv.User, inv.IDs = r.User, nil
		}
		if _, err := fmt.Fprintln(w, action.CommandLine(inv)); err != nil {
			return err
		}
	}
	return nil
}
