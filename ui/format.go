package ui

// Small text helpers shared by the row builders and panes. Inputs are server
// strings already sanitised by the model; outputs are plain text.

import (
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"
)

// Dash stands for a value the server did not send.
const Dash = "—"

// USD shows a decimal USD value with cents: "1234.5" -> "$1,234.50".
// An empty value is Dash; a broken one keeps the "?" mark of FormatDecimal.
func USD(s string) string {
	if s == "" {
		return Dash
	}
	v := FormatDecimal(s, 2)
	if strings.HasPrefix(v, "?") {
		return v
	}
	if strings.HasPrefix(v, "-") {
		return "-$" + v[1:]
	}
	return "$" + v
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
	v := FormatDecimal(s, frac)
	if strings.HasPrefix(v, "?") {
		return v
	}
	if frac > 2 && strings.Contains(v, ".") {
		v = strings.TrimSuffix(strings.TrimRight(v, "0"), ".")
	}
	if strings.HasPrefix(v, "-") {
		return "-$" + v[1:]
	}
	return "$" + v
}

// OrDash returns s, or Dash when s is empty.
func OrDash(s string) string {
	if s == "" {
		return Dash
	}
	return s
}

// Kind names a strategy's method and side: "dca buy", "volume sell".
func Kind(method, category string) string {
	switch {
	case method == "" && category == "":
		return Dash
	case method == "":
		return category
	case category == "":
		return method
	}
	return method + " " + category
}

// Int is a decimal integer.
func Int(n int64) string { return strconv.FormatInt(n, 10) }

// ShortHex shortens a long address or hash to "0x1234…abcd" so a column
// shows both ends; short strings are returned unchanged.
func ShortHex(s string, keep int) string {
	if keep < 1 || len(s) <= 2*keep+1 || !isPrintableASCII(s) {
		return s
	}
	return s[:keep] + Ellipsis + s[len(s)-keep:]
}

// Timestamp shows an RFC 3339 time as "2006-01-02 15:04" in its own zone;
// anything else is shown as sent (it is sanitised already).
func Timestamp(s string) string {
	if s == "" {
		return Dash
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return SanitizeLimit(s, 20)
	}
	return t.Format("2006-01-02 15:04")
}

// Clock shows a time of day as "15:04:05"; the zero time is Dash.
func Clock(t time.Time) string {
	if t.IsZero() {
		return Dash
	}
	return t.Format("15:04:05")
}

// Age shows a duration as the largest useful units: "45s", "3m05s", "2h10m".
func Age(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	d = d.Truncate(time.Second)
	switch {
	case d < time.Minute:
		return strconv.Itoa(int(d/time.Second)) + "s"
	case d < time.Hour:
		m := int(d / time.Minute)
		s := int(d % time.Minute / time.Second)
		return strconv.Itoa(m) + "m" + pad2(s) + "s"
	}
	h := int(d / time.Hour)
	m := int(d % time.Hour / time.Minute)
	return strconv.Itoa(h) + "h" + pad2(m) + "m"
}

// Millis shows a latency in whole milliseconds.
func Millis(d time.Duration) string {
	return strconv.FormatInt(d.Milliseconds(), 10) + " ms"
}

func pad2(n int) string {
	if n < 10 {
		return "0" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// Width is the number of terminal cells s takes.
func Width(s string) int { return ansi.StringWidth(s) }

// JoinNonEmpty joins the non-empty parts with sep.
func JoinNonEmpty(sep string, parts ...string) string {
	out := parts[:0:0]
	for _, p := range parts {
		if p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, sep)
}

// unixText shows Unix seconds as a UTC time.
func unixText(sec int64) string {
	return time.Unix(sec, 0).UTC().Format("2006-01-02 15:04") + " UTC"
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
	v := FormatDecimal(s, frac)
	if frac > 0 && strings.Contains(v, ".") && !strings.HasPrefix(v, "?") {
		v = strings.TrimSuffix(strings.TrimRight(v, "0"), ".")
	}
	return v
}

// Units is FormatUnits that shows Dash for an amount the server left out.
func Units(raw string, decimals int) string {
	if raw == "" {
		return Dash
	}
	return FormatUnits(raw, decimals)
}

// RowOf says where the cursor is in a list: "row 1,234 of 100,000"; when
// the selected item left the list (a filter, a page, new data) and the
// cursor went to the top, "row 1 of 40 · selected user not shown".
func RowOf(row, n int, lost bool, what string) string {
	if n == 0 {
		return ""
	}
	s := "row " + group(Int(int64(row))) + " of " + group(Int(int64(n)))
	if lost {
		s += " · selected " + what + " not shown"
	}
	return s
}
