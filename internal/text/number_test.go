package text

import "testing"

func TestMoneyAndNumbers(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{USD("1234.5"), "$1,234.50"},
		{USD("-0.004"), "$0.00"},
		{USD("-12"), "-$12.00"},
		{USD(""), Dash},
		{USD("1x"), "?1x"},
		{Price("0.000001234567"), "$0.000001235"},
		{Price("12.345"), "$12.35"},
		{Price("-0.5"), "-$0.5"},
		{Number("1234567"), "1,234,567"},
		{Number("12.50"), "12.5"},
		{Number(""), Dash},
		{Units("1500000", 6), "1.5"},
		{Units("", 6), Dash},
		{OrDash(""), Dash},
		{Timestamp("2024-05-01T12:00:00Z"), "2024-05-01 12:00"},
		{Timestamp("soon\x1b[2J"), "soon"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}
