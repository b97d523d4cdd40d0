package model

// The command log: every state-changing request this program sent to the
// shown integration, newest first, as the stratop command that does the
// same and the HTTP call it made, with its outcome. It reads the audit log
// the Activity feed already polls, keeping the intents this process wrote
// (audit.Log.Self), so another dashboard's or the shell's actions on the
// same log are not claimed as this program's.

import (
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/action"
	"github.com/stratop/stratop/audit"
	"github.com/stratop/stratop/internal/text"
	"github.com/stratop/stratop/ui"
)

// commandLog is whether the log covers the tab body.
type commandLog struct{ open bool }

// maxLogRunes bounds a command or its calls (a bulk of many strategies)
// well above a screen of wrapped rows.
const maxLogRunes = 4000

// selfWriter is a journal that can name the writer id on its intents.
type selfWriter interface{ Self() string }

// commandLogKey opens the log on its key, and while it is open takes every
// key: its key or esc close it, quit quits, and nothing else acts unseen
// under it.
func (m Model) commandLogKey(msg tea.KeyMsg) (Model, tea.Cmd, bool) {
	g := m.env.keys.Global
	if !m.cmdLog.open {
		if m.tabs[m.active].Capturing() || !key.Matches(msg, g.CommandLog) {
			return m, nil, false
		}
		m.cmdLog.open = true
		return m, nil, true
	}
	switch {
	case key.Matches(msg, g.Quit):
		return m, m.quit(), true
	case key.Matches(msg, g.CommandLog), key.Matches(msg, m.env.keys.List.Back):
		m.cmdLog.open = false
	}
	return m, nil, true
}

// commandLogView draws the log in the body.
func (m Model) commandLogView(width, height int) string {
	return ui.CommandLog(&m.env.styles, m.commandLogLines(), width, height)
}

// commandLogLines are this program's actions on the shown integration,
// newest first, from the audit log as the Activity last read it.
func (m Model) commandLogLines() []ui.CommandLogLine {
	self := ""
	if j, ok := m.env.journal.(selfWriter); ok {
		self = j.Self()
	}
	d := m.auditSeen()
	if self == "" || d == nil {
		return nil
	}
	now := m.env.now()
	var out []ui.CommandLogLine
	for i := range d.records {
		r := &d.records[i]
		if r.Writer != self || (!m.env.integration.IsZero() && !r.BelongsTo(m.env.integration)) {
			continue
		}
		out = append(out, ui.CommandLogLine{At: r.Time.In(now.Location()), Outcome: commandOutcome(r, d.inFlight[r.Seq]),
			Command: recordCommand(r.Entry), Call: recordCalls(r.Entry)})
	}
	slices.Reverse(out)
	return out
}

// auditSeen is the audit log as the Activity tab last read it.
func (m Model) auditSeen() *auditData {
	for _, t := range m.tabs {
		if a, ok := t.(activityTab); ok {
			return a.audit.data
		}
	}
	return nil
}

// commandOutcome words a record's outcome, with the reason when there is one.
func commandOutcome(r *audit.Record, inFlight bool) string {
	switch {
	case inFlight:
		return "in flight"
	case r.Pending:
		return "outcome unknown (no outcome recorded)"
	case r.Error != "":
		return string(r.Outcome) + ": " + clean(r.Error)
	}
	return string(r.Outcome)
}

// recordCommand is the stratop line of a recorded action; the log keeps
// add-balance's raw amount, so its line says --raw.
func recordCommand(e audit.Entry) string {
	spec, ok := action.Lookup(e.Action)
	if !ok {
		return "(unknown action " + clean(e.Action) + ")"
	}
	inv := action.Invocation{Profile: e.Profile, Spec: spec, IDs: e.StrategyIDs, Reason: e.Reason, Amount: e.Amount, Raw: e.Amount != ""}
	if spec.Scope == action.ScopeUser {
		inv.User, inv.IDs = e.User, nil
	}
	return text.CleanN(action.CommandLine(inv), maxLogRunes)
}

// recordCalls is the HTTP requests of a recorded action, "; " between.
func recordCalls(e audit.Entry) string {
	calls := action.HTTPCalls(action.Sent{Action: e.Action, IDs: e.StrategyIDs, Owner: e.User, Amount: e.Amount, IdempotencyKey: e.IdempotencyKey})
	words := make([]string, len(calls))
	for i, c := range calls {
		words[i] = c.String()
	}
	return text.CleanN(strings.Join(words, "; "), maxLogRunes)
}
