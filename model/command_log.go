package model

// The command log, the Activity tab's second page (] shows it, [ or esc
// goes back to the feed): every state-changing request this program sent
// to the shown integration, newest first, as the stratop command that does
// the same and the HTTP call it made, with its outcome. It reads the audit
// log the tab already polls, keeping the intents this process wrote
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

// activityPage is what the Activity tab shows: its feed or the command log.
type activityPage int

const (
	pageFeed activityPage = iota
	pageCommandLog
)

// showCommandLogMsg asks the Activity tab for its command log (the
// command line's >log).
type showCommandLogMsg struct{}

// maxLogRunes bounds a command or its calls (a bulk of many strategies)
// well above a screen of wrapped rows.
const maxLogRunes = 4000

// selfWriter is a journal that can name the writer id on its intents.
type selfWriter interface{ Self() string }

// pageKey turns the pages: ] to the command log, [ back to the feed, and
// esc too from the log. On the log every other key is left to the root's
// global keys (tabs, help, quit): the feed's keys have nothing to act on.
func (t activityTab) pageKey(msg tea.KeyMsg) (activityTab, bool) {
	k := t.env.keys.List
	switch {
	case key.Matches(msg, k.NextPage):
		t.page = pageCommandLog
	case key.Matches(msg, k.PrevPage), t.page == pageCommandLog && key.Matches(msg, k.Back):
		t.page = pageFeed
	default:
		return t, t.page == pageCommandLog
	}
	return t, true
}

// commandLogHelp is the footer while the log is shown.
func (t activityTab) commandLogHelp() ui.HelpMap {
	k := t.env.keys.List
	feed := ui.WithDesc(k.PrevPage, "activity")
	back := ui.WithDesc(k.Back, "activity")
	return ui.HelpMap{Short: []key.Binding{feed, back}, Full: [][]key.Binding{{feed, back}}}
}

// commandLogView draws the log in the tab's size.
func (t activityTab) commandLogView() string {
	return ui.Lines(strings.Split(ui.CommandLog(&t.env.styles, t.commandLogLines(), t.width, t.height), "\n"), t.height)
}

// commandLogLines are this program's actions on the shown integration,
// newest first, from the audit log as the tab last read it.
func (t activityTab) commandLogLines() []ui.CommandLogLine {
	self := ""
	if j, ok := t.env.journal.(selfWriter); ok {
		self = j.Self()
	}
	d := t.audit.data
	if self == "" || d == nil {
		return nil
	}
	now := t.env.now()
	var out []ui.CommandLogLine
	for i := range d.records {
		r := &d.records[i]
		if r.Writer != self || (!t.env.integration.IsZero() && !r.BelongsTo(t.env.integration)) {
			continue
		}
		out = append(out, ui.CommandLogLine{At: r.Time.In(now.Location()), Outcome: commandOutcome(r, d.inFlight[r.Seq]),
			Command: recordCommand(r.Entry, t.env.shell.env), Call: recordCalls(r.Entry)})
	}
	slices.Reverse(out)
	return out
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

// recordCommand is the stratop line of a recorded action of this program,
// with what a shell sets to reach its integration; the log keeps
// add-balance's raw amount, so its line says --raw.
func recordCommand(e audit.Entry, env []action.EnvVar) string {
	spec, ok := action.Lookup(e.Action)
	if !ok {
		return "(unknown action " + clean(e.Action) + ")"
	}
	inv := action.Invocation{Profile: e.Profile, Env: env, Spec: spec, IDs: e.StrategyIDs, Reason: e.Reason, Amount: e.Amount, Raw: e.Amount != ""}
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
