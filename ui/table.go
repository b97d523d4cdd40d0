package ui

// A table drawn for speed: the model keeps each row as cells (already
// sanitised text plus a Tone), lays the columns out once per width, renders
// each row once into a string and caches it; a frame only joins the visible
// rows. A row costs one strings.Builder and one Render per toned cell; the
// cursor row is drawn plain and wrapped in one Selected render.

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/stratop/stratop/internal/text"
)

// GutterWidth is the width of the two-cell gutter left of every row: the
// cursor mark and the bulk/pending mark.
const GutterWidth = 2

// Gutter marks.
const (
	cursorMark  = ">"
	markedMark  = "*"
	pendingMark = "~"
	watchedMark = "@"
)

// Column describes one table column; LayoutColumns fills Width.
type Column struct {
	Title    string
	Min      int  // narrowest useful width
	Max      int  // widest useful width (<= Min: fixed)
	Priority int  // 0 always shown; higher numbers are dropped first when narrow
	Right    bool // right-aligned (numbers, amounts); shortened by ShortNumber, never cut
	Middle   bool // cut in the middle (addresses, hashes) so both ends show

	Index  int // position of this column's cell in a row's cells
	Width  int // the laid-out width
	Sorted int // 1 sorted ascending, -1 descending, 0 not: marked in the header
}

// Cell is one table cell: sanitised text, its colour role and, for an
// address or hash, its explorer link (see links.go; "" for none).
type Cell struct {
	Text string
	Tone Tone
	Link string
}

// RowFlags are per-row marks drawn in the gutter.
type RowFlags struct {
	Marked  bool // marked for a bulk action (space)
	Pending bool // an action on this row is in flight
	Watched bool // the strategy or user is watched (w); the other marks win
}

// LayoutColumns chooses the columns that fit width (gutter included) and
// their widths: it drops the highest Priority numbers first, then shares the
// spare width round-robin among columns that may grow, up to their Max.
// Column.Index is set to the position in defs, so cells stay addressed by
// their definition whatever is dropped.
func LayoutColumns(defs []Column, width int) []Column {
	avail := width - GutterWidth
	keep := make([]bool, len(defs))
	maxPrio := 0
	for i, c := range defs {
		keep[i] = true
		if c.Priority > maxPrio {
			maxPrio = c.Priority
		}
	}
	need := func() int {
		n, cols := 0, 0
		for i, c := range defs {
			if keep[i] {
				n += c.Min
				cols++
			}
		}
		if cols > 1 {
			n += cols - 1
		}
		return n
	}
	for p := maxPrio; p > 0 && need() > avail; p-- {
		// Drop this priority's columns from the right until it fits.
		for i := len(defs) - 1; i >= 0 && need() > avail; i-- {
			if defs[i].Priority == p {
				keep[i] = false
			}
		}
	}
	cols := make([]Column, 0, len(defs))
	for i, c := range defs {
		if keep[i] {
			c.Index = i
			c.Width = c.Min
			cols = append(cols, c)
		}
	}
	// Share the spare width in proportion to how much each column can grow,
	// then hand out what rounding left one cell at a time.
	spare := avail - need()
	room := 0
	for _, c := range cols {
		room += max(c.Max-c.Min, 0)
	}
	if spare > 0 && room > 0 {
		give := min(spare, room)
		for i := range cols {
			g := give * max(cols[i].Max-cols[i].Min, 0) / room
			cols[i].Width += g
			spare -= g
		}
	}
	for spare > 0 {
		grew := false
		for i := range cols {
			if spare > 0 && cols[i].Width < cols[i].Max {
				cols[i].Width++
				spare--
				grew = true
			}
		}
		if !grew {
			break
		}
	}
	return cols
}

// TableWidth is the width of a row drawn with cols, gutter included.
func TableWidth(cols []Column) int {
	w := GutterWidth
	for i, c := range cols {
		if i > 0 {
			w++
		}
		w += c.Width
	}
	return w
}

// RenderHeader draws the column titles, padded to width cells.
func RenderHeader(st Styles, cols []Column, width int) string {
	var b strings.Builder
	b.WriteString(strings.Repeat(" ", GutterWidth))
	for i, c := range cols {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(align(sortedTitle(c), c.Width, c.Right))
	}
	padTo(&b, cols, width)
	return st.TableHeader.Render(b.String())
}

// Sort marks after a column title.
const (
	sortUp   = "↑"
	sortDown = "↓"
)

// sortedTitle is a column's title with its sort mark; a narrow column
// drops title letters, never the mark.
func sortedTitle(c Column) string {
	mark := ""
	switch {
	case c.Sorted > 0:
		mark = sortUp
	case c.Sorted < 0:
		mark = sortDown
	default:
		return c.Title
	}
	if text.Width(c.Title)+1 > c.Width && c.Width > 1 {
		return ansi.Truncate(c.Title, c.Width-1, "") + mark
	}
	return c.Title + mark
}

// RenderRow draws a row that is not under the cursor, padded to width cells.
func RenderRow(st Styles, cols []Column, cells []Cell, flags RowFlags, width int) string {
	var b strings.Builder
	b.Grow(TableWidth(cols) + 16)
	b.WriteByte(' ')
	switch {
	case flags.Pending:
		b.WriteString(st.Pending.Render(pendingMark))
	case flags.Marked:
		b.WriteString(st.Marked.Render(markedMark))
	case flags.Watched:
		b.WriteString(st.Watched.Render(watchedMark))
	default:
		b.WriteByte(' ')
	}
	for i, c := range cols {
		if i > 0 {
			b.WriteByte(' ')
		}
		var cell Cell
		if c.Index < len(cells) {
			cell = cells[c.Index]
		}
		msg := alignLinked(cell, c)
		if cell.Tone != ToneDefault {
			msg = st.ToneStyle(cell.Tone).Render(msg)
		}
		b.WriteString(msg)
	}
	padTo(&b, cols, width)
	return b.String()
}

// RenderSelectedRow draws the row under the cursor: plain cells behind the
// ">" mark, padded to width cells, in one Selected render.
func RenderSelectedRow(st Styles, cols []Column, cells []Cell, flags RowFlags, width int) string {
	var b strings.Builder
	b.Grow(TableWidth(cols))
	b.WriteString(cursorMark)
	switch {
	case flags.Pending:
		b.WriteString(pendingMark)
	case flags.Marked:
		b.WriteString(markedMark)
	case flags.Watched:
		b.WriteString(watchedMark)
	default:
		b.WriteByte(' ')
	}
	for i, c := range cols {
		if i > 0 {
			b.WriteByte(' ')
		}
		var cell Cell
		if c.Index < len(cells) {
			cell = cells[c.Index]
		}
		b.WriteString(alignLinked(cell, c))
	}
	padTo(&b, cols, width)
	return st.Selected.Render(b.String())
}

// padTo pads a row drawn with cols to width cells.
func padTo(b *strings.Builder, cols []Column, width int) {
	if n := width - TableWidth(cols); n > 0 {
		b.WriteString(spaces(n))
	}
}

// alignCol fits a cell's text into its column.
func alignCol(s string, c Column) string {
	return align(cutCol(s, c), c.Width, c.Right)
}

// cutCol cuts a cell's text that is too wide the column's way.
func cutCol(s string, c Column) string {
	if text.Width(s) > c.Width {
		switch {
		case c.Middle:
			s = FitMiddle(s, c.Width)
		case c.Right:
			s = text.ShortNumber(s, c.Width)
		}
	}
	return s
}

// alignLinked is alignCol with the cell's link around the text as drawn
// (cut first, so the link never spans padding or is cut itself).
func alignLinked(cell Cell, c Column) string {
	if cell.Link == "" {
		return alignCol(cell.Text, c)
	}
	msg := text.Fit(cutCol(cell.Text, c), c.Width)
	pad := spaces(max(c.Width-text.Width(msg), 0))
	if c.Right {
		return pad + Hyperlink(cell.Link, msg)
	}
	return Hyperlink(cell.Link, msg) + pad
}

// FitMiddle cuts a long ASCII string (an address, a hash) in the middle so
// both ends stay visible: "0x1234…cdef". Other strings are cut at the end.
func FitMiddle(s string, width int) string {
	if len(s) <= width || !isASCII(s) || width < 5 {
		return text.Fit(s, width)
	}
	head := (width - 1) / 2
	tail := width - 1 - head
	return s[:head] + text.Ellipsis + s[len(s)-tail:]
}

// align fits s into width cells, left- or right-aligned.
func align(s string, width int, right bool) string {
	if !right {
		return text.Pad(s, width)
	}
	f := text.Fit(s, width)
	if w := ansi.StringWidth(f); w < width {
		return strings.Repeat(" ", width-w) + f
	}
	return f
}
