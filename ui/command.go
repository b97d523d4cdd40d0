package ui

import (
	"github.com/charmbracelet/bubbles/key"

	"github.com/stratop/stratop/internal/text"
)

// WithCommand adds to a confirmation the command line that does the same
// from a shell (the help line names the key that copies it). The line is
// shown cleaned and wrapped; the copy is the exact line.
func WithCommand(d Dialog, line string) Dialog {
	if line == "" {
		return d
	}
	d.Lines = append(d.Lines, "")
	d.Lines = append(d.Lines, labelled("shell", text.Clean(line))...)
	return d
}

// NoUndo is what a confirmation of an action without an exact inverse says.
const NoUndo = "No undo: there is no exact inverse of this action."

// UndoOffer is what a confirmation of a reversible action says.
func UndoOffer(undoKey key.Binding, inverse string) string {
	return "Undo: " + KeyName(undoKey) + " within 15 s, or stratop undo AUDIT-ID later (" + inverse + ")."
}
