package ui

import (
	"github.com/charmbracelet/bubbles/key"

	"github.com/stratop/stratop/internal/text"
)

// WithCommand adds to a confirmation the command line that does the same
// from a shell (the help line names the key that copies it). The line is
// shown cleaned and wrapped; the copy is the exact line. while, when
// given, says under it when the line works (the demo's: while it runs).
func WithCommand(d Dialog, line, while string) Dialog {
	if line == "" {
		return d
	}
	d.Lines = append(d.Lines, "")
	d.Lines = append(d.Lines, labelled("shell", text.Clean(line))...)
	if while != "" {
		d.Lines = append(d.Lines, labelled("", "(works "+text.Clean(while)+")")...)
	}
	return d
}

// NoUndo is what a confirmation of an action without an exact inverse says.
const NoUndo = "No undo: this action has no exact inverse."

// UndoWindowNote is what the status line adds while an undo is offered.
func UndoWindowNote(undoKey key.Binding) string { return KeyName(undoKey) + " undo" }

// Notices of the undo key.
const (
	NoticeNothingToUndo = "nothing to undo: only a suspend or a resume can be undone, for 15 s (later: stratop undo AUDIT-ID)"
)

// WithUndoNote says in a confirmation how its action is undone: by the
// undo key for a while and by stratop undo later (inverse names the
// inverse action), that it has no undo (inverse ""), or, for the undo of
// an action (undoes names it), what it undoes. A dialog that already says
// it cannot be undone (Danger) is left as it is.
func WithUndoNote(d Dialog, undoKey key.Binding, inverse, undoes string) Dialog {
	switch {
	case undoes != "":
		d.Lines = append(d.Lines, labelled("undoes", undoes+"; nothing is sent for a strategy changed since")...)
	case inverse != "":
		d.Lines = append(d.Lines, labelled("undo", KeyName(undoKey)+" within 15 s (a "+inverse+"), or stratop undo AUDIT-ID")...)
	case !d.Danger:
		d.Lines = append(d.Lines, "", NoUndo)
	}
	return d
}

// HistoryUnsaved says the command line's history file could not be
// written: the command ran, and its line is kept for this session.
func HistoryUnsaved(err string) string {
	return "command history not saved (kept for this session): " + text.CleanN(err, 120)
}

// HistoryUnread says the command line's history file could not be read:
// this session's lines are still offered.
func HistoryUnread(err string) string {
	return "command history not read (this session's lines kept): " + text.CleanN(err, 120)
}
