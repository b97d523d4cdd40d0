package action

import (
	"testing"

	"github.com/stratop/stratop/api"
)

func TestParseUnits(t *testing.T) {
	good := []struct {
		in   string
		dec  int
		want string
	}{
		{"1.5", 6, "1500000"},
		{"1.5", 9, "1500000000"},
		{"1.5", 18, "1500000000000000000"},
		{"0.000001", 6, "1"},
		{"12", 0, "12"},
		{".5", 2, "50"},
		{"3.", 2, "300"},
		{"007.10", 2, "710"},
		{"123456789012345678901234567890.123456789012345678", 18, "123456789012345678901234567890123456789012345678"},
	}
	for _, c := range good {
		got, err := ParseUnits(c.in, c.dec)
		if err != nil || got != c.want {
			t.Errorf("ParseUnits(%q, %d) = %q, %v; want %q", c.in, c.dec, got, err, c.want)
		}
	}
	bad := []struct {
		in  string
		dec int
	}{
		{"", 6}, {"0", 6}, {"0.000", 6}, {"-1", 6}, {"+1", 6}, {"1e3", 6}, {"1E3", 6},
		{"1.0000001", 6}, {"1.5", 0}, {"1,5", 6}, {"1.2.3", 6}, {".", 6}, {" 1 2", 6}, {"0x10", 6},
		{"1e5", 6}, {"1 000", 6}, {"1_000", 6}, {"1'000", 6}, {" 1", 6}, {"1 ", 6}, {"1.2345678", 6}, {"1,000.5", 6},
		{"１", 6}, {"1\u00a0000", 6}, {"NaN", 6}, {"Inf", 6},
	}
	for _, c := range bad {
		if got, err := ParseUnits(c.in, c.dec); err == nil {
			t.Errorf("ParseUnits(%q, %d) = %q, want an error", c.in, c.dec, got)
		}
	}
}

func TestParseRaw(t *testing.T) {
	if got, err := ParseRaw("0012"); err != nil || got != "12" {
		t.Errorf("ParseRaw(0012) = %q, %v", got, err)
	}
	for _, bad := range []string{"", "0", "1.5", "-1", "1e3", " 1", "1,000"} {
		if got, err := ParseRaw(bad); err == nil {
			t.Errorf("ParseRaw(%q) = %q, want an error", bad, got)
		}
	}
}

func TestReviewAmountComputesTheBalanceAfterExactly(t *testing.T) {
	cur := api.Strategy{ID: 9, Pool: api.PoolSummary{Symbol: "USDC", Decimals: 18}, BalanceUsed: "999999999999999999999999"}
	raw, err := ParseUnits("0.000000000000000001", 18)
	if err != nil {
		t.Fatal(err)
	}
	r := ReviewAmount(cur, raw)
	if r.After != "1000000000000000000000000" || r.Before != cur.BalanceUsed || r.Raw != "1" {
		t.Errorf("review %+v", r)
	}
	if got := r.AfterText(); got != "999,999.999999999999999999 -> 1,000,000 USDC" {
		t.Errorf("AfterText %q", got)
	}
	if got := r.TokensText(); got != "0.000000000000000001 USDC (raw 1)" {
		t.Errorf("TokensText %q", got)
	}
	cur.BalanceUsed = ""
	if r := ReviewAmount(cur, "5"); r.After != "" || r.Before != "" {
		t.Errorf("a record without a balance: %+v", r)
	}
	if _, ok := BalanceAfter("1.5", "1"); ok {
		t.Error("BalanceAfter took a decimal balance")
	}
}
