package ui

import (
	"math"
	"strings"
	"testing"
)

const uint256Max = "115792089237316195423570985008687907853269984665640564039457584007913129639935"

func TestFormatUnits(t *testing.T) {
	tests := []struct {
		raw      string
		decimals int
		want     string
	}{
		{"1500000", 6, "1.5"},
		{"1000000", 6, "1"},
		{"1234000000", 6, "1,234"},
		{"0", 6, "0"},
		{"000", 0, "0"},
		{"-1500000", 6, "-1.5"},
		{"-0", 6, "0"},
		{"-000", 2, "0"},
		{"000123", 2, "1.23"},
		{"5", 2, "0.05"},
		{"-5", 2, "-0.05"},
		{"123", 0, "123"},
		{"1234567", 0, "1,234,567"},
		{"123456", 0, "123,456"},
		{"1000000000000000000", 18, "1"},
		{"1234567890123456789", 18, "1.234567890123456789"},
		{"100000000000000000000", 18, "100"},
		{"1", 18, "0.000000000000000001"},
		{"1", 255, "0." + strings.Repeat("0", 254) + "1"},
		{uint256Max, 18, "115,792,089,237,316,195,423,570,985,008,687,907,853,269,984,665,640,564,039,457.584007913129639935"},
		{"", 6, "?"},
		{"-", 6, "?-"},
		{"1x2", 6, "?1x2"},
		{"+5", 0, "?+5"},
		{"1.5", 0, "?1.5"},
		{" 1", 0, "? 1"},
		{"1e6", 0, "?1e6"},
		{"١٢٣", 0, "?١٢٣"}, // Arabic-Indic digits are not ASCII digits
		{"1", -1, "?1"},
		{"1", 256, "?1"},
		{"\x1b[2J12", 0, "?12"},
		{"\u202e12x", 0, "?" + p + "12x"},
		{strings.Repeat("x", 10000), 0, "?" + strings.Repeat("x", 15) + "…"},
	}
	for _, tt := range tests {
		if got := FormatUnits(tt.raw, tt.decimals); got != tt.want {
			t.Errorf("FormatUnits(%q, %d) = %q, want %q", tt.raw, tt.decimals, got, tt.want)
		}
	}
}

func TestFormatUnitsFixed(t *testing.T) {
	tests := []struct {
		raw            string
		decimals, frac int
		want           string
	}{
		{"1234567", 3, 2, "1,234.57"},
		{"1234565", 3, 2, "1,234.57"}, // half rounds up
		{"1234564", 3, 2, "1,234.56"},
		{"-1234565", 3, 2, "-1,234.57"}, // half away from zero
		{"-1234564", 3, 2, "-1,234.56"},
		{"4", 3, 2, "0.00"},
		{"5", 3, 2, "0.01"},
		{"-4", 3, 2, "0.00"}, // no negative zero
		{"-5", 3, 2, "-0.01"},
		{"999999", 3, 2, "1,000.00"},
		{"999999999", 3, 0, "1,000,000"},
		{"1500000", 6, 0, "2"},
		{"1499999", 6, 0, "1"},
		{"9", 1, 0, "1"},
		{"15", 1, 4, "1.5000"},
		{"0", 0, 2, "0.00"},
		{"1", 0, 0, "1"},
		{"1500000", 6, -3, "2"},
		{"5", 255, 0, "0"},
		{"5", 1, 300, "0.5" + strings.Repeat("0", 254)},
		{uint256Max, 18, 2, "115,792,089,237,316,195,423,570,985,008,687,907,853,269,984,665,640,564,039,457.58"},
		{"abc", 2, 2, "?abc"},
		{"1", -1, 2, "?1"},
	}
	for _, tt := range tests {
		if got := FormatUnitsFixed(tt.raw, tt.decimals, tt.frac); got != tt.want {
			t.Errorf("FormatUnitsFixed(%q, %d, %d) = %q, want %q", tt.raw, tt.decimals, tt.frac, got, tt.want)
		}
	}
}

func TestFormatDecimal(t *testing.T) {
	tests := []struct {
		in   string
		frac int
		want string
	}{
		{"1234.5678", 2, "1,234.57"},
		{"0", 2, "0.00"},
		{"0.125", 2, "0.13"},
		{"99.995", 2, "100.00"},
		{"-0.005", 2, "-0.01"},
		{"-0.004", 2, "0.00"},
		{"1.5e-7", 8, "0.00000015"},
		{"1.5E-7", 2, "0.00"},
		{"1e+21", 0, "1,000,000,000,000,000,000,000"},
		{"1E3", 1, "1,000.0"},
		{"1e-1000", 2, "0.00"},
		{"$1,234.50", 2, "1,234.50"},
		{"-$5", 2, "-5.00"},
		{"+5", 0, "5"},
		{".5", 1, "0.5"},
		{"5.", 1, "5.0"},
		{"1,234,567.1", 0, "1,234,567"},
		{"00012.30", 3, "12.300"},
		{"0.1", -1, "0"},
		{"NaN", 2, "?NaN"},
		{"Infinity", 2, "?Infinity"},
		{"", 2, "?"},
		{".", 2, "?."},
		{"-", 0, "?-"},
		{"$", 0, "?$"},
		{"1e", 2, "?1e"},
		{"e5", 2, "?e5"},
		{"1e1001", 2, "?1e1001"},
		{"1e+-5", 2, "?1e+-5"},
		{"1,2", 2, "?1,2"},
		{"12,34,567", 0, "?12,34,567"},
		{",123", 0, "?,123"},
		{"1.2.3", 2, "?1.2.3"},
		{"1.2,3", 2, "?1.2,3"},
		{"0x10", 2, "?0x10"},
		{"1/3", 2, "?1/3"},
		{" 1", 2, "? 1"},
		{"1_000", 0, "?1_000"},
	}
	for _, tt := range tests {
		if got := FormatDecimal(tt.in, tt.frac); got != tt.want {
			t.Errorf("FormatDecimal(%q, %d) = %q, want %q", tt.in, tt.frac, got, tt.want)
		}
	}
}

func TestFormatPercent(t *testing.T) {
	tests := []struct {
		in   float64
		want string
	}{
		{0, "0%"},
		{0.5, "50%"},
		{0.29, "29%"}, // 0.29*100 is 28.999999999999996 in float64
		{0.57, "57%"},
		{0.999, "99%"}, // never "100%" before done
		{1, "100%"},
		{1.5, "150%"},
		{0.0001, "0%"},
		{-0.25, "-25%"},
		{-0.001, "0%"},
		{9.99, "999%"},
		{10, ">999%"},
		{-10, "<-999%"},
		{math.NaN(), "?%"},
		{math.Inf(1), "?%"},
		{math.Inf(-1), "?%"},
	}
	for _, tt := range tests {
		if got := FormatPercent(tt.in); got != tt.want {
			t.Errorf("FormatPercent(%v) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func BenchmarkFormatUnits(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		_ = FormatUnits("1234567890123456789012", 18)
	}
}

func BenchmarkFormatUnitsFixed(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		_ = FormatUnitsFixed("1234567890123456789012", 18, 4)
	}
}

func BenchmarkFormatDecimal(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		_ = FormatDecimal("1234567.891234", 2)
	}
}
