package ui

// The words of the action workflow: confirmation dialogs, reports and the
// notices of the status line. The model decides; these say it. Every server
// string passed in must already be sanitised.

import (
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"

	"github.com/stratop/stratop/internal/text"
)

// ActionTarget is what a confirmation names.
type ActionTarget struct {
	ID     int64
	Pool   string
	Chain  int64
	Owner  string // "" when unknown
	Status string
}

// ActionDialogData is one confirmation.
type ActionDialogData struct {
	Action string // "halt"
	Effect string // spec section 3's "Also happens", in words
	Next   string // the state it leads to
	Typed  bool   // cannot be undone: the id (or count) is typed
	Target ActionTarget
	// Bulk: the marked ids (sorted) and how many of them the list does not
	// show now; Target is unused.
	Bulk   bool
	IDs    []int64
	Hidden int
	// Skipped are the marked ids the bulk action leaves alone, with why
	// ("41: the strategy is completed").
	Skipped []string
	Input   string // typed so far
	Note    string // why the last submit was refused
	Keys    DialogKeys
	// Instead names a gentler action offered in the same dialog (suspend
	// in the halt dialog) and the key that chooses it; "" for none.
	Instead    string
	InsteadKey key.Binding
}

// stateAfter is "active -> paused", or "active (unchanged)" for an action
// that leaves the state as it is.
func stateAfter(now, next string) string {
	if next == "" {
		return now + " (unchanged)"
	}
	return now + " -> " + next
}

// ActionDialog words a confirmation.
func ActionDialog(d ActionDialogData) Dialog {
	dg := Dialog{Danger: d.Typed}
	if d.Bulk {
		n := strconv.Itoa(len(d.IDs))
		dg.Title = capital(d.Action) + " " + n + " marked strategies?"
		if len(d.Skipped) > 0 {
			dg.Title = capital(d.Action) + " " + n + " of " + strconv.Itoa(len(d.IDs)+len(d.Skipped)) + " marked strategies?"
		}
		dg.Lines = []string{"action    " + d.Action + " each of these"}
		dg.Lines = append(dg.Lines, labelled("targets", MarkedCount(len(d.IDs), d.Hidden)+": "+IDList(d.IDs, 12))...)
		if len(d.Skipped) > 0 {
			dg.Lines = append(dg.Lines, labelled("skipped", strconv.Itoa(len(d.Skipped))+": "+strings.Join(d.Skipped, "; "))...)
		}
		dg.Lines = append(dg.Lines, "state     -> "+d.Next+" (a row changed meanwhile is skipped)")
	} else {
		t := d.Target
		owner := text.OrDash(t.Owner)
		dg.Title = capital(d.Action) + " strategy " + strconv.FormatInt(t.ID, 10) + "?"
		dg.Lines = []string{
			"action    " + d.Action,
			"strategy  " + strconv.FormatInt(t.ID, 10),
			"pool      " + text.OrDash(t.Pool),
			"chain     " + ChainName(t.Chain),
			"owner     " + owner,
			"state     " + stateAfter(t.Status, d.Next),
		}
	}
	if d.Effect != "" {
		dg.Lines = append(dg.Lines, labelled("effect", d.Effect)...)
	}
	dg.Lines = append(dg.Lines, actionNotes[d.Action]...)
	if d.Instead != "" {
		dg.Lines = append(dg.Lines, "", "To pause it so it can run again, press "+KeyName(d.InsteadKey)+" to "+d.Instead+" instead.")
	}
	if d.Typed {
		dg.Lines = append(dg.Lines, "", "This cannot be undone.")
	}
	if d.Note != "" {
		dg.Lines = append(dg.Lines, "", d.Note)
	}
	switch {
	case d.Typed && d.Bulk:
		dg.Prompt = "type " + strconv.Itoa(len(d.IDs)) + " and " + KeyName(d.Keys.Submit) + " to " + d.Action + " them"
	case d.Typed:
		dg.Prompt = "type " + strconv.FormatInt(d.Target.ID, 10) + " and " + KeyName(d.Keys.Submit) + " to " + d.Action
	}
	if d.Typed {
		dg.Input = d.Input
		dg.Hint = Hint(d.Keys.Submit, d.Keys.Cancel) + " (default)"
	} else {
		dg.Hint = Hint(d.Keys.Confirm, d.Keys.Cancel) + " (default)"
	}
	if d.Instead != "" {
		dg.Hint += " · " + Hint(WithDesc(d.InsteadKey, d.Instead+" instead"))
	}
	return dg
}

// The halt dialog's warning, in two lines that fit the narrowest dialog:
// spec section 3 rule 2 lets resume start from suspended only, and no
// route starts from paused.
const (
	HaltIrreversible = "No route leaves paused: a halted strategy can never run again."
	HaltReversible   = "Suspend is the reversible pause."
)

// actionNotes are what a dialog must say beyond the effect line.
var actionNotes = map[string][]string{
	"halt": {"", HaltIrreversible, HaltReversible},
}

// ReasonNote is an action's reason in the Activity: "reason: INC-42".
func ReasonNote(reason string) string { return "reason: " + reason }

// TypedMismatch explains a typed confirmation that does not match.
func TypedMismatch(want, action string) string {
	return "typed text does not match " + want + ": nothing sent, type it exactly to " + action
}

// ResultDialog words a report; retry names the action a y would send again.
func ResultDialog(title string, lines []string, danger bool, retry string, keys DialogKeys) Dialog {
	hint := Hint(WithDesc(keys.Close, "closes"))
	if retry != "" {
		hint = Hint(WithDesc(keys.Confirm, "retry "+retry+" (sends it again)")) + " · any other key closes"
	}
	return Dialog{Title: title, Lines: lines, Danger: danger, Hint: hint}
}

// IDList lists up to limit ids.
func IDList(ids []int64, limit int) string {
	parts := make([]string, 0, min(len(ids), limit)+1)
	for i, id := range ids {
		if i == limit {
			parts = append(parts, "… "+strconv.Itoa(len(ids)-limit)+" more")
			break
		}
		parts = append(parts, strconv.FormatInt(id, 10))
	}
	return strings.Join(parts, ", ")
}

// NoticeReadOnlyBy is the read-only refusal naming what made the profile
// read-only (a flag, a variable, a line of the settings file), so the
// operator knows what to change; by empty gives the plain notice.
func NoticeReadOnlyBy(by string) string {
	if by == "" {
		return NoticeReadOnly
	}
	return NoticeReadOnly + " (" + text.Clean(by) + ")"
}

// Notices of the action workflow (the status line).
const (
	NoticeReadOnly    = "read-only mode: actions are disabled"
	NoticeTooSmall    = "cancelled: the terminal is too small to show the dialog"
	NoticeNoSelection = "nothing selected"
)

// ActionSubject is "halt strategy 12".
func ActionSubject(action string, id int64) string {
	return action + " strategy " + strconv.FormatInt(id, 10)
}

// NoticeCancelled says a dialog was cancelled.
func NoticeCancelled(subject string) string { return subject + ": cancelled" }

// NoticeRefused says why an action was not offered.
func NoticeRefused(subject, why string) string { return subject + ": " + why }

// NoticeInFlight says why a second action on a strategy was not sent.
func NoticeInFlight(id int64) string {
	return "an action on strategy " + strconv.FormatInt(id, 10) + " is already in flight: wait for its reply"
}

// NoticeSending says an action left.
func NoticeSending(subject string) string { return subject + ": sending…" }

// NoticeDone says an action was applied.
func NoticeDone(subject, next string) string {
	if next == "" {
		return subject + ": done"
	}
	return subject + ": done, now " + next
}

// NoticeOutcome says how an action ended when it was not done.
func NoticeOutcome(subject, reason string) string { return subject + ": " + reason }

// OutcomeUnknownLines explain an action sent without an answer. record is
// the re-read state ("" when the re-read failed too, with rereadErr).
func OutcomeUnknownLines(action string, id int64, reason, record, next, rereadErr string) []string {
	lines := []string{
		"The " + action + " request for strategy " + strconv.FormatInt(id, 10) + " was sent, but no answer came",
		"(" + reason + "). It may or may not have been applied.",
		"",
	}
	if record == "" {
		return append(lines, "Re-read failed too ("+rereadErr+"); check again with ctrl+r.")
	}
	lines = append(lines, "Re-read: strategy "+strconv.FormatInt(id, 10)+" is now "+record+".")
	if next != "" && record == next {
		lines = append(lines, "That is the state the action leads to: it was most likely applied.")
	}
	return lines
}

// WrapWords breaks s into lines of at most width runes at spaces.
func WrapWords(s string, width int) []string {
	var lines []string
	cur := ""
	for _, w := range strings.Fields(s) {
		// A word longer than a line (an amount, a raw integer) is broken
		// over lines rather than cut.
		for width > 0 && len([]rune(w)) > width {
			if cur != "" {
				lines = append(lines, cur)
				cur = ""
			}
			r := []rune(w)
			lines = append(lines, string(r[:width]))
			w = string(r[width:])
		}
		switch {
		case cur == "":
			cur = w
		case len([]rune(cur))+1+len([]rune(w)) <= width:
			cur += " " + w
		default:
			lines = append(lines, cur)
			cur = w
		}
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	return lines
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// JournalFailed says the audit log could not be written.
func JournalFailed(reason string) string {
	return "the audit log cannot be written (" + text.Clean(reason) + ")"
}

// BulkLine is one id's line of a bulk report.
func BulkLine(id int64, outcome, next, reason string) string {
	s := strconv.FormatInt(id, 10) + ": "
	switch outcome {
	case "done":
		if next == "" {
			return s + "done"
		}
		return s + "done, now " + next
	case "unknown":
		return s + "outcome unknown (" + reason + "); see the row"
	case "refused":
		return s + "skipped, " + reason
	}
	return s + "failed, " + reason
}

// InFlightReason is why a marked row is skipped while an action on it is
// in flight.
const InFlightReason = "an action on it is in flight"

// BulkNoneToAct says why a bulk action opened no dialog.
func BulkNoneToAct(skipped int) string {
	return "every one of the " + strconv.Itoa(skipped) + " marked is skipped (in flight, or its state does not allow it); nothing sent"
}

// BulkBusyLine is the line of an id skipped because an action on it was in
// flight.
func BulkBusyLine(id int64) string {
	return strconv.FormatInt(id, 10) + ": skipped (an action is in flight)"
}

// BulkTitle is the title of a bulk report.
func BulkTitle(action string) string { return "Bulk " + action + " report" }

// BulkDone is the notice when a bulk action ends.
func BulkDone(action string) string { return "bulk " + action + " done: see the report" }

// MoreLines stands for lines left out of a report.
func MoreLines(n int) string { return "… " + strconv.Itoa(n) + " more" }

// NoticeDuplicated says a duplicate was made and names the new strategy.
func NoticeDuplicated(subject string, newID int64) string {
	return subject + ": done, new strategy " + strconv.FormatInt(newID, 10) + " (the list moves to it once it appears)"
}
