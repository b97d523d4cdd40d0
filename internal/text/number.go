package text

// Values as a person reads them in a cell: money, prices, counts, times.
// Each shows Dash for a value the server left out and keeps the "?" mark of
// Decimal and Amount for one that is not a number.

import (
	"strings"
	"time"
)

// Dash stands for a value the server did not send.
const Dash = "—"

// OrDash returns s, or Dash when s is empty.
func OrDash(s string) string {
	if s == "" {
		return Dash
	}
	return s
}

// Units is Amount that shows Dash for an amount the server left out.
func Units(raw string, decimals int) string {
	if raw == "" {
		return Dash
	}
	return Amount(raw, decimals)
}

// USD shows a decimal USD value with cents: "1234.5" -> "$1,234.50".
func USD(s string) string {
	if s == "" {
		return Dash
	}
	return dollars(Decimal(s, 2))
}

// Price shows a decimal USD token price: cents from a dollar up, and four
// significant digits below (memecoins cost fractions of a cent:
// "0.000001234567" -> "$0.000001235").
func Price(s string) string {
	if s == "" {
		return Dash
	}
	frac := 2
	t := strings.TrimLeft(s, "+-$")
	if i := strings.IndexByte(t, '.'); !strings.ContainsAny(t, "eE") && i >= 0 && strings.Trim(t[:i], "0") == "" {
		zeros := len(t[i+1:]) - len(strings.TrimLeft(t[i+1:], "0"))
		frac = min(zeros+4, 30)
	} else if strings.ContainsAny(t, "eE") {
		frac = 12
	}
	v := Decimal(s, frac)
	if frac > 2 && strings.Contains(v, ".") && !strings.HasPrefix(v, "?") {
		v = strings.TrimSuffix(strings.TrimRight(v, "0"), ".")
	}
	return dollars(v)
}

// dollars puts the dollar sign after the minus of a formatted value.
func dollars(v string) string {
	switch {
	case strings.HasPrefix(v, "?"):
		return v
	case strings.HasPrefix(v, "-"):
		return "-$" + v[1:]
	}
	return "$" + v
}

// Number shows a JSON number literal grouped in thousands, keeping up to six
// fraction digits: "1234567" -> "1,234,567", "12.5" -> "12.5".
func Number(s string) string {
	if s == "" {
		return Dash
	}
	frac := 0
	if i := strings.IndexByte(s, '.'); i >= 0 && !strings.ContainsAny(s, "eE") {
		frac = min(len(s)-i-1, 6)
	} else if strings.ContainsAny(s, "eE") {
		frac = 6
	}
	v := Decimal(s, frac)
	if frac > 0 && strings.Contains(v, ".") && !strings.HasPrefix(v, "?") {
		v = strings.TrimSuffix(strings.TrimRight(v, "0"), ".")
	}
	return v
}

// Timestamp shows an RFC 3339 time as "2006-01-02 15:04" in its own zone;
// anything else is shown as sent, cleaned and cut.
func Timestamp(s string) string {
	if s == "" {
		return Dash
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return CleanN(s, 20)
	}
	return t.Format("2006-01-02 15:04")
}
