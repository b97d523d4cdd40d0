package ui

// Charts drawn from a series of values: sparklines, small area charts and
// bars, in one of three glyph sets so that a terminal or font without
// braille (or without block elements, over some SSH paths) still draws
// them. The glyph tables come from ntcharts' runes; the strings are built
// here, one style per chart row, because ntcharts' canvas renders a style
// per cell (a 200-column chart costs thousands of lipgloss renders a frame).
//
// Values are one per column (two per column in braille, which has two dots
// across a cell); NaN is a gap (no sample there). Every row is exactly
// width cells.

import (
	"fmt"
	"math"
	"strings"
	"unicode/utf8"

	"github.com/NimbleMarkets/ntcharts/canvas/runes"
	"github.com/charmbracelet/lipgloss"
)

// ChartStyle is the glyph set charts are drawn with.
type ChartStyle uint8

// Glyph sets: braille dots (finest), block elements in eighths, ASCII.
const (
	ChartBraille ChartStyle = iota
	ChartBlock
	ChartASCII
)

// ChartStyleNames are the names the `charts` setting takes, in
// ChartStyle order.
var ChartStyleNames = []string{"braille", "block", "ascii"}

// ParseChartStyle reads a `charts` setting.
func ParseChartStyle(name string) (ChartStyle, error) {
	for i, n := range ChartStyleNames {
		if n == name {
			return ChartStyle(i), nil
		}
	}
	return 0, fmt.Errorf("unknown chart style %q (one of %s)", name, strings.Join(ChartStyleNames, ", "))
}

func (c ChartStyle) String() string { return ChartStyleNames[c] }

// PerCell is how many values a chart of this style draws in one column.
func (c ChartStyle) PerCell() int {
	if c == ChartBraille {
		return 2
	}
	return 1
}

// levels is how many steps a cell shows vertically.
func (c ChartStyle) levels() int {
	switch c {
	case ChartBraille:
		return 4
	case ChartASCII:
		return len(asciiRamp) - 1
	}
	return 8
}

// asciiRamp is the ASCII cell from empty to full.
var asciiRamp = []byte(" .:-=+*#")

// brailleLeft and brailleRight are the PatternDots indexes of a braille
// cell's left and right column, from the bottom dot up.
var (
	brailleLeft  = [4]int{6, 2, 1, 0}
	brailleRight = [4]int{7, 5, 4, 3}
)

// Scale maps values to chart steps: lo shows as the lowest visible step
// and hi as the top, so that movement within a large level stays visible.
type Scale struct{ Lo, Hi float64 }

// ScaleOf is the range of the finite values, or ok=false when none is.
func ScaleOf(values []float64) (s Scale, ok bool) {
	s = Scale{Lo: math.Inf(1), Hi: math.Inf(-1)}
	for _, v := range values {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			continue
		}
		s.Lo, s.Hi, ok = min(s.Lo, v), max(s.Hi, v), true
	}
	return s, ok
}

// steps is how many of total steps the value fills: NaN is 0 (a gap), the
// lowest value 1, the highest total. A flat series is a line along the
// bottom, the lowest step: an area filled to any height would read as a
// level it never moved from.
func (s Scale) steps(v float64, total int) int {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return 0
	}
	if s.Hi <= s.Lo {
		return 1
	}
	f := (v - s.Lo) / (s.Hi - s.Lo)
	return 1 + int(math.Round(f*float64(total-1)))
}

// ChartRows draws values as an area chart of height rows and width cells
// into dst (reused when it has room), top row first, each row in the style
// of tone. values holds width*style.PerCell() values; fewer leave the left
// empty, more are cut from the left (the oldest).
func ChartRows(dst []string, st Styles, cs ChartStyle, tone Tone, values []float64, width, height int) []string {
	dst = dst[:0]
	if width <= 0 || height <= 0 {
		return dst
	}
	per := cs.PerCell()
	if n := width * per; len(values) > n {
		values = values[len(values)-n:]
	}
	offset := width*per - len(values) // empty columns on the left
	sc, _ := ScaleOf(values)
	levels := cs.levels()
	total := levels * height
	pre, post, wrapped := styleWrap(st.ToneStyle(tone))
	style := st.ToneStyle(tone)
	var buf []byte
	for row := height - 1; row >= 0; row-- { // row 0 is the bottom
		buf = buf[:0]
		base := row * levels
		for col := 0; col < width; col++ {
			buf = appendCell(buf, cs, sc, values, col*per-offset, base, levels, total)
		}
		if wrapped {
			dst = append(dst, pre+string(buf)+post)
		} else {
			dst = append(dst, style.Render(string(buf)))
		}
	}
	return dst
}

// styleWrap is what style puts before and after a text, found by rendering
// a marker once, so a chart's rows are wrapped without lipgloss measuring
// each (a chart's tone styles set colours and attributes only). ok is false
// when the style does more than wrap, and rows are rendered one by one.
func styleWrap(style lipgloss.Style) (pre, post string, ok bool) {
	const marker = "\x00"
	out := style.Render(marker)
	i := strings.Index(out, marker)
	if i < 0 || strings.Count(out, marker) != 1 || strings.Contains(out, "\n") {
		return "", "", false
	}
	return out[:i], out[i+len(marker):], true
}

// at is values[i], or NaN outside the slice.
func at(values []float64, i int) float64 {
	if i < 0 || i >= len(values) {
		return math.NaN()
	}
	return values[i]
}

// fill is how many of a cell's levels a value fills when the cell starts
// at step base.
func fill(sc Scale, v float64, base, levels, total int) int {
	return min(max(sc.steps(v, total)-base, 0), levels)
}

func appendCell(buf []byte, cs ChartStyle, sc Scale, values []float64, i, base, levels, total int) []byte {
	switch cs {
	case ChartBraille:
		var dots runes.PatternDots
		l, r := fill(sc, at(values, i), base, levels, total), fill(sc, at(values, i+1), base, levels, total)
		for k := 0; k < l; k++ {
			dots[brailleLeft[k]] = true
		}
		for k := 0; k < r; k++ {
			dots[brailleRight[k]] = true
		}
		if l == 0 && r == 0 {
			return append(buf, ' ')
		}
		return utf8.AppendRune(buf, runes.BraillePatternFromPatternDots(dots))
	case ChartASCII:
		return append(buf, asciiRamp[fill(sc, at(values, i), base, levels, total)])
	}
	f := fill(sc, at(values, i), base, levels, total)
	if f == 0 {
		return append(buf, ' ')
	}
	return utf8.AppendRune(buf, runes.LowerBlockElementFromFloat64(float64(f)/float64(levels)))
}

// Sparkline is a one-row chart of exactly width cells.
func Sparkline(st Styles, cs ChartStyle, tone Tone, values []float64, width int) string {
	var one [1]string
	rows := ChartRows(one[:0], st, cs, tone, values, width, 1)
	if len(rows) == 0 {
		return ""
	}
	return rows[0]
}

// Bar is a horizontal bar of exactly width cells filled to frac (0..1):
// block elements in eighths (braille and block), '#' in ASCII.
func Bar(st Styles, cs ChartStyle, tone Tone, frac float64, width int) string {
	if width <= 0 {
		return ""
	}
	if math.IsNaN(frac) {
		frac = 0
	}
	frac = min(max(frac, 0), 1)
	eighths := int(math.Round(frac * float64(width*8)))
	var b strings.Builder
	b.Grow(width * 3)
	full, part := eighths/8, eighths%8
	if cs == ChartASCII {
		full, part = (eighths+4)/8, 0
		b.WriteString(strings.Repeat("#", min(full, width)))
	} else {
		b.WriteString(strings.Repeat(string(runes.FullBlock), full))
	}
	n := min(full, width)
	if part > 0 && n < width {
		b.WriteRune(runes.LeftBlockElementFromFloat64(float64(part) / 8))
		n++
	}
	bar := st.ToneStyle(tone).Render(b.String())
	return bar + spaces(width-n)
}
