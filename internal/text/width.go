package text

// Widths in terminal cells, for lines and table columns that must line up
// whatever the server sent.

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// Width is the number of terminal cells s takes: grapheme clusters, with
// wide CJK and emoji taking two, the measure lipgloss lays out with.
func Width(s string) int { return ansi.StringWidth(s) }

// Fit cuts s to at most width terminal cells, ending a cut string with "…".
// Widths follow ansi.StringWidth (grapheme clusters; wide CJK and emoji take
// two cells), the measure lipgloss lays out with, so a fitted cell never
// pushes a table column. s must already be sanitised: Fit does not remove
// controls. width <= 0 yields "".
func Fit(s string, width int) string {
	if width <= 0 {
		return ""
	}
	if len(s) <= width && isPrintableASCII(s) {
		return s
	}
	return ansi.Truncate(s, width, Ellipsis)
}

// Pad fits s to width cells and pads it with spaces to exactly width
// cells, so table columns line up whatever the server sent.
func Pad(s string, width int) string {
	if width <= 0 {
		return ""
	}
	f := Fit(s, width)
	if w := ansi.StringWidth(f); w < width {
		return f + strings.Repeat(" ", width-w)
	}
	return f
}

// isPrintableASCII reports whether every byte of s is in 0x20-0x7e, where one
// byte is one cell.
func isPrintableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] >= 0x7f {
			return false
		}
	}
	return true
}
