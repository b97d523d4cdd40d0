package action

import (
	"errors"
	"math/big"
	"strings"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/internal/text"
)

// ParseUnits turns an amount typed in token units ("1.5") into the exact
// raw integer string of the token's smallest unit for decimals ("1500000"
// for 6). It refuses what an operator could mean in more than one way or
// not at all: an empty value, spaces, a sign, an exponent, separators,
// more fraction digits than the token has, and zero. It never alters the
// input: what it accepts is exactly what was typed.
func ParseUnits(s string, decimals int) (string, error) {
	if s == "" {
		return "", errors.New("type an amount, e.g. 1.5")
	}
	if decimals < 0 || decimals > 77 {
		return "", errors.New("the token's decimals are unknown")
	}
	whole, frac, dot := strings.Cut(s, ".")
	if dot && strings.Contains(frac, ".") {
		return "", errors.New("more than one decimal point")
	}
	if whole == "" && frac == "" {
		return "", errors.New("type digits, e.g. 1.5")
	}
	for _, part := range []string{whole, frac} {
		for _, r := range part {
			if r < '0' || r > '9' {
				switch r {
				case '-', '+':
					return "", errors.New("type a positive amount without a sign")
				case 'e', 'E':
					return "", errors.New("type the amount in full, without an exponent")
				case ',', '_', '\'', ' ', '\u00a0', '\u202f':
					return "", errors.New("type the amount without separators or spaces: digits and one decimal point")
				}
				return "", errors.New("only digits and one decimal point are allowed")
			}
		}
	}
	if len(frac) > decimals {
		return "", errors.New("the token has " + itoa(int64(decimals)) + " decimals; the amount has " + itoa(int64(len(frac))))
	}
	raw := strings.TrimLeft(whole+frac+strings.Repeat("0", decimals-len(frac)), "0")
	if raw == "" {
		return "", errors.New("the amount must be more than zero")
	}
	return raw, nil
}

// ParseRaw reads an amount given in the token's smallest unit: a positive
// integer of ASCII digits, nothing else.
func ParseRaw(s string) (string, error) {
	if s == "" || strings.Trim(s, "0123456789") != "" || strings.Trim(s, "0") == "" {
		return "", errors.New("give a positive integer in the token's smallest unit")
	}
	return strings.TrimLeft(s, "0"), nil
}

// AmountReview is what the operator sees before an amount is sent: the
// amount in tokens and in raw units, the strategy, and its balance before
// and after, computed exactly from the record read before sending.
type AmountReview struct {
	Strategy int64
	Symbol   string
	Decimals int
	Raw      string // the raw units that will be sent
	Tokens   string // the same amount in whole tokens, every digit shown
	// Before and After are the strategy's balance (raw units); both ""
	// when the record does not carry a usable balance.
	Before, After string
}

// ReviewAmount builds the review of adding raw units to cur.
func ReviewAmount(cur api.Strategy, raw string) AmountReview {
	r := AmountReview{Strategy: cur.ID, Symbol: text.CleanN(cur.Pool.Symbol, 20), Decimals: cur.Pool.Decimals,
		Raw: raw, Tokens: text.Amount(raw, cur.Pool.Decimals)}
	if after, ok := BalanceAfter(cur.BalanceUsed, raw); ok {
		r.Before, r.After = cur.BalanceUsed, after
	}
	return r
}

// BalanceAfter adds raw units to a raw balance exactly (math/big). ok is
// false when either is not a non-negative integer of ASCII digits.
func BalanceAfter(balance, raw string) (string, bool) {
	b, ok1 := rawInt(balance)
	a, ok2 := rawInt(raw)
	if !ok1 || !ok2 {
		return "", false
	}
	return new(big.Int).Add(b, a).String(), true
}

func rawInt(s string) (*big.Int, bool) {
	if s == "" || strings.Trim(s, "0123456789") != "" {
		return nil, false
	}
	return new(big.Int).SetString(s, 10)
}

// TokensText is an amount review's line of the amount: "1.5 USDC (raw 1500000)".
func (r AmountReview) TokensText() string {
	return r.Tokens + " " + r.Symbol + " (raw " + r.Raw + ")"
}

// AfterText is the review's line of the balance: "2 -> 3.5 USDC", or a
// sentence when the balance is not known.
func (r AmountReview) AfterText() string {
	if r.After == "" {
		return "balance before and after unknown (the record carries none)"
	}
	return text.Amount(r.Before, r.Decimals) + " -> " + text.Amount(r.After, r.Decimals) + " " + r.Symbol
}
