package text

import (
	"testing"

	"github.com/charmbracelet/x/ansi"
)

func TestFieldsDropsOptionalsThenRoundsNumbers(t *testing.T) {
	fs := []Field{
		{Text: "#3"},
		{Label: "balance", Text: "1,234,567.891", Number: true},
		{Label: "value", Text: "$98,765.43", Number: true},
		{Label: "claimable", Text: "$12.50", Number: true, Optional: true},
	}
	cases := []struct {
		width int
		want  string
	}{
		{80, "#3 balance 1,234,567.891 value $98,765.43 claimable $12.50"},
		{45, "#3 balance 1,234,567.891 value $98,765.43"},
		{40, "#3 balance 1,234,567.891 value $98,765~"},
		{34, "#3 balance 1,234,568~ value $99K~"},
		{30, "#3 balance 1.235M~ value $99K~"},
		{20, "#3 balance 1.2M~ …"},
		{2, "#3"},
	}
	for _, c := range cases {
		got := Fields(c.width, fs...)
		if got != c.want {
			t.Errorf("width %d: %q, want %q", c.width, got, c.want)
		}
		if w := ansi.StringWidth(got); w > c.width {
			t.Errorf("width %d: %q is %d cells", c.width, got, w)
		}
	}
}
