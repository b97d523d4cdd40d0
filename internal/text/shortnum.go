package text

// Numbers shortened to fit a column without losing their magnitude. A
// number too wide for its column first rounds its fraction; a whole part
// too wide becomes thousands, millions… (K, M, B, T, Q); a tiny value whose
// rounding would leave no digit becomes scientific (1.2e-9). A shortened
// form ends in "~", which says it was rounded. A number that fits in no
// form is drawn as "#" across the column, never as a cut-off magnitude.

import (
	"strconv"
	"strings"
)

// Rounded marks a number shown rounded.
const Rounded = "~"

// numberParts is a formatted number: "-$1,234.5678 TOK" is prefix "-$",
// whole "1234", frac "5678", suffix " TOK".
type numberParts struct {
	prefix, whole, frac, suffix string
}

// parseNumber splits a formatted number; ok is false for anything else.
func parseNumber(s string) (numberParts, bool) {
	var p numberParts
	i := 0
	for i < len(s) && strings.IndexByte("+-$", s[i]) >= 0 {
		i++
	}
	p.prefix = s[:i]
	start := i
	var whole strings.Builder
	for i < len(s) && (isDigit(s[i]) || (s[i] == ',' && i > start)) {
		if s[i] != ',' {
			whole.WriteByte(s[i])
		}
		i++
	}
	p.whole = whole.String()
	if p.whole == "" {
		return p, false
	}
	if i < len(s) && s[i] == '.' {
		j := i + 1
		for j < len(s) && isDigit(s[j]) {
			j++
		}
		p.frac = s[i+1 : j]
		i = j
	}
	p.suffix = s[i:]
	// A suffix of words (a unit, a percent sign) only: no more digits.
	if strings.IndexFunc(p.suffix, func(r rune) bool { return r >= '0' && r <= '9' }) >= 0 {
		return p, false
	}
	return p, true
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// roundDigits rounds the digit string d to its first n digits (half up).
// The result may be one digit longer (a carry: "999" to 2 is "100"); exact
// says nothing but zeros was dropped.
func roundDigits(d string, n int) (out string, exact bool) {
	if n >= len(d) {
		return d, true
	}
	exact = strings.Trim(d[n:], "0") == ""
	b := []byte(d[:n])
	if d[n] >= '5' {
		i := len(b) - 1
		for ; i >= 0 && b[i] == '9'; i-- {
			b[i] = '0'
		}
		if i < 0 {
			b = append([]byte{'1'}, b...)
		} else {
			b[i]++
		}
	}
	return string(b), exact
}

// group writes a whole number's digits in thousands: "1234567" -> "1,234,567".
func group(d string) string {
	d = strings.TrimLeft(d, "0")
	if d == "" {
		return "0"
	}
	var b strings.Builder
	for i, c := range []byte(d) {
		if i > 0 && (len(d)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteByte(c)
	}
	return b.String()
}

// mark appends the rounded mark to a form that is not exact.
func mark(s string, exact bool) string {
	if exact {
		return s
	}
	return s + Rounded
}

// scales are the names of the powers of a thousand.
var scales = []string{"", "K", "M", "B", "T", "Q"}

// ShortNumber is s, a formatted number, in at most width cells: as it is
// when it fits, else rounded (see the file comment). Text that is not a
// number is cut as any text.
func ShortNumber(s string, width int) string {
	if Width(s) <= width {
		return s
	}
	p, ok := parseNumber(s)
	if !ok {
		return Fit(s, width)
	}
	for _, form := range []func(numberParts, int) (string, bool){fewerDecimals, scaled, scientific} {
		if out, ok := form(p, width); ok {
			return out
		}
	}
	return strings.Repeat("#", max(width, 0))
}

// fewerDecimals rounds the fraction to as many digits as fit, keeping at
// least one significant digit.
func fewerDecimals(p numberParts, width int) (string, bool) {
	allZero := strings.Trim(p.whole+p.frac, "0") == ""
	for k := len(p.frac) - 1; k >= 0; k-- {
		d, exact := roundDigits(p.whole+p.frac, len(p.whole)+k)
		if !allZero && strings.Trim(d, "0") == "" {
			return "", false // rounded to nothing: the magnitude would be lost
		}
		whole, frac := d[:len(d)-k], d[len(d)-k:]
		out := p.prefix + group(whole)
		if k > 0 {
			out += "." + frac
		}
		out = mark(out+p.suffix, exact)
		if Width(out) <= width {
			return out, true
		}
	}
	return "", false
}

// scaled writes a large whole number in thousands, millions…: "544.8B~".
func scaled(p numberParts, width int) (string, bool) {
	d := strings.TrimLeft(p.whole, "0")
	if len(d) <= 3 || !apartSuffix(p.suffix) {
		return "", false
	}
	all := d + p.frac
	for sig := len(d) - 1; sig >= 1; sig-- {
		r, exact := roundDigits(all, sig)
		n := len(d) + len(r) - sig // digits of the whole part after a carry
		j := min((n-1)/3, len(scales)-1)
		lead := n - 3*j
		if lead > len(r) {
			r += strings.Repeat("0", lead-len(r))
		}
		out := p.prefix + group(r[:lead])
		if frac := strings.TrimRight(r[lead:], "0"); frac != "" {
			out += "." + frac
		}
		out = mark(out+scales[j]+p.suffix, exact)
		if Width(out) <= width {
			return out, true
		}
	}
	return "", false
}

// apartSuffix says a suffix stands apart from the digits (" TOK", "%", or
// none): a scale letter before anything glued to them would read as one
// word with it ("1MB" for "1000000B").
func apartSuffix(suffix string) bool {
	return suffix == "" || suffix == "%" || suffix[0] == ' '
}

// scientific writes a value below one as "1.23e-9".
func scientific(p numberParts, width int) (string, bool) {
	if strings.Trim(p.whole, "0") != "" {
		return "", false
	}
	sig := strings.TrimLeft(p.frac, "0")
	if sig == "" {
		return "", false
	}
	exp := -(len(p.frac) - len(sig) + 1)
	for n := len(sig); n >= 1; n-- {
		r, exact := roundDigits(sig, n)
		e := exp
		if len(r) > n { // 9.99e-5 rounds to 1.0e-4
			r, e = r[:n], e+1
		}
		out := r[:1]
		if len(r) > 1 {
			out += "." + r[1:]
		}
		out = mark(p.prefix+out+"e"+strconv.Itoa(e)+p.suffix, exact)
		if Width(out) <= width {
			return out, true
		}
	}
	return "", false
}
