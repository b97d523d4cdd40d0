package ui

import (
	"math"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"
)

func rising(n int) []float64 {
	v := make([]float64, n)
	for i := range v {
		v[i] = float64(100 + i)
	}
	return v
}

func TestChartRowsAreExactlyTheirWidth(t *testing.T) {
	prev := lipgloss.ColorProfile()
	lipgloss.SetColorProfile(termenv.TrueColor)
	t.Cleanup(func() { lipgloss.SetColorProfile(prev) })
	st := DefaultStyles()
	for cs := range ChartStyleNames {
		c := ChartStyle(cs)
		for _, width := range []int{1, 2, 7, 40, 80, 199} {
			for _, height := range []int{1, 3, 8} {
				for _, n := range []int{0, 1, width, width * 2, width * 3} {
					vals := rising(n)
					if n > 2 {
						vals[1] = math.NaN()
					}
					rows := ChartRows(nil, st, c, ToneActive, vals, width, height)
					if len(rows) != height {
						t.Fatalf("%s %dx%d: %d rows", c, width, height, len(rows))
					}
					for _, r := range rows {
						if w := ansi.StringWidth(r); w != width {
							t.Fatalf("%s %dx%d with %d values: a row is %d cells: %q", c, width, height, n, w, r)
						}
					}
				}
				for _, frac := range []float64{-1, 0, 0.01, 0.5, 0.99, 1, 3, math.NaN()} {
					if w := ansi.StringWidth(Bar(st, c, ToneActive, frac, width)); w != width {
						t.Fatalf("%s bar %v at width %d is %d cells", c, frac, width, w)
					}
				}
			}
		}
	}
}

func TestChartShowsTheShapeAndGaps(t *testing.T) {
	st := DefaultStyles() // ascii colour profile in this package's tests
	vals := []float64{math.NaN(), math.NaN(), 1, 2, 3, 4, 5, 6, 7, 8}
	spark := Sparkline(st, ChartBlock, ToneDefault, vals, 10)
	if spark != "  ▁▂▃▄▅▆▇█" {
		t.Errorf("block sparkline of 1..8 after two gaps = %q", spark)
	}
	ascii := Sparkline(st, ChartASCII, ToneDefault, vals, 10)
	if !strings.HasPrefix(ascii, "  .") || !strings.HasSuffix(ascii, "#") {
		t.Errorf("ascii sparkline = %q", ascii)
	}
	for i := 3; i < len(ascii); i++ {
		if strings.IndexByte(string(asciiRamp), ascii[i]) < strings.IndexByte(string(asciiRamp), ascii[i-1]) {
			t.Errorf("ascii sparkline of a rising series falls at %d: %q", i, ascii)
		}
	}
	rows := ChartRows(nil, st, ChartASCII, ToneDefault, []float64{0, 10}, 2, 3)
	if rows[0] != " #" || rows[2] != ".#" {
		t.Errorf("ascii area of 0 and 10 over three rows: %q", rows)
	}
	br := Sparkline(st, ChartBraille, ToneDefault, []float64{math.NaN(), math.NaN(), 0, 10}, 2)
	// a gap, then the low value as the bottom left dot and the high one as
	// the whole right column
	if br != " ⣸" {
		t.Errorf("braille of gap, 0, 10 = %q", br)
	}
	flat := Sparkline(st, ChartBlock, ToneDefault, []float64{5, 5, 5}, 3)
	if flat != "▁▁▁" {
		t.Errorf("a flat series = %q, want a line along the bottom", flat)
	}
	// Over several rows a flat series is a line, not a block: every row
	// but the bottom one is blank.
	for cs := range ChartStyleNames {
		area := ChartRows(nil, st, ChartStyle(cs), ToneDefault, []float64{5, 5, 5, 5, 5, 5}, 3, 4)
		for r := 0; r < 3; r++ {
			if strings.TrimSpace(area[r]) != "" {
				t.Errorf("%s: a flat series fills row %d of 4: %q", ChartStyle(cs), r, area)
			}
		}
		if strings.TrimSpace(area[3]) == "" {
			t.Errorf("%s: a flat series draws nothing: %q", ChartStyle(cs), area)
		}
	}
	for cs := range ChartStyleNames {
		if s := Sparkline(st, ChartStyle(cs), ToneDefault, nil, 5); s != "     " {
			t.Errorf("%s with no values = %q, want blank", ChartStyle(cs), s)
		}
	}
}

func TestASCIIChartsAreASCII(t *testing.T) {
	st := DefaultStyles()
	rows := ChartRows(nil, st, ChartASCII, ToneActive, rising(50), 50, 4)
	rows = append(rows, Bar(st, ChartASCII, ToneActive, 0.37, 20))
	for _, r := range rows {
		for _, c := range r {
			if c > 0x7e {
				t.Fatalf("ascii chart holds %q: %q", c, r)
			}
		}
	}
}

func TestChartsWithThemeNoneWriteNoColour(t *testing.T) {
	st, err := NewStyles(ThemeOptions{Name: ThemeNone})
	if err != nil {
		t.Fatal(err)
	}
	prev := lipgloss.ColorProfile()
	lipgloss.SetColorProfile(termenv.TrueColor)
	t.Cleanup(func() { lipgloss.SetColorProfile(prev) })
	var b strings.Builder
	for cs := range ChartStyleNames {
		for _, tone := range []Tone{ToneActive, TonePaused, ToneNegative, ToneMuted} {
			b.WriteString(strings.Join(ChartRows(nil, st, ChartStyle(cs), tone, rising(30), 15, 2), ""))
			b.WriteString(Bar(st, ChartStyle(cs), tone, 0.5, 10))
		}
	}
	if c := colourSGR(b.String()); c != "" {
		t.Fatalf("theme none charts wrote colour %s", c)
	}
	dark := DefaultStyles()
	if c := colourSGR(Sparkline(dark, ChartBlock, ToneActive, rising(5), 5)); c == "" {
		t.Fatal("the dark theme's chart has no colour: the test cannot tell")
	}
}

func TestParseChartStyle(t *testing.T) {
	for i, n := range ChartStyleNames {
		c, err := ParseChartStyle(n)
		if err != nil || c != ChartStyle(i) || c.String() != n {
			t.Errorf("ParseChartStyle(%q) = %v, %v", n, c, err)
		}
	}
	if _, err := ParseChartStyle("dots"); err == nil || !strings.Contains(err.Error(), "braille, block, ascii") {
		t.Errorf("an unknown style: %v", err)
	}
}

func TestChartRowsReuseDst(t *testing.T) {
	st := DefaultStyles()
	vals := rising(160)
	dst := make([]string, 0, 4)
	allocs := testing.AllocsPerRun(20, func() { dst = ChartRows(dst, st, ChartBraille, ToneActive, vals, 80, 4) })
	// one buffer growth and one string per row, plus the style's render
	if allocs > 40 {
		t.Errorf("an 80x4 braille chart allocates %v times", allocs)
	}
}
