package ui

// A modal dialog drawn over the body, for confirmations (issue 5 builds its
// action dialogs on this): a title, lines of facts, an optional typed answer,
// and a hint naming the keys. Danger marks actions that cannot be undone.

import (
	"strings"

	"github.com/charmbracelet/lipgloss"
)

// Dialog is what a dialog shows. Every string must be sanitised.
type Dialog struct {
	Title  string
	Lines  []string
	Danger bool
	Input  string // what the user typed so far, shown when Prompt is set
	Prompt string // e.g. "type 123 and enter to archive"
	Hint   string // e.g. "y confirm · n/esc cancel (default)"
}

// RenderDialog draws d centred in a width x height area.
func RenderDialog(st Styles, d Dialog, width, height int) string {
	inner := min(max(width-8, 20), 72)
	title := st.DialogTitle
	if d.Danger {
		title = st.DialogDanger
	}
	lines := []string{title.Render(Fit(d.Title, inner)), ""}
	for _, l := range d.Lines {
		lines = append(lines, Fit(l, inner))
	}
	if d.Prompt != "" {
		lines = append(lines, "", Fit(d.Prompt, inner), Fit("> "+d.Input+"_", inner))
	}
	if d.Hint != "" {
		lines = append(lines, "", st.Muted.Render(Fit(d.Hint, inner)))
	}
	box := st.Dialog.Width(inner + 2).Render(strings.Join(lines, "\n"))
	return lipgloss.Place(width, height, lipgloss.Center, lipgloss.Center, box)
}
