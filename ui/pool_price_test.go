package ui

import (
	"math"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/muesli/termenv"
)

var priceNow = time.Date(2026, 11, 25, 10, 0, 0, 0, time.UTC)

// fixedPrice is 40 minutes of a price rising from 3000 with a wave, and a
// gap, in a 1 h window of width columns.
func fixedPrice(cs ChartStyle, width int) PriceChartData {
	n := PriceChartColumns(width) * cs.PerCell()
	v := make([]float64, n)
	for i := range v {
		switch {
		case i < n/3, i > n/2 && i < n/2+2:
			v[i] = math.NaN()
		default:
			v[i] = 3000 + float64(i)*2 + 40*math.Sin(float64(i)/4)
		}
	}
	return PriceChartData{Window: time.Hour, Since: priceNow.Add(-40 * time.Minute), Charts: cs, Values: v,
		Has: true, First: 3050.25, Current: 3120.5}
}

// TestPoolPriceChartGolden: a fixed history draws exactly these lines in
// each glyph set.
func TestPoolPriceChartGolden(t *testing.T) {
	st := DefaultStyles()
	for cs, name := range ChartStyleNames {
		t.Run(name, func(t *testing.T) {
			lines := PoolPriceChart(st, fixedPrice(ChartStyle(cs), 48), 48, priceNow)
			text := strings.Join(lines, "\n")
			for _, want := range []string{"Price · last 1h (since 09:20)", "now          $3,120.50  +$70.25 (+2.3%)"} {
				if !strings.Contains(text, want) {
					t.Errorf("%q missing:\n%s", want, text)
				}
			}
			golden.RequireEqual(t, []byte(text))
		})
	}
}

// TestPoolPriceChartExactWidth: every line is exactly the pane's width,
// in every glyph set, with colours and without (NO_COLOR's theme), with a
// price, without one, and while the history is read.
func TestPoolPriceChartExactWidth(t *testing.T) {
	prev := lipgloss.ColorProfile()
	lipgloss.SetColorProfile(termenv.TrueColor)
	t.Cleanup(func() { lipgloss.SetColorProfile(prev) })
	none, err := NewStyles(ThemeOptions{Name: ThemeNone})
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range []Styles{DefaultStyles(), none} {
		for cs := range ChartStyleNames {
			for _, width := range []int{1, 5, 20, 39, 40, 59, 80, 99, 120, 199} {
				for _, d := range []PriceChartData{fixedPrice(ChartStyle(cs), width), {Window: time.Hour, Charts: ChartStyle(cs)},
					{Window: 7 * 24 * time.Hour, Charts: ChartStyle(cs), Loading: true}} {
					lines := PoolPriceChart(st, d, width, priceNow)
					if len(lines) < 3 {
						t.Fatalf("%d lines at width %d", len(lines), width)
					}
					for i, l := range lines {
						if w := ansi.StringWidth(l); w != width {
							t.Fatalf("%s width %d: line %d is %d cells: %q", ChartStyle(cs), width, i, w, l)
						}
					}
				}
			}
		}
	}
}

func TestPoolPriceChartWords(t *testing.T) {
	st := DefaultStyles()
	none := strings.Join(PoolPriceChart(st, PriceChartData{Window: 24 * time.Hour}, 80, priceNow), "\n")
	if !strings.Contains(none, "Price · last 24h") || !strings.Contains(none, "none kept in this window") || strings.Contains(none, "since") {
		t.Errorf("without a price kept:\n%s", none)
	}
	d := fixedPrice(ChartBlock, 60)
	d.Since = priceNow.Add(-2 * time.Hour) // older than the window: no "since"
	d.First, d.Current = 0.0004, 0.0003
	text := strings.Join(PoolPriceChart(st, d, 60, priceNow), "\n")
	if strings.Contains(text, "since") || !strings.Contains(text, "$0.0003  -$0.0001 (-25.0%)") {
		t.Errorf("a falling small price over a full window:\n%s", text)
	}
	if lines := PoolPriceChart(st, d, 0, priceNow); len(lines) != 0 {
		t.Errorf("width 0 draws %q", lines)
	}
}

// BenchmarkPoolPriceChart is the price part of a pool pane 78 cells wide
// (a 200-column terminal's pane), drawn after a price came in.
func BenchmarkPoolPriceChart(b *testing.B) {
	st := DefaultStyles()
	for cs, name := range ChartStyleNames {
		d := fixedPrice(ChartStyle(cs), 78)
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				PoolPriceChart(st, d, 78, priceNow)
			}
		})
	}
}
