package action

import (
	"errors"
	"strings"
)

// ParseUnits turns an amount typed in token units ("1.5") into the exact
// raw integer string of the token's smallest unit for decimals ("1500000"
// for 6). It refuses what an operator could mean in more than one way or
// not at all: an empty value, a sign, an exponent, separators, more
// fraction digits than the token has, and zero.
func ParseUnits(s string, decimals int) (string, error) {
	s = strings.TrimSpace(s)
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
