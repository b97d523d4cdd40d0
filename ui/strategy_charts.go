package ui

// Pictures of one strategy under its detail: DCA progress as a bar, the
// chosen user's gains per chain as bars, and the cumulative USD value of the
// strategy's transactions over time. Values on the lines stay exact
// decimals; only the lengths of bars and the heights of the chart go
// through float64.

import (
	"math"
	"math/big"
	"slices"
	"time"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/internal/text"
)

// StrategyChartsData is what the pictures need.
type StrategyChartsData struct {
	Strategy api.Strategy
	Gains    []ChainGain // the chosen user's, by chain; nil outside the user's view
	Charts   ChartStyle
}

// strategyChartRows is the height of the value chart.
const strategyChartRows = 3

// StrategyCharts draws the pictures, width cells wide; none when the
// strategy has nothing to draw.
func StrategyCharts(st Styles, d StrategyChartsData, width int) []string {
	var lines []string
	s := d.Strategy
	if s.Orders > 0 {
		done := min(max(s.ExecutedOrders, 0), s.Orders)
		label := text.Pad("orders", labelWidth) + text.Pad(Int(done)+"/"+Int(s.Orders), 12)
		bw := max(width-text.Width(label), 0)
		lines = append(lines, "", Section(st, "Progress", width),
			text.Fit(label, width)+Bar(st, d.Charts, ToneActive, float64(done)/float64(s.Orders), bw))
	}
	if g := gainBars(st, d.Gains, d.Charts, width); len(g) > 0 {
		lines = append(lines, "", Section(st, "Gains by chain (the user's)", width))
		lines = append(lines, g...)
	}
	if v := valueChart(st, s.Transactions, d.Charts, width); len(v) > 0 {
		lines = append(lines, "")
		lines = append(lines, v...)
	}
	return lines
}

// gainBars is a bar per chain, scaled to the largest gain.
func gainBars(st Styles, gains []ChainGain, cs ChartStyle, width int) []string {
	if len(gains) == 0 {
		return nil
	}
	top := 0.0
	for _, g := range gains {
		top = max(top, decimalFloat(g.Gains.GainedTokensValue))
	}
	out := make([]string, 0, len(gains))
	for _, g := range gains {
		label := text.Pad(ChainShort(g.ChainID), labelWidth) + align(text.USD(g.Gains.GainedTokensValue), 12, true) + " "
		frac := 0.0
		if top > 0 {
			frac = decimalFloat(g.Gains.GainedTokensValue) / top
		}
		out = append(out, text.Fit(label, width)+Bar(st, cs, TonePositive, frac, max(width-text.Width(label), 0)))
	}
	return out
}

// valueChart is the cumulative USD value of the transactions over their
// time, with the exact total on its title line.
func valueChart(st Styles, txs []api.StrategyTransaction, cs ChartStyle, width int) []string {
	type point struct {
		at  time.Time
		usd *big.Rat
	}
	pts := make([]point, 0, len(txs))
	for _, tx := range txs {
		at, err := time.Parse(time.RFC3339Nano, tx.CreatedAt)
		v, ok := new(big.Rat).SetString(tx.AmountInUSD)
		if err != nil || !ok {
			continue
		}
		pts = append(pts, point{at, v})
	}
	if len(pts) < 2 {
		return nil
	}
	slices.SortStableFunc(pts, func(a, b point) int { return a.at.Compare(b.at) })
	total := new(big.Rat)
	for _, p := range pts {
		total.Add(total, p.usd)
	}
	first, last := pts[0].at, pts[len(pts)-1].at
	summary := text.USD(total.FloatString(2)) + " over " + Int(int64(len(pts))) +
		" from " + first.Format("2006-01-02") + " to " + last.Format("2006-01-02")
	n := width * cs.PerCell()
	cols := make([]float64, n)
	span := last.Sub(first)
	sum, j := new(big.Rat), 0
	for i := range cols {
		end := first.Add(time.Duration(float64(span) * float64(i+1) / float64(n)))
		for j < len(pts) && !pts[j].at.After(end) {
			sum.Add(sum, pts[j].usd)
			j++
		}
		cols[i], _ = sum.Float64()
	}
	out := []string{Section(st, "Value of its transactions", width), KV(st, "cumulative", summary, width)}
	return append(out, ChartRows(nil, st, cs, TonePositive, cols, width, strategyChartRows)...)
}

// decimalFloat is a decimal string as a float64 for drawing, 0 when it is
// not a number.
func decimalFloat(s string) float64 {
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		return 0
	}
	f, _ := r.Float64()
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return 0
	}
	return f
}

// maxPoolBars bounds the pools drawn as bars under a pool's detail.
const maxPoolBars = 12

// UserPoolBars draws a chosen user's pools by value, a bar each scaled to
// the largest, the selected pool marked; at most maxPoolBars, the largest
// first.
func UserPoolBars(st Styles, cs ChartStyle, items []api.UserPoolItem, selected int64, width int) []string {
	if len(items) == 0 {
		return nil
	}
	order := make([]int, len(items))
	top := 0.0
	for i := range items {
		order[i] = i
		top = max(top, decimalFloat(items[i].TokenValue))
	}
	slices.SortStableFunc(order, func(a, b int) int {
		va, vb := decimalFloat(items[a].TokenValue), decimalFloat(items[b].TokenValue)
		switch {
		case va > vb:
			return -1
		case va < vb:
			return 1
		}
		return 0
	})
	out := []string{"", Section(st, "The user's pools by value", width)}
	for n, i := range order {
		if n == maxPoolBars {
			out = append(out, Muted(st, "… "+Int(int64(len(items)-n))+" more", width))
			break
		}
		it := items[i]
		mark := "  "
		if it.ID == selected {
			mark = "> "
		}
		label := mark + text.Pad(text.Fit(text.OrDash(it.Symbol), 8), 9) + text.Pad(ChainShort(it.ChainID), 6) + align(text.USD(it.TokenValue), 14, true) + " "
		frac := 0.0
		if top > 0 {
			frac = decimalFloat(it.TokenValue) / top
		}
		out = append(out, text.Fit(label, width)+Bar(st, cs, ToneActive, frac, max(width-text.Width(label), 0)))
	}
	return out
}
