package ui

// The filter picker of the Strategies tab: one line of fields (status,
// category, method, chain, sort); left/right picks a field, up/down cycles
// its value.

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/stratop/stratop/internal/text"
)

// FilterField is one field of the picker.
type FilterField struct {
	Name  string
	Value string // "any" when unset
}

// FilterBar draws the open picker; active is the focused field. When the
// fields do not fit, the bar scrolls so that the focused one is in view,
// with an ellipsis where fields are left out. The keys are in the footer.
func FilterBar(st Styles, fields []FilterField, active, width int) string {
	parts := make([]string, len(fields))
	for i, f := range fields {
		msg := f.Name + ": " + f.Value
		if i == active {
			parts[i] = st.FilterActive.Render("[" + msg + "]")
		} else {
			parts[i] = st.FilterField.Render(" " + msg + " ")
		}
	}
	lead := st.Section.Render("filters ")
	first := 0
	for first < active && text.Width(lead)+widthFrom(parts[first:active+1])+text.Width(text.Ellipsis)+1 > width {
		first++
	}
	left := 0
	if first > 0 {
		left = text.Width(text.Ellipsis) + 1
	}
	// Fields after the focused one that do not fit are left out whole, and
	// an ellipsis says so: a field is never cut mid-word.
	last := len(parts) - 1
	for last > active && text.Width(lead)+left+widthFrom(parts[first:last+1])+text.Width(text.Ellipsis) > width {
		last--
	}
	var b strings.Builder
	b.WriteString(lead)
	if first > 0 {
		b.WriteString(st.Muted.Render(text.Ellipsis + " "))
	}
	b.WriteString(strings.Join(parts[first:last+1], " "))
	if last < len(parts)-1 {
		b.WriteString(st.Muted.Render(" " + text.Ellipsis))
	}
	if text.Width(b.String()) > width {
		return ansi.Truncate(b.String(), width, text.Ellipsis)
	}
	return b.String()
}

// widthFrom is the width of parts joined by spaces.
func widthFrom(parts []string) int {
	w := 0
	for _, p := range parts {
		w += text.Width(p) + 1
	}
	return w
}

// FilterSummary words the active filters for the page line: "status active,
// chain Base"; "" when none is set.
func FilterSummary(fields []FilterField) string {
	parts := make([]string, 0, len(fields))
	for _, f := range fields {
		if f.Value != "" && f.Value != "any" {
			parts = append(parts, f.Name+" "+f.Value)
		}
	}
	return strings.Join(parts, ", ")
}

// FilterInput draws the filter-as-you-type line: "/ text▏ · 12 of 40 users".
// text is what the operator typed (printable runes only).
func FilterInput(st Styles, query string, focused, selected bool, count string, width int) string {
	cursor := ""
	if focused {
		cursor = "▏"
	}
	// The count gives way before the typed text's last cells.
	tail := " · " + count
	if keep := max(width-2-text.Width(cursor)-min(text.Width(query), 12), 0); text.Width(tail) > keep {
		tail = text.Fit(tail, keep)
	}
	room := max(width-text.Width(tail)-2-text.Width(cursor), 0)
	shown := query
	switch {
	case room == 0:
		shown = ""
	case text.Width(shown) > room:
		shown = ansi.TruncateLeft(shown, text.Width(shown)-room+1, text.Ellipsis)
	}
	if selected && shown != "" {
		// Drawn as selected: the next key typed replaces it.
		shown = st.FilterActive.Render(shown)
	}
	return st.Section.Render("/ ") + shown + cursor + st.Muted.Render(tail)
}
