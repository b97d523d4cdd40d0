package ui

// The filter picker of the Strategies tab: one line of fields (status,
// category, method, chain, sort); left/right picks a field, up/down cycles
// its value.

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// FilterField is one field of the picker.
type FilterField struct {
	Name  string
	Value string // "any" when unset
}

// FilterBar draws the open picker; active is the focused field.
func FilterBar(st Styles, fields []FilterField, active, width int) string {
	var b strings.Builder
	b.WriteString(st.Section.Render("filters "))
	for i, f := range fields {
		text := f.Name + ": " + f.Value
		if i == active {
			b.WriteString(st.FilterActive.Render("[" + text + "]"))
		} else {
			b.WriteString(st.FilterField.Render(" " + text + " "))
		}
		b.WriteByte(' ')
	}
	b.WriteString(st.Muted.Render("←→ field ↑↓ value enter apply esc cancel"))
	return cutStyled(b.String(), width)
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
func FilterInput(st Styles, text string, focused bool, count string, width int) string {
	cursor := ""
	if focused {
		cursor = "▏"
	}
	tail := " · " + count
	room := max(width-Width(tail)-2-Width(cursor), 1)
	shown := text
	if Width(shown) > room {
		shown = ansi.TruncateLeft(shown, Width(shown)-room+1, Ellipsis)
	}
	return st.Section.Render("/ ") + shown + cursor + st.Muted.Render(tail)
}
