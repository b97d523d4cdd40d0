package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/internal/text"
)

// A number is never cut at any width: every digit run on the line is a
// whole number the record holds, rounded (marked ~) or exact.
func TestTransactionAndDepositLinesNeverCutANumber(t *testing.T) {
	st := DefaultStyles()
	tx := api.StrategyTransaction{Amount: "123456789012345678901", Type: "buy", AmountInUSD: "1234567.89",
		GainedAmountInUSD: "-4321.5", CreatedAt: "2024-05-01T12:00:00Z", TxHash: "0x12ab34cd56ef7890aa11bb22cc33dd44ee55ff66aa77bb88cc99dd00ee11ff22"}
	s := api.Strategy{ID: 1, Pool: api.PoolSummary{Symbol: "PEPE", Decimals: 18}, Transactions: []api.StrategyTransaction{tx}}
	item := api.UserPoolItem{Pool: api.Pool{ID: 7, Symbol: "PEPE", Decimals: 18},
		Deposits: []api.PoolDeposit{{ID: 3, UserBalance: "987654321000000000000000", LockedAmount: "5", Value: "7654321.5", CurrentClaimableValue: "12.5"}}}
	exact := map[string]bool{}
	for _, l := range append(StrategyDetail(st, Explorers{}, s, true, "", 200), PoolDetail(st, Explorers{}, item.Pool, true, "", nil, &item, 200)...) {
		for _, n := range numberRun.FindAllString(ansi.Strip(l), -1) {
			exact[sameValue(n)] = true
		}
	}
	for width := 24; width <= 120; width++ {
		lines := append(StrategyDetail(st, Explorers{}, s, true, "", width), PoolDetail(st, Explorers{}, item.Pool, true, "", nil, &item, width)...)
		for _, l := range lines {
			plain := ansi.Strip(l)
			if !strings.HasPrefix(plain, "2024-05-01") && !strings.HasPrefix(plain, "#3") {
				continue
			}
			if w := ansi.StringWidth(plain); w > width {
				t.Fatalf("width %d: %q is %d cells", width, plain, w)
			}
			for _, n := range numberRun.FindAllString(plain, -1) {
				if !exact[sameValue(n)] && !strings.HasSuffix(n, text.Rounded) && !strings.Contains(n, "e-") {
					t.Fatalf("width %d: %q shows %q, neither a figure of the record nor rounded", width, plain, n)
				}
			}
		}
	}
}

// numberRun is a number as drawn: digits with separators, an exponent
// (a tiny value, exact unless marked), a scale and the rounded mark.
var numberRun = regexp.MustCompile(`[0-9][0-9,.]*(e-[0-9]+)?[KMBTQ]?~?`)

// sameValue writes a drawn number one way: 7,654,321.50 and 7654321.5 are
// the same figure.
func sameValue(n string) string {
	n = strings.ReplaceAll(n, ",", "")
	if strings.Contains(n, ".") {
		n = strings.TrimRight(strings.TrimRight(n, "0"), ".")
	}
	return n
}
