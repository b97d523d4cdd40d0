package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/internal/text"
)

// lineOf is the pane line whose label is label, without styling.
func lineOf(t *testing.T, lines []string, label string) string {
	t.Helper()
	for _, l := range lines {
		if s := ansi.Strip(l); strings.HasPrefix(s, label+" ") {
			return s
		}
	}
	t.Fatalf("no %q line in %q", label, lines)
	return ""
}

// A detail pane too narrow for a large amount rounds it and marks it "~";
// it never cuts it with "…", which would hide its magnitude.
func TestDetailPanesRoundLargeAmountsAtNarrowWidth(t *testing.T) {
	st := DefaultStyles()
	const width = 26
	item := api.UserPoolItem{
		Pool:                  api.Pool{ID: 7, Symbol: "WETH", Decimals: 18},
		UserBalance:           "123456789012.123456",
		TotalBalanceAvailable: "5",
		TokenValue:            "98765432109.99",
		PoolVolumeTotals:      api.PoolVolumeTotals{TotalBought: "123456789012345", TotalBoughtFromStrategies: "1", TotalBoughtFromSwaps: "2", TotalSold: "0", TotalSoldFromStrategies: "0", TotalSoldFromSwaps: "0"},
	}
	pool := PoolDetail(st, Explorers{}, item.Pool, false, "loading", nil, &item, width)
	strat := StrategyDetail(st, Explorers{}, api.Strategy{ID: 1, Pool: api.PoolSummary{Symbol: "WETH", Decimals: 6}, BalanceUsed: "123456789012345678"}, false, "", width)
	user := UserDetail(st, Explorers{}, api.User{ExternalUserID: "u"}, nil, []api.NativeBalance{{ChainID: 1, Balance: "77777777777.5", TotalClaimableNativeTokens: "1"}}, true, width)
	cases := []struct {
		name, line, lead string
	}{
		{"pool balance", lineOf(t, pool, "balance"), "123"},
		{"pool value", lineOf(t, pool, "value"), "$98"},
		{"pool bought", lineOf(t, pool, "bought"), "123"},
		{"strategy balance", lineOf(t, strat, "balance"), "123"},
		{"user native balance", lineOf(t, user, ChainName(1)), "77"},
	}
	for _, c := range cases {
		if w := ansi.StringWidth(c.line); w > width {
			t.Errorf("%s: %q is %d cells wide, more than %d", c.name, c.line, w, width)
		}
		if strings.Contains(c.line, "…") || !strings.Contains(c.line, text.Rounded) {
			t.Errorf("%s: %q is cut, not rounded with %q", c.name, c.line, text.Rounded)
		}
		value := strings.TrimSpace(c.line[labelWidth:])
		if !strings.HasPrefix(value, c.lead) || !strings.ContainsAny(value, "KMBTQ") {
			t.Errorf("%s: %q does not keep its magnitude (want %q… with a K/M/B suffix)", c.name, value, c.lead)
		}
	}
	// At a width where it fits, the amount is shown exactly, breakdown too.
	wide := PoolDetail(st, Explorers{}, item.Pool, false, "loading", nil, &item, 120)
	if got := lineOf(t, wide, "bought"); !strings.Contains(got, "123,456,789,012,345 (strategies 1, swaps 2)") {
		t.Errorf("wide bought line %q is not exact", got)
	}
}
