package sandbox

import (
	"math/big"
	"reflect"
	"strings"
	"testing"

	"github.com/stratop/stratop/api"
)

func TestU128RoundTripsAndRefusesBadAmounts(t *testing.T) {
	for _, s := range []string{"0", "1", "18446744073709551615", "18446744073709551616", "340282366920938463463374607431768211455"} {
		v, ok := parseU128(s)
		if !ok || v.String() != s {
			t.Errorf("parseU128(%q) = %v, %v; String() = %q", s, v, ok, v.String())
		}
		if v.big().String() != s {
			t.Errorf("big(%q) = %s", s, v.big())
		}
	}
	for _, s := range []string{"", "-1", "1.5", " 1", "1e3", "0x10", "340282366920938463463374607431768211456"} {
		if _, ok := parseU128(s); ok {
			t.Errorf("parseU128(%q) accepted", s)
		}
	}
	a, _ := parseU128("100000000000000000000") // 1e20
	if got := a.sub(u64(1)).String(); got != "99999999999999999999" {
		t.Errorf("sub across the word boundary = %s", got)
	}
	if got := u64(5).sub(u64(7)); !got.isZero() {
		t.Errorf("sub saturates at 0, got %s", got)
	}
	q, r := a.divmod64(7)
	if q.String() != "14285714285714285714" || r != 2 {
		t.Errorf("1e20 divmod 7 = %s r %d", q, r)
	}
}

func TestValueMicroMatchesBigArithmetic(t *testing.T) {
	cases := []struct {
		amount   string
		decimals int
		price    int64
	}{
		{"1000000", 6, picoPerUSD},                           // 1 USDC = 1 USD
		{"1500000000000000000", 18, parsePico("3120.50")},    // 1.5 WETH
		{"999999999999999999999999", 18, parsePico("67250")}, // beyond 128 bits: the big.Int path
		{"123456789", 9, parsePico("0.0000000018")},
	}
	for _, c := range cases {
		v, _ := parseU128(c.amount)
		want := new(big.Int).Mul(v.big(), big.NewInt(c.price))
		want.Quo(want, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(c.decimals+6)), nil))
		if got := valueMicro(v, c.decimals, c.price); got != want.Int64() {
			t.Errorf("valueMicro(%s, %d, %d) = %d, want %s", c.amount, c.decimals, c.price, got, want)
		}
	}
}

func TestFormattingOfPricesValuesAndUnits(t *testing.T) {
	checks := map[string]string{
		formatPrice(parsePico("3120.50")):      "3120.50",
		formatPrice(parsePico("0.0000000018")): "0.0000000018",
		formatPrice(parsePico("1")):            "1.00",
		formatUSD(-12_345_678):                 "-12.34",
		formatUSD(5_000):                       "0.00",
		formatUnits(u64(1_500_000), 6, 6):      "1.5",
		formatUnits(u64(1), 18, 6):             "0",
		formatUnits(u64(1), 18, 18):            "0.000000000000000001",
		formatMicroUnits(250_000):              "0.25",
	}
	for got, want := range checks {
		if got != want {
			t.Errorf("got %q, want %q", got, want)
		}
	}
}

func TestGeneratedAddressesAreValidForTheirChain(t *testing.T) {
	for i := uint64(0); i < 200; i++ {
		evm := evmAddress(i)
		if !validEVMAddress(evm) || evm != strings.ToLower(evm) {
			t.Fatalf("bad EVM address %q", evm)
		}
		sol := solanaAddress(i)
		if !validBase58Key(sol) || len(sol) < 32 || len(sol) > 44 {
			t.Fatalf("bad Solana address %q (len %d)", sol, len(sol))
		}
	}
	if validBase58Key("0OIl" + strings.Repeat("1", 40)) {
		t.Error("base58 must refuse 0, O, I and l")
	}
	if h := txHashFor(api.ChainBase, 1); len(h) != 66 || !strings.HasPrefix(h, "0x") {
		t.Errorf("EVM tx hash %q", h)
	}
}

func TestSeedIsDeterministicForASeed(t *testing.T) {
	a, b, c := New(WithSeed(7)), New(WithSeed(7)), New(WithSeed(8))
	if !reflect.DeepEqual(a.Users(), b.Users()) {
		t.Fatal("same seed gave different users")
	}
	for id := int64(1); id <= 300; id += 37 {
		sa, _ := a.Strategy(id)
		sb, _ := b.Strategy(id)
		if !reflect.DeepEqual(sa, sb) {
			t.Fatalf("same seed gave different strategy %d", id)
		}
	}
	if reflect.DeepEqual(a.Users(), c.Users()) {
		t.Fatal("different seeds gave the same users")
	}
}

func TestSeedCoversEveryTypeCategoryStatusChainAndDecimals(t *testing.T) {
	s := New()
	combos := map[string]bool{}
	for i := range s.strategies {
		st := &s.strategies[i]
		combos[kindNames[st.kind]+"/"+categoryNames[st.category]+"/"+string(statusNames[st.status])] = true
	}
	if len(combos) != 2*3*5 {
		t.Errorf("seed has %d of 30 type/category/status combinations", len(combos))
	}
	chains, decimals := map[int64]bool{}, map[int]bool{}
	for _, p := range s.pools {
		chains[p.chainID] = true
		decimals[p.decimals] = true
		if !validAddress(p.chainID, p.address) {
			t.Errorf("pool %s has address %q invalid for chain %d", p.symbol, p.address, p.chainID)
		}
	}
	for _, c := range api.Chains {
		if !chains[c] {
			t.Errorf("no pool on chain %d", c)
		}
	}
	for _, d := range []int{6, 9, 18} {
		if !decimals[d] {
			t.Errorf("no pool with %d decimals", d)
		}
	}
	for _, u := range s.Users() {
		if u.Email == "" || !validWallet(u.WalletAddress) {
			t.Errorf("user %+v lacks an e-mail or a valid wallet", u)
		}
	}
}

func TestFilterKeysFollowStatusChanges(t *testing.T) {
	s := New(WithStrategies(40))
	in := &s.integrations[0]
	for i := range s.strategies {
		st := &s.strategies[i]
		if in.keys[st.pos] != s.filterKey(st) {
			t.Fatalf("stale key for strategy %d after seeding", st.id)
		}
	}
	s.SetStrategyStatus(3, api.StatusArchived)
	if st := &s.strategies[2]; in.keys[st.pos]&keyArchivedBit == 0 {
		t.Fatal("archiving did not set the archived bit of the list key")
	}
}
