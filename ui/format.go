package ui

// Small text helpers of the dashboard's row builders and panes; what the
// command line shares with them is in package text. Inputs are server
// strings already cleaned by the model; outputs are plain text.

import (
	"strconv"
	"time"

	"github.com/stratop/stratop/internal/text"
)

// Kind names a strategy's method and side: "dca buy", "volume sell".
func Kind(method, category string) string { return text.Kind(method, category) }

// Int is a decimal integer.
func Int(n int64) string { return strconv.FormatInt(n, 10) }

// ShortHex shortens a long address or hash to "0x1234…abcd" so a column
// shows both ends; short strings are returned unchanged.
func ShortHex(s string, keep int) string {
	if keep < 1 || len(s) <= 2*keep+1 || !isASCII(s) {
		return s
	}
	return s[:keep] + text.Ellipsis + s[len(s)-keep:]
}

// Clock shows a time of day as "15:04:05"; the zero time is Dash.
func Clock(t time.Time) string {
	if t.IsZero() {
		return text.Dash
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

// JoinNonEmpty joins the non-empty parts with sep.
func JoinNonEmpty(sep string, parts ...string) string { return text.JoinNonEmpty(sep, parts...) }

// unixText shows Unix seconds as a UTC time.
func unixText(sec int64) string {
	return time.Unix(sec, 0).UTC().Format("2006-01-02 15:04") + " UTC"
}

// RowOf says where the cursor is in a list: "row 1,234 of 100,000"; when
// the selected item left the list (a filter, a page, new data) and the
// cursor went to the top, "row 1 of 40 · selected user not shown".
func RowOf(row, n int, lost bool, what string) string {
	if n == 0 {
		return ""
	}
	s := "row " + text.Amount(Int(int64(row)), 0) + " of " + text.Amount(Int(int64(n)), 0)
	if lost {
		s += " · selected " + what + " not shown"
	}
	return s
}

// isASCII reports whether every byte of s is printable ASCII, one cell each.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] >= 0x7f {
			return false
		}
	}
	return true
}
