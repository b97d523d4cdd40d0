package cli

import (
	"slices"
	"strings"
	"time"

	"github.com/stratop/stratop/audit"
	"github.com/stratop/stratop/internal/text"
)

// Audit prints the actions of the audit log at path whose intent is not
// older than since (0: all), oldest first, of the integrations the filters
// pick (none: every one). An intent without an outcome line reads as
// in flight while its sender may still record one (audit.Record.InFlight,
// the rule the dashboard's Activity follows too), and as "outcome unknown"
// once none is coming. The table names each action's integration (host:port
// and the key's hash; the host alone for entries written before the log
// recorded it).
func Audit(o IO, path string, f Format, since time.Duration, now time.Time, only ...audit.Filter) error {
	return AuditAs(o, path, f, false, since, now, only...)
}

// AuditAs is Audit, printing the actions as commands when asCommands.
func AuditAs(o IO, path string, f Format, asCommands bool, since time.Duration, now time.Time, only ...audit.Filter) error {
	var from time.Time
	if since > 0 {
		from = now.Add(-since)
	}
	recs, err := audit.Read(path, from)
	if err != nil {
		return Failed("%s", err)
	}
	if len(only) > 0 {
		recs = slices.DeleteFunc(recs, func(r audit.Record) bool {
			return !slices.ContainsFunc(only, func(f audit.Filter) bool { return f.Match(r.Entry) })
		})
	}
	if recs == nil {
		recs = []audit.Record{}
	}
	if asCommands {
		return auditCommands(o.Out, recs, now)
	}
	if f == JSON {
		return writeJSON(o.Out, auditJSON(recs, now))
	}
	s := sheet{head: []string{"TIME", "SOURCE", "PROFILE", "INTEGRATION", "ACTION", "TARGET", "BEFORE", "EXPECTED", "OUTCOME", "UNDO OF", "REASON", "DETAIL"}}
	for _, r := range recs {
		outcome := outcomeText(r, now)
		detail := r.Error
		if r.Amount != "" {
			detail = text.JoinNonEmpty("; ", "amount "+r.Amount+" raw", "key "+r.IdempotencyKey, detail)
		}
		s.rows = append(s.rows, []string{r.Time.Local().Format("2006-01-02 15:04:05"), r.Source, r.Profile, text.CleanN(r.IntegrationLabel(), 80),
			r.Action, target(r.Entry), string(r.StateBefore), string(r.Expected), outcome, r.UndoOf, text.CleanN(r.Reason, 200), text.CleanN(detail, 200)})
	}
	return writeTable(o.Out, s)
}

// outcomeText words a record's outcome for the table.
func outcomeText(r audit.Record, now time.Time) string {
	switch {
	case r.InFlight(now):
		return "in flight (sent, waiting for the answer)"
	case r.Pending && r.WriterGone:
		return "outcome unknown (no outcome recorded: its sender ended)"
	case r.Pending:
		return "outcome unknown (no outcome recorded by its deadline)"
	case r.Outcome == audit.OutcomeUnknown:
		return "outcome unknown"
	}
	return string(r.Outcome)
}

// auditRecord is a record as -o json prints it: a record still in flight
// has no outcome yet, so it says inFlight instead of "unknown".
type auditRecord struct {
	audit.Record
	InFlight bool `json:"inFlight,omitempty"`
}

func auditJSON(recs []audit.Record, now time.Time) []auditRecord {
	out := make([]auditRecord, len(recs))
	for i, r := range recs {
		out[i] = auditRecord{Record: r}
		if r.InFlight(now) {
			out[i].InFlight, out[i].Outcome = true, audit.OutcomeNone
		}
	}
	return out
}

// target names what an entry acted on.
func target(e audit.Entry) string {
	ids := make([]string, len(e.StrategyIDs))
	for i, id := range e.StrategyIDs {
		ids[i] = itoa(id)
	}
	t := strings.Join(ids, ",")
	if e.User != "" {
		t = text.JoinNonEmpty(" ", t, "user "+e.User)
	}
	return t
}
