package model

// Pool prices over time: every read that carries pools' token prices (a
// pool's own read, a user's pools, a page of strategies) hands them to the
// Overview's history as a sample of prices only, and the Pools tab's pool
// pane draws the selected pool's kept prices over the Overview's window.

import (
	"math"
	"strconv"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/history"
	"github.com/stratop/stratop/ui"
)

// trendShare is the Overview's history and window as other tabs read
// them: written by the Overview's Update, read by the Pools tab's, both on
// the program's one goroutine (a file write works on a copy).
type trendShare struct {
	h      *history.History // nil until the file was read
	window int              // index into trendWindows
}

// pricesSeenMsg carries a read's prices to the Overview, which keeps the
// history.
type pricesSeenMsg struct{ sample history.Sample }

// pricesOf is what a reply tells of pools' prices, by pool id; nil when
// it carries none.
func pricesOf(msg fetchedMsg) map[int64]float64 {
	if msg.err != nil {
		return nil
	}
	var out map[int64]float64
	add := func(id int64, price string) {
		v, err := strconv.ParseFloat(price, 64)
		if id == 0 || price == "" || err != nil || math.IsInf(v, 0) || math.IsNaN(v) || v < 0 {
			return
		}
		if out == nil {
			out = make(map[int64]float64)
		}
		out[id] = v
	}
	switch d := msg.data.(type) {
	case *api.Pool:
		if d != nil {
			add(d.ID, d.TokenPrice)
		}
	case *poolsData:
		if d != nil {
			for _, it := range d.items {
				add(it.ID, it.TokenPrice)
			}
		}
	case *strategiesData:
		if d != nil {
			for _, it := range d.items {
				add(it.Pool.ID, it.Pool.TokenPrice)
			}
		}
	}
	return out
}

// recordPrices hands a reply's prices to the Overview before the reply
// reaches its tab, so a pool pane drawn for it shows the price just read.
func (m Model) recordPrices(msg fetchedMsg) (Model, tea.Cmd) {
	prices := pricesOf(msg)
	if prices == nil {
		return m, nil
	}
	seen := pricesSeenMsg{sample: history.Sample{Time: m.env.now(), Users: -1, Prices: prices}}
	m, cmd := m.route(feedCounts, seen)
	if m.owners[feedPools] != m.owners[feedCounts] {
		var c2 tea.Cmd
		m, c2 = m.route(feedPools, seen)
		cmd = tea.Batch(cmd, c2)
	}
	return m, cmd
}

// priceChart is the selected pool's price part of the pane; the title's
// "(since …)" says when its axis starts later than the window's.
func (t poolsTab) priceChart(pool int64, width int) []string {
	tr, now := t.env.trends, t.env.now()
	w := trendWindows[tr.window]
	d := ui.PriceChartData{Window: w, Charts: t.env.charts, Loading: tr.h == nil}
	if tr.h != nil {
		n := ui.PriceChartColumns(width) * t.env.charts.PerCell()
		end := axisEnd(now, w, n)
		pts := tr.h.PricePoints(nil, pool, w, end)
		d.Since = tr.h.PriceStart(pool)
		// Fitted as the Overview's trends: until the pool's prices fill
		// the window the axis spans what is kept, a price holding until
		// the next one.
		span := history.FittedSpan(w, d.Since, end)
		d.Values = history.PriceColumns(nil, pts, span, end, n)
		if span < w {
			history.HoldLevels(d.Values)
		}
		d.First, d.Current, d.Has = history.PriceChange(pts)
	}
	return ui.PoolPriceChart(t.env.styles, d, width, now)
}
