package ui

// A modal dialog drawn over the body, for confirmations and reports: a
// title, lines of facts, an optional typed answer, and a hint naming the
// keys. Danger marks actions that cannot be undone.

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
	var tail []string // prompt and hint: always shown
	if d.Prompt != "" {
		tail = append(tail, "", Fit(d.Prompt, inner), Fit("> "+d.Input+"_", inner))
	}
	if d.Hint != "" {
		tail = append(tail, "", st.Muted.Render(Fit(d.Hint, inner)))
	}
	body := make([]string, 0, len(d.Lines)+1)
	body = append(body, "")
	for _, l := range d.Lines {
		body = append(body, Fit(l, inner))
	}
	// On a short terminal drop the spacing first, then the last facts, so
	// the box never grows taller than the area (border: 2 lines).
	room := max(height-2, 3)
	if 1+len(body)+len(tail) > room {
		body, tail = dropBlank(body), dropBlank(tail)
	}
	if over := 1 + len(body) + len(tail) - room; over > 0 {
		body = body[:max(len(body)-over, 0)]
	}
	lines := append([]string{title.Render(Fit(d.Title, inner))}, body...)
	lines = append(lines, tail...)
	box := st.Dialog.Width(inner + 2).Render(strings.Join(lines, "\n"))
	return lipgloss.Place(width, height, lipgloss.Center, lipgloss.Center, box)
}

// dropBlank removes empty lines.
func dropBlank(lines []string) []string {
	out := lines[:0:0]
	for _, l := range lines {
		if l != "" {
			out = append(out, l)
		}
	}
	return out
}
