package sandbox

import (
	"strings"

	"github.com/stratop/stratop/api"
)

// tokenSpec is one pool of the catalogue. The first token of each chain is
// its wrapped native token, the quote side of swaps on that chain; the second
// is a stable coin, the quote side of swaps of the native token itself.
type tokenSpec struct {
	name, symbol string
	decimals     int
	price        string // USD
}

// catalogue lists the pools of every active chain: decimals 6, 8, 9 and 18,
// prices from fractions of a cent to tens of thousands of dollars.
var catalogue = map[int64][]tokenSpec{
	api.ChainBase: {
		{"Wrapped Ether", "WETH", 18, "3120.50"},
		{"USD Coin", "USDC", 6, "1.00"},
		{"Degen", "DEGEN", 18, "0.0087"},
		{"Aerodrome", "AERO", 18, "1.12"},
		{"Brett", "BRETT", 18, "0.094"},
		{"Toshi", "TOSHI", 18, "0.00061"},
	},
	api.ChainBNB: {
		{"Wrapped BNB", "WBNB", 18, "598.20"},
		{"Tether USD", "USDT", 18, "1.00"},
		{"PancakeSwap Token", "CAKE", 18, "2.41"},
		{"Floki", "FLOKI", 9, "0.000164"},
		{"Baby Doge Coin", "BABYDOGE", 9, "0.0000000018"},
	},
	api.ChainEthereum: {
		{"Wrapped Ether", "WETH", 18, "3120.50"},
		{"USD Coin", "USDC", 6, "1.00"},
		{"Pepe", "PEPE", 18, "0.0000112"},
		{"Chainlink", "LINK", 18, "14.85"},
		{"Uniswap", "UNI", 18, "8.42"},
		{"Wrapped Bitcoin", "WBTC", 8, "67250.00"},
	},
	api.Chain4663: {
		{"Wrapped Nova", "WNOVA", 18, "1.27"},
		{"Nova USD", "NUSD", 6, "1.00"},
		{"Lumen Finance", "LUMF", 18, "0.36"},
		{"Orbit", "ORB", 9, "0.052"},
	},
	api.ChainSolana: {
		{"Wrapped SOL", "SOL", 9, "152.30"},
		{"USD Coin", "USDC", 6, "1.00"},
		{"Jupiter", "JUP", 6, "0.92"},
		{"dogwifhat", "WIF", 6, "2.15"},
		{"Jito", "JTO", 9, "2.90"},
		{"Raydium", "RAY", 6, "1.83"},
	},
}

// nativePricePico is each chain's native token price (pico-USD), for the
// native roll-ups. It follows the wrapped native pool's seed price.
func nativePricePico(s *Sandbox, chainID int64) int64 {
	for i := range s.pools {
		if s.pools[i].chainID == chainID {
			return max(s.pools[i].pricePico, 1) // the first pool of a chain is its native token
		}
	}
	return picoPerUSD
}

// Names for seeded e-mail addresses.
var (
	firstNames = []string{"ada", "alan", "grace", "linus", "ken", "barbara", "edsger", "margaret", "dennis", "frances",
		"john", "radia", "tim", "vint", "donald", "leslie", "niklaus", "shafi", "whitfield", "hedy"}
	lastNames = []string{"lovelace", "turing", "hopper", "torvalds", "thompson", "liskov", "dijkstra", "hamilton",
		"ritchie", "allen", "mccarthy", "perlman", "berners", "cerf", "knuth", "lamport", "wirth", "goldwasser", "diffie", "lamarr"}
	mailDomains = []string{"example.com", "example.org", "example.net", "mail.example.com"}
)

// picoPerUSD is one USD in the price unit.
const picoPerUSD int64 = 1_000_000_000_000

// parsePico reads a decimal USD price into pico-USD; it accepts only the
// catalogue's plain decimals.
func parsePico(s string) int64 {
	whole, frac, _ := strings.Cut(s, ".")
	var v int64
	for _, c := range whole {
		v = v*10 + int64(c-'0')
	}
	v *= picoPerUSD
	scale := picoPerUSD / 10
	for _, c := range frac {
		if scale == 0 {
			break
		}
		v += int64(c-'0') * scale
		scale /= 10
	}
	return v
}
