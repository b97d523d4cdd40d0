package text

// Exact amount formatting. Token amounts arrive as raw integer strings in the
// token's smallest unit and USD values as decimal strings; both are formatted
// by string arithmetic, never through float64, so 18-decimal balances and
// uint256-sized values show every digit the user is entitled to see.
//
// Conventions shared by every function here:
//   - the integer part is grouped in thousands with ",";
//   - rounding is half away from zero ("half-up" on the magnitude), so
//     -0.005 at two digits is -0.01, as a reader expects;
//   - a value that is zero after rounding carries no sign ("0.00", not "-0.00");
//   - input that is not a number is shown as invalidAmount: "?" followed by at
//     most 16 runes of the sanitised input ("?1x2", "?NaN", "?" for ""). A
//     valid amount never starts with "?", so the mark cannot be mistaken for a
//     value, and the reader still sees roughly what the server sent.

import (
	"math"
	"strconv"
	"strings"
)

// maxDecimals bounds token decimals and requested fraction digits: ERC-20 and
// SPL decimals are a uint8, and the bound stops a hostile "decimals" value
// from making us allocate gigabytes of zeros.
const maxDecimals = 255

// maxExponent bounds the exponent accepted by Decimal ("1.5e-7"), for
// the same reason.
const maxExponent = 1000

// invalidPreviewRunes is how much of a broken input invalidAmount shows.
const invalidPreviewRunes = 16

// Amount shows a raw integer amount (the token's smallest unit) in whole
// tokens with every significant digit: ("1500000", 6) -> "1.5",
// ("1234000000", 6) -> "1,234", ("-5", 2) -> "-0.05". raw is an optional
// "-" and ASCII digits only; decimals must be 0..255. Anything else is
// marked invalid (see the conventions above).
func Amount(raw string, decimals int) string {
	neg, digits, ok := parseRawUnits(raw)
	if !ok || decimals < 0 || decimals > maxDecimals {
		return invalidAmount(raw)
	}
	intPart, fracPart := splitScaled(digits, decimals)
	return composeAmount(neg, intPart, strings.TrimRight(fracPart, "0"))
}

// AmountFixed shows a raw integer amount with exactly frac fraction
// digits, rounded half away from zero, for table columns that must line up:
// ("1234567", 3, 2) -> "1,234.57". frac is clamped to 0..255.
func AmountFixed(raw string, decimals, frac int) string {
	neg, digits, ok := parseRawUnits(raw)
	if !ok || decimals < 0 || decimals > maxDecimals {
		return invalidAmount(raw)
	}
	intPart, fracPart := roundScaled(digits, decimals, clampFrac(frac))
	return composeAmount(neg, intPart, fracPart)
}

// Decimal shows a decimal string (USD values, prices, native balances)
// with exactly frac fraction digits, rounded half away from zero:
// ("1234.5678", 2) -> "1,234.57". Because the spec calls some of these values
// "formatted" without saying how, it also accepts a leading "+" or "-", a "$"
// after the sign, correctly placed "," thousands separators, ".5" and "5.",
// and an exponent as a JavaScript number prints it ("1.5e-7", "1e+21",
// |exponent| <= 1000). Anything else (NaN, Infinity, "1,2", "0x10", spaces)
// is marked invalid. frac is clamped to 0..255.
func Decimal(s string, frac int) string {
	neg, digits, scale, ok := parseDecimal(s)
	if !ok {
		return invalidAmount(s)
	}
	intPart, fracPart := roundScaled(digits, scale, clampFrac(frac))
	return composeAmount(neg, intPart, fracPart)
}

// DecimalParts reads s as Decimal does and returns its exact value: the
// sign, the integer digits without leading zeros ("" for zero) and the
// fraction digits without trailing zeros; ok is false where Decimal marks s
// invalid. Sorting compares values by these, never through float64.
func DecimalParts(s string) (neg bool, whole, frac string, ok bool) {
	neg, digits, scale, ok := parseDecimal(s)
	if !ok {
		return false, "", "", false
	}
	whole, frac = splitScaled(digits, scale)
	whole, frac = strings.TrimLeft(whole, "0"), strings.TrimRight(frac, "0")
	if whole == "" && frac == "" {
		neg = false // -0 is 0
	}
	return neg, whole, frac, true
}

// Percent shows a progress fraction (0..1, a float by the spec, not an
// amount) as a whole percent, truncated toward zero so that "100%" means done:
// 0.999 -> "99%", 0.29 -> "29%". NaN and infinities show "?%"; values beyond
// +-999% show ">999%" or "<-999%" so a hostile number cannot widen a column.
func Percent(fraction float64) string {
	if math.IsNaN(fraction) || math.IsInf(fraction, 0) {
		return "?%"
	}
	v := fraction * 100
	switch {
	case v > 999:
		return ">999%"
	case v < -999:
		return "<-999%"
	case v >= 0:
		v = math.Floor(v + 1e-9) // 0.29*100 is 28.999999999999996
	default:
		v = math.Ceil(v - 1e-9)
	}
	if v == 0 {
		return "0%"
	}
	return strconv.FormatInt(int64(v), 10) + "%"
}

// parseRawUnits accepts an optional "-" followed by ASCII digits and returns
// the digits without leading zeros ("0" for zero).
func parseRawUnits(raw string) (neg bool, digits string, ok bool) {
	s := raw
	if strings.HasPrefix(s, "-") {
		neg, s = true, s[1:]
	}
	if s == "" || !allDigits(s) {
		return false, "", false
	}
	return neg, trimLeadingZeros(s), true
}

// parseDecimal reads the decimal forms Decimal documents and returns
// the value as digits (no leading zeros) divided by 10^scale.
func parseDecimal(in string) (neg bool, digits string, scale int, ok bool) {
	s := in
	if s != "" && (s[0] == '-' || s[0] == '+') {
		neg, s = s[0] == '-', s[1:]
	}
	s = strings.TrimPrefix(s, "$")
	mantissa, exp := s, 0
	if e := strings.IndexAny(s, "eE"); e >= 0 {
		mantissa = s[:e]
		var good bool
		if exp, good = parseExponent(s[e+1:]); !good {
			return false, "", 0, false
		}
	}
	intPart, fracPart, _ := strings.Cut(mantissa, ".")
	if intPart == "" && fracPart == "" {
		return false, "", 0, false
	}
	if strings.Contains(intPart, ",") {
		var good bool
		if intPart, good = ungroup(intPart); !good {
			return false, "", 0, false
		}
	}
	if !allDigits(intPart) || !allDigits(fracPart) {
		return false, "", 0, false
	}
	digits, scale = intPart+fracPart, len(fracPart)-exp
	if scale < 0 {
		digits, scale = digits+strings.Repeat("0", -scale), 0
	}
	return neg, trimLeadingZeros(digits), scale, true
}

// parseExponent reads "[+-]digits" with |value| <= maxExponent.
func parseExponent(s string) (int, bool) {
	sign := 1
	if s != "" && (s[0] == '-' || s[0] == '+') {
		if s[0] == '-' {
			sign = -1
		}
		s = s[1:]
	}
	if s == "" || !allDigits(s) {
		return 0, false
	}
	s = trimLeadingZeros(s)
	if len(s) > 4 {
		return 0, false
	}
	v, _ := strconv.Atoi(s) // at most 4 digits: cannot fail
	if v > maxExponent {
		return 0, false
	}
	return sign * v, true
}

// ungroup removes "," separators from an integer part, accepting only
// 1-3 digits before the first separator and exactly 3 after each.
func ungroup(s string) (string, bool) {
	groups := strings.Split(s, ",")
	if n := len(groups[0]); n < 1 || n > 3 {
		return "", false
	}
	for _, g := range groups[1:] {
		if len(g) != 3 {
			return "", false
		}
	}
	return strings.Join(groups, ""), true
}

// splitScaled splits digits/10^scale into integer and fraction digits; the
// fraction has exactly scale digits.
func splitScaled(digits string, scale int) (intPart, fracPart string) {
	if len(digits) <= scale {
		return "0", strings.Repeat("0", scale-len(digits)) + digits
	}
	return digits[:len(digits)-scale], digits[len(digits)-scale:]
}

// roundScaled rounds digits/10^scale half away from zero to frac fraction
// digits.
func roundScaled(digits string, scale, frac int) (intPart, fracPart string) {
	if frac >= scale {
		intPart, fracPart = splitScaled(digits, scale)
		return intPart, fracPart + strings.Repeat("0", frac-scale)
	}
	drop := scale - frac
	if len(digits) <= drop {
		digits = strings.Repeat("0", drop+1-len(digits)) + digits
	}
	kept, next := digits[:len(digits)-drop], digits[len(digits)-drop]
	if next >= '5' {
		kept = incrementDigits(kept)
	}
	return splitScaled(trimLeadingZeros(kept), frac)
}

// incrementDigits adds one to a string of ASCII digits.
func incrementDigits(s string) string {
	b := []byte(s)
	for i := len(b) - 1; i >= 0; i-- {
		if b[i] < '9' {
			b[i]++
			return string(b)
		}
		b[i] = '0'
	}
	return "1" + string(b)
}

// composeAmount joins sign, grouped integer part and fraction.
func composeAmount(neg bool, intPart, fracPart string) string {
	var b strings.Builder
	b.Grow(len(intPart) + len(intPart)/3 + len(fracPart) + 2)
	if neg && (intPart != "0" || strings.Trim(fracPart, "0") != "") {
		b.WriteByte('-')
	}
	for i := 0; i < len(intPart); i++ {
		if i > 0 && (len(intPart)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteByte(intPart[i])
	}
	if fracPart != "" {
		b.WriteByte('.')
		b.WriteString(fracPart)
	}
	return b.String()
}

// invalidAmount marks input that is not a number: see the conventions above.
func invalidAmount(raw string) string {
	return "?" + CleanN(raw, invalidPreviewRunes)
}

func clampFrac(frac int) int {
	return min(max(frac, 0), maxDecimals)
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// trimLeadingZeros keeps one "0" for zero.
func trimLeadingZeros(s string) string {
	t := strings.TrimLeft(s, "0")
	if t == "" {
		return "0"
	}
	return t
}
