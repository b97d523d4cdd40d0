package text

import (
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

func TestShortNumberRoundsAndMarks(t *testing.T) {
	cases := []struct {
		in    string
		width int
		want  string
	}{
		{"1,234.5678", 20, "1,234.5678"}, // fits: unchanged
		{"1,234.5678", 9, "1,234.57~"},   // decimals rounded first
		{"1,234.5000", 8, "1,234.50"},    // only zeros dropped: exact, no mark
		{"1,234.5678", 6, "1,235~"},      // no decimals left
		{"544,839,646,795.123", 16, "544,839,646,795~"},
		{"544,839,646,795.123", 12, "544.839647B~"}, // billions, never "544,839,646…"
		{"544,839,646,795.123", 7, "544.8B~"},
		{"544,839,646,795.123", 5, "545B~"},
		{"999,999", 4, "1M~"},                // a carry moves to the next scale
		{"$0.000000001234", 12, "$1.234e-9"}, // a price: never "$0.00000000…"
		{"$0.000000001234", 8, "$1.2e-9~"},
		{"$0.0001234", 8, "$0.0001~"},
		{"-$12,345.67", 9, "-$12,346~"},
		{"1,500,000 TOK", 10, "1.5M TOK"},
		{"45.67%", 4, "46%~"},
		{"0.00999", 5, "0.01~"}, {"0.00999", 4, "####"},
		{"544,839,646,795", 3, "###"}, // fits in no form: no false magnitude
		{"cust_1234567", 6, "cust_…"}, // not a number: cut as text
	}
	for _, c := range cases {
		got := ShortNumber(c.in, c.width)
		if got != c.want {
			t.Errorf("ShortNumber(%q, %d) = %q, want %q", c.in, c.width, got, c.want)
		}
		if Width(got) > c.width {
			t.Errorf("ShortNumber(%q, %d) = %q is wider than the column", c.in, c.width, got)
		}
	}
}

// valueOf reads a shown number back: "$544.8B~" is 544.8e9, "1.2e-9" is
// 1.2e-9; ok is false for the "#" fill.
func valueOf(s string) (float64, bool) {
	s = strings.TrimSuffix(s, Rounded)
	s = strings.TrimLeft(s, "+-$")
	s = strings.TrimSuffix(strings.TrimSuffix(s, " TOK"), "%")
	mult := 1.0
	for i := len(scales) - 1; i > 0; i-- {
		if strings.HasSuffix(s, scales[i]) {
			s, mult = strings.TrimSuffix(s, scales[i]), math.Pow(1000, float64(i))
			break
		}
	}
	v, err := strconv.ParseFloat(strings.ReplaceAll(s, ",", ""), 64)
	return v * mult, err == nil
}

// checkMagnitude fails when the shown form of in misstates its value by
// more than its last shown digit allows, is wider than width, or hides
// that it was rounded.
func checkMagnitude(t *testing.T, in string, width int) {
	t.Helper()
	got := ShortNumber(in, width)
	if Width(got) > width {
		t.Fatalf("ShortNumber(%q, %d) = %q: wider than the column", in, width, got)
	}
	if strings.Trim(got, "#") == "" {
		return // says plainly it does not fit
	}
	want, ok1 := valueOf(in)
	shown, ok2 := valueOf(got)
	if !ok1 || !ok2 {
		t.Fatalf("ShortNumber(%q, %d) = %q: not a number", in, width, got)
	}
	if want == 0 {
		if shown != 0 {
			t.Fatalf("ShortNumber(%q, %d) = %q", in, width, got)
		}
		return
	}
	// One significant digit at least: within a factor of two.
	if r := shown / want; r < 0.5 || r > 2 {
		t.Fatalf("ShortNumber(%q, %d) = %q: magnitude lost (%g for %g)", in, width, got, shown, want)
	}
	// A changed value says it was rounded (beyond float parsing's noise).
	if math.Abs(shown-want) > 1e-12*math.Abs(want) && !strings.HasSuffix(got, Rounded) {
		t.Fatalf("ShortNumber(%q, %d) = %q: rounded without the mark", in, width, got)
	}
}

// randomNumber is a formatted number of many shapes: large, tiny, with and
// without a fraction, a sign, a dollar and a unit.
func randomNumber(r *rand.Rand) string {
	whole := strconv.FormatUint(r.Uint64N(1_000_000_000_000_000), 10)
	if r.IntN(3) == 0 {
		whole = "0"
	} else {
		whole = whole[:1+r.IntN(len(whole))]
	}
	s := group(whole)
	if r.IntN(4) != 0 {
		frac := strings.Repeat("0", r.IntN(12)) + strconv.FormatUint(r.Uint64N(1_000_000), 10)
		s += "." + frac[:1+r.IntN(len(frac))]
	}
	switch r.IntN(4) {
	case 0:
		s = "$" + s
	case 1:
		s = "-$" + s
	case 2:
		s += " TOK"
	}
	return s
}

func TestShortNumberNeverLosesTheMagnitude(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		checkMagnitude(t, randomNumber(r), 1+r.IntN(20))
	}
}

func FuzzShortNumber(f *testing.F) {
	for _, s := range []string{"544,839,646,795.123", "$0.000000001234", "-$12,345.67", "999,999", "0.5 TOK"} {
		f.Add(s, 6)
	}
	f.Fuzz(func(t *testing.T, s string, width int) {
		width = 1 + abs(width)%30
		p, ok := parseNumber(s)
		if !ok || !isPrintableASCII(s) || strings.ContainsAny(s, "eE") || !apartSuffix(p.suffix) {
			return // valueOf reads the suffixes the formatters write, no others
		}
		if _, ok := valueOf(s); !ok {
			return
		}
		checkMagnitude(t, s, width)
	})
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

func TestShortNumberNeverGluesAScaleToAUnit(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"1000000B", "#######"},    // "1MB" would read as a unit
		{"1000000 B", "1M B"},      // apart, the scale is plain
		{"12,345,678%", "12.3M%~"}, // a percent sign is no word
		{"10000.1,", "#####"},      // text glued to the digits
	} {
		if got := ShortNumber(c.in, len(c.want)); got != c.want {
			t.Errorf("ShortNumber(%q, %d) = %q, want %q", c.in, len(c.want), got, c.want)
		}
	}
}
