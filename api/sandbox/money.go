package sandbox

import (
	"math/big"
	"strconv"
	"strings"
)

// USD figures. Prices are integers of pico-USD and values integers of
// micro-USD, so nothing drifts through float64: a value is raw amount x price
// / 10^(decimals+6), computed in 128 bits (or big.Int when that overflows)
// and formatted with strconv.

// valueMicro is the micro-USD value of a raw amount of a token with the
// given decimals at a pico-USD price, truncated, saturating at MaxInt64.
func valueMicro(amount u128, decimals int, pricePico int64) int64 {
	if pricePico <= 0 || amount.isZero() {
		return 0
	}
	prod, over := amount.mul64(uint64(pricePico))
	if over {
		return valueMicroBig(amount, decimals, pricePico)
	}
	for k := decimals + 6; k > 0; {
		step := min(k, 19)
		prod, _ = prod.divmod64(pow10(step).lo)
		k -= step
	}
	if prod.hi != 0 || prod.lo > 1<<63-1 {
		return 1<<63 - 1
	}
	return int64(prod.lo)
}

// valueMicroBig is valueMicro for products beyond 128 bits.
func valueMicroBig(amount u128, decimals int, pricePico int64) int64 {
	v := amount.big()
	v.Mul(v, big.NewInt(pricePico))
	v.Quo(v, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(decimals+6)), nil))
	if !v.IsInt64() {
		return 1<<63 - 1
	}
	return v.Int64()
}

// formatUSD writes micro-USD as dollars with two decimals ("-12.30").
func formatUSD(micro int64) string {
	neg := micro < 0
	if neg {
		micro = -micro
	}
	cents := micro / 10_000
	s := strconv.FormatInt(cents/100, 10) + "." + pad(cents%100, 2)
	if neg && cents != 0 {
		return "-" + s
	}
	return s
}

// formatPrice writes a pico-USD price as a decimal with at least two
// fraction digits and no trailing zeros beyond them ("3120.50", "0.0000112").
func formatPrice(pico int64) string {
	whole := pico / picoPerUSD
	frac := strings.TrimRight(pad(pico%picoPerUSD, 12), "0")
	for len(frac) < 2 {
		frac += "0"
	}
	return strconv.FormatInt(whole, 10) + "." + frac
}

// formatUnits writes a raw amount in human units with at most maxFrac
// fraction digits (truncated, trailing zeros trimmed): 1500000 at 6
// decimals is "1.5".
func formatUnits(raw u128, decimals, maxFrac int) string {
	digits := raw.String()
	if decimals == 0 {
		return digits
	}
	for len(digits) <= decimals {
		digits = "0" + digits
	}
	whole, frac := digits[:len(digits)-decimals], digits[len(digits)-decimals:]
	if len(frac) > maxFrac {
		frac = frac[:maxFrac]
	}
	frac = strings.TrimRight(frac, "0")
	if frac == "" {
		return whole
	}
	return whole + "." + frac
}

// formatMicroUnits writes an int64 of millionths as a decimal ("0.25").
func formatMicroUnits(micro int64) string {
	if micro < 0 {
		return "-" + formatMicroUnits(-micro)
	}
	frac := strings.TrimRight(pad(micro%1_000_000, 6), "0")
	if frac == "" {
		return strconv.FormatInt(micro/1_000_000, 10)
	}
	return strconv.FormatInt(micro/1_000_000, 10) + "." + frac
}

// pad writes v with leading zeros to width digits.
func pad(v int64, width int) string {
	s := strconv.FormatInt(v, 10)
	for len(s) < width {
		s = "0" + s
	}
	return s
}

// validDecimal reports whether s is a non-negative decimal number such as
// "1", "0.25" or "1500000" (the spec's numeric strings).
func validDecimal(s string) bool {
	if s == "" || len(s) > 80 {
		return false
	}
	dot := false
	digits := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			digits++
		case c == '.' && !dot && i > 0 && i < len(s)-1:
			dot = true
		default:
			return false
		}
	}
	return digits > 0
}

// decimalRat parses a validDecimal string for comparisons.
func decimalRat(s string) *big.Rat {
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		return new(big.Rat)
	}
	return r
}
