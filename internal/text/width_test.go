package text

import (
	"testing"

	"github.com/charmbracelet/x/ansi"
)

func TestFit(t *testing.T) {
	tests := []struct {
		in    string
		width int
		want  string
	}{
		{"hello", 10, "hello"},
		{"hello", 5, "hello"},
		{"hello", 4, "hel…"},
		{"hello", 1, "…"},
		{"hello", 0, ""},
		{"hello", -3, ""},
		{"", 3, ""},
		{"日本語", 6, "日本語"},
		{"日本語", 5, "日本…"},
		{"日本語", 4, "日…"},
		{"日本語", 2, "…"},
		{"🚀🚀🚀", 4, "🚀…"},
		{"ab日本", 4, "ab…"},
		{"café au lait", 6, "café …"},
	}
	for _, tt := range tests {
		got := Fit(tt.in, tt.width)
		if got != tt.want {
			t.Errorf("Fit(%q, %d) = %q, want %q", tt.in, tt.width, got, tt.want)
		}
		if w := ansi.StringWidth(got); w > max(tt.width, 0) {
			t.Errorf("Fit(%q, %d) is %d cells wide", tt.in, tt.width, w)
		}
	}
}

func TestPad(t *testing.T) {
	tests := []struct {
		in    string
		width int
		want  string
	}{
		{"ab", 4, "ab  "},
		{"abcd", 4, "abcd"},
		{"hello", 3, "he…"},
		{"日本語", 4, "日… "},
		{"日本語", 5, "日本…"},
		{"日", 1, "…"},
		{"", 2, "  "},
		{"x", 0, ""},
	}
	for _, tt := range tests {
		if got := Pad(tt.in, tt.width); got != tt.want {
			t.Errorf("Pad(%q, %d) = %q, want %q", tt.in, tt.width, got, tt.want)
		}
	}
}

// Every cell must be exactly as wide as its column whatever the server sent,
// once the text has been sanitised.
func TestPadWidthOfHostileText(t *testing.T) {
	inputs := []string{
		"plain", "日本語テキスト", "🚀🚀 rocket", "e\u0301e\u0301 combining", "👨\u200d👩\u200d👧 family",
		"\u202Eevil\x1b[2J", "a\r\nb\tc", "\xff\xfe bytes", "🇺🇸🇩🇪 flags", "❤\ufe0f heart",
	}
	for _, in := range inputs {
		s := Clean(in)
		for width := 0; width <= 24; width++ {
			if w := ansi.StringWidth(Pad(s, width)); w != width {
				t.Errorf("Pad(%q, %d) is %d cells wide", s, width, w)
			}
		}
	}
}
