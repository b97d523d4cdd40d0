package ui

// Building blocks of detail panes and of the Overview: titled lines of
// "label  value" pairs, each cut to the pane's width before it is styled, so
// a pane never pushes the layout whatever the server sent.

import (
	"strings"

	"github.com/stratop/stratop/internal/text"
)

// labelWidth is the width of the label column of a pane.
const labelWidth = 13

// PaneTitle draws a pane's title line.
func PaneTitle(st Styles, title string, width int) string {
	return st.PaneTitle.Render(text.Fit(title, width))
}

// Section draws a sub-heading inside a pane.
func Section(st Styles, title string, width int) string {
	return st.Section.Render(text.Fit(title, width))
}

// KV draws one "label  value" line.
func KV(st Styles, label, value string, width int) string {
	return KVTone(st, label, value, ToneDefault, width)
}

// KVTone draws one "label  value" line with a coloured value.
func KVTone(st Styles, label, value string, tone Tone, width int) string {
	lw := min(labelWidth, width)
	l := st.Label.Render(text.Pad(label, lw))
	v := text.Fit(value, width-lw)
	if tone != ToneDefault {
		v = st.ToneStyle(tone).Render(v)
	}
	return l + v
}

// KVNumber draws one "label  value" line whose value is a formatted
// number, perhaps with a unit: too wide, it is rounded to fit (ShortNumber,
// marked "~"), never cut, so no digit of its magnitude is lost.
func KVNumber(st Styles, label, value string, width int) string {
	return KVNumberMore(st, label, value, "", width)
}

// KVNumberMore is KVNumber followed by more (a breakdown of the number):
// when the whole does not fit, more is left off first, then the number is
// rounded, since a breakdown of exact figures beside a rounded total would
// read as a contradiction.
func KVNumberMore(st Styles, label, value, more string, width int) string {
	lw := min(labelWidth, width)
	room := max(width-lw, 0)
	v := value + more
	if text.Width(v) > room {
		v = text.ShortNumber(value, room)
	}
	return st.Label.Render(text.Pad(label, lw)) + v
}

// Muted draws a whole line in the muted style (loading, empty states).
func Muted(st Styles, msg string, width int) string {
	return st.Muted.Render(text.Fit(msg, width))
}

// ErrorLine draws an error line.
func ErrorLine(st Styles, msg string, width int) string {
	return st.Error.Render(text.Fit(msg, width))
}

// EmptyList is the line an empty list shows in place of rows: the error when
// nothing was ever loaded, "loading…" before the first answer, else none
// (what "empty" means for that list). Every tab says it the same way.
func EmptyList(st Styles, errText string, loaded bool, none string, width int) string {
	switch {
	case !loaded && errText != "":
		return ErrorLine(st, errText, width)
	case !loaded:
		return Muted(st, "loading…", width)
	}
	return Muted(st, none, width)
}

// Plain cuts a line to width without styling.
func Plain(msg string, width int) string { return text.Fit(msg, width) }

// SideBySide joins left and right line by line: left lines padded to
// leftWidth, then sep, then the right line. Lines must hold no newline.
// height is the number of lines drawn.
func SideBySide(left []string, leftWidth int, sep string, right []string, height int) string {
	var b strings.Builder
	b.Grow(height * (leftWidth + 40))
	for i := 0; i < height; i++ {
		var l, r string
		if i < len(left) {
			l = left[i]
		}
		if i < len(right) {
			r = right[i]
		}
		b.WriteString(l)
		if pad := leftWidth - text.Width(l); pad > 0 {
			b.WriteString(spaces(pad))
		}
		b.WriteString(sep)
		b.WriteString(r)
		if i < height-1 {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// Lines joins lines with newlines, padding with empty lines or cutting to
// exactly height lines when height >= 0.
func Lines(lines []string, height int) string {
	if height >= 0 && len(lines) > height {
		lines = lines[:height]
	}
	var b strings.Builder
	n := 0
	for _, l := range lines {
		n += len(l) + 1
	}
	b.Grow(n + max(height-len(lines), 0))
	for i, l := range lines {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(l)
	}
	for i := len(lines); i < height; i++ {
		if i > 0 {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// Rule is a horizontal line of width cells.
func Rule(st Styles, width int) string {
	return st.Muted.Render(strings.Repeat("─", max(width, 0)))
}

// VerticalSep is the separator between a list and a pane beside it.
func VerticalSep(st Styles) string { return st.Muted.Render(" │ ") }

// VerticalSepWidth is the width of VerticalSep.
const VerticalSepWidth = 3

var spaceRun = strings.Repeat(" ", 256)

// spaces returns n spaces, without allocating for common widths.
func spaces(n int) string {
	if n <= len(spaceRun) {
		return spaceRun[:n]
	}
	return strings.Repeat(" ", n)
}
