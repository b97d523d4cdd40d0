package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/internal/text"
)

func TestStrategyChartsDrawProgressGainsAndValue(t *testing.T) {
	st := DefaultStyles()
	s := api.Strategy{ID: 7, Orders: 8, ExecutedOrders: 2, Transactions: []api.StrategyTransaction{
		{CreatedAt: "2025-05-02T09:00:00Z", AmountInUSD: "10.10"},
		{CreatedAt: "2025-05-01T09:00:00Z", AmountInUSD: "0.2"},
		{CreatedAt: "2025-05-03T09:00:00Z", AmountInUSD: "100000000000000000000.01"},
		{CreatedAt: "bad", AmountInUSD: "5"},
	}}
	gains := []ChainGain{{ChainID: 8453, Gains: api.ChainGains{GainedTokensValue: "30"}}, {ChainID: 1, Gains: api.ChainGains{GainedTokensValue: "15"}}}
	for cs := range ChartStyleNames {
		lines := StrategyCharts(st, StrategyChartsData{Strategy: s, Gains: gains, Charts: ChartStyle(cs)}, 90)
		text := strings.Join(lines, "\n")
		for _, want := range []string{"Progress", "2/8", "Gains by chain", "$30.00", "$15.00",
			// the exact total of the three readable transactions
			"$100,000,000,000,000,000,010.31 over 3 from 2025-05-01 to 2025-05-03"} {
			if !strings.Contains(text, want) {
				t.Errorf("%s: %q missing:\n%s", ChartStyle(cs), want, text)
			}
		}
		for _, l := range lines {
			if w := ansi.StringWidth(l); w > 90 {
				t.Errorf("%s: a line is %d wide: %q", ChartStyle(cs), w, l)
			}
		}
		if cs == int(ChartBlock) {
			bar := lines[2]
			if full := strings.Count(bar, "█"); full < 14 || full > 17 {
				t.Errorf("2 of 8 orders fills %d of 65 cells: %q", full, bar)
			}
			base, eth := lineWith(lines, "BASE"), lineWith(lines, "ETH")
			if strings.Count(base, "█") < 2*strings.Count(eth, "█")-1 {
				t.Errorf("gain bars not to scale:\n%s\n%s", base, eth)
			}
		}
	}
	if lines := StrategyCharts(st, StrategyChartsData{Strategy: api.Strategy{ID: 1}}, 60); len(lines) != 0 {
		t.Errorf("a strategy with nothing to draw draws %q", lines)
	}
}

func lineWith(lines []string, sub string) string {
	for _, l := range lines {
		if strings.Contains(l, sub) {
			return l
		}
	}
	return ""
}

func TestUserPoolBarsByValue(t *testing.T) {
	st := DefaultStyles()
	items := []api.UserPoolItem{
		{Pool: api.Pool{ID: 1, Symbol: "PEPE", ChainID: 8453}, TokenValue: "10"},
		{Pool: api.Pool{ID: 2, Symbol: "WETH\x1b[31m", ChainID: 1}, TokenValue: "40"},
		{Pool: api.Pool{ID: 3, Symbol: "USDC", ChainID: 8453}, TokenValue: "bad"},
	}
	items[1].Symbol = text.Clean(items[1].Symbol)
	lines := UserPoolBars(st, ChartBlock, items, 1, 70)
	if len(lines) != 5 {
		t.Fatalf("%d lines: %q", len(lines), lines)
	}
	if !strings.Contains(lines[2], "WETH") || !strings.Contains(lines[3], "PEPE") || !strings.HasPrefix(lines[3], "> ") {
		t.Errorf("not by value, or the selected pool not marked:\n%s", strings.Join(lines, "\n"))
	}
	if w, p := strings.Count(lines[2], "█"), strings.Count(lines[3], "█"); w < 3*p || p == 0 {
		t.Errorf("bars not to scale: %d and %d cells", w, p)
	}
	for _, l := range lines {
		if ansi.StringWidth(l) > 70 || strings.Contains(l, "\x1b[31m") {
			t.Errorf("line too wide or unsanitised: %q", l)
		}
	}
}
