package ui

// A pool's token price over the Overview's window, under the price in the
// pool pane: the newest price kept, its change over the window, and a
// small chart, every line exactly the pane's width.

import (
	"math"
	"strconv"
	"time"

	"github.com/stratop/stratop/internal/text"
)

// PriceChartData is one pool's kept prices over a window.
type PriceChartData struct {
	Window  time.Duration
	Since   time.Time // the pool's first price kept, when later than the window's start
	Loading bool      // the history file is still being read
	Charts  ChartStyle
	Values  []float64 // PriceChartColumns(width) * Charts.PerCell() values; NaN: none
	Has     bool      // a price was kept in the window
	First   float64   // the window's first price kept
	Current float64   // its newest
}

// priceChartRows is the chart's height.
const priceChartRows = 3

// PriceChartColumns is the chart width in a pane of width cells, so the
// model computes exactly as many values as are drawn.
func PriceChartColumns(width int) int { return max(width, 0) }

// PoolPriceChart draws the price part of the pool pane: a blank line, a
// title naming the window (and since when prices are kept, when that is
// later than its start), then the newest price and its change and the
// chart; words instead when none is kept.
func PoolPriceChart(st Styles, d PriceChartData, width int, now time.Time) []string {
	if width <= 0 {
		return nil
	}
	title := "Price · last " + WindowText(d.Window)
	if d.Has && !d.Since.IsZero() && now.Sub(d.Since) < d.Window {
		title += " (since " + sinceText(d.Since, now) + ")"
	}
	lines := []string{spaces(width), padStyled(Section(st, title, width), width)}
	switch {
	case d.Loading:
		return append(lines, padStyled(Muted(st, "reading the history…", width), width))
	case !d.Has:
		return append(lines, padStyled(Muted(st, "none kept in this window: a price is kept each time the pool is read", width), width))
	}
	change, tone := priceChange(d.First, d.Current)
	label := text.Pad("now", labelWidth) + priceText(d.Current) + "  "
	lines = append(lines, padStyled(text.Fit(label, width)+st.ToneStyle(tone).Render(text.Fit(change, max(width-text.Width(label), 0))), width))
	var rows [priceChartRows]string
	return append(lines, ChartRows(rows[:0], st, d.Charts, ToneDefault, d.Values, PriceChartColumns(width), priceChartRows)...)
}

// priceChange is the change over the window in dollars and percent, and
// its tone.
func priceChange(first, last float64) (string, Tone) {
	diff := last - first
	if diff == 0 {
		return "±0 over the window", ToneMuted
	}
	sign, tone := "+", TonePositive
	if diff < 0 {
		sign, tone = "-", ToneNegative
	}
	text := sign + priceText(math.Abs(diff))
	if first > 0 {
		text += " (" + sign + strconv.FormatFloat(math.Abs(diff)/first*100, 'f', 1, 64) + "%)"
	}
	return text, tone
}

// priceText shows a price kept as a number the way the pane shows the
// interface's price strings.
func priceText(v float64) string { return text.Price(strconv.FormatFloat(v, 'f', -1, 64)) }
