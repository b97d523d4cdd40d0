package text

// Fuzz targets for the sanitiser and the amount formatters. Seed corpora live
// in testdata/fuzz/<FuzzName>/ and run with every plain `go test`; explore
// with e.g. `go test ./ui/ -run '^$' -fuzz '^FuzzClean$' -fuzztime 20s`.

import (
	"math/big"
	"regexp"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

func FuzzClean(f *testing.F) {
	f.Fuzz(func(t *testing.T, in string, limit uint8) {
		out := Clean(in)
		checkTerminalSafe(t, in, out)
		if again := Clean(out); again != out {
			t.Fatalf("not idempotent: Clean(%q) = %q, then %q", in, out, again)
		}

		n := int(limit)
		cut := CleanN(in, n)
		checkTerminalSafe(t, in, cut)
		if got := utf8.RuneCountInString(cut); got > n {
			t.Fatalf("CleanN(%q, %d) = %q has %d runes", in, n, cut, got)
		}
		if body, ok := strings.CutSuffix(cut, Ellipsis); ok && cut != out {
			if !strings.HasPrefix(out, body) || utf8.RuneCountInString(out) <= n {
				t.Fatalf("CleanN(%q, %d) = %q is not a cut of %q", in, n, cut, out)
			}
		} else if n > 0 && cut != out {
			t.Fatalf("CleanN(%q, %d) = %q, want Clean's %q", in, n, cut, out)
		}

		width := n % 32
		if w := ansi.StringWidth(Fit(out, width)); w > width {
			t.Fatalf("Fit(%q, %d) is %d cells wide", out, width, w)
		}
		if w := ansi.StringWidth(Pad(out, width)); w != width {
			t.Fatalf("Pad(%q, %d) is %d cells wide", out, width, w)
		}
	})
}

// checkTerminalSafe fails when out holds anything a terminal could act on.
func checkTerminalSafe(t *testing.T, in, out string) {
	t.Helper()
	if !utf8.ValidString(out) {
		t.Fatalf("Clean(%q) = %q is not valid UTF-8", in, out)
	}
	for i := 0; i < len(out); i++ {
		if c := out[i]; c < 0x20 || c == 0x7f {
			t.Fatalf("Clean(%q) = %q holds byte %#x", in, out, c)
		}
	}
	prev := ' '
	for _, r := range out {
		if (r >= 0x80 && r <= 0x9f) || unicode.Is(unicode.Cf, r) || r == '\u2028' || r == '\u2029' ||
			unicode.Is(unicode.Other_Default_Ignorable_Code_Point, r) {
			t.Fatalf("Clean(%q) = %q holds %U", in, out, r)
		}
		if unicode.Is(unicode.Variation_Selector, r) && (prev == ' ' || prev == Placeholder || unicode.Is(unicode.Variation_Selector, prev)) {
			t.Fatalf("Clean(%q) = %q holds selector %U after %U", in, out, r, prev)
		}
		prev = r
	}
}

var groupedNumber = regexp.MustCompile(`^-?(0|[1-9][0-9]{0,2}(,[0-9]{3})*)(\.[0-9]+)?$`)

func FuzzAmount(f *testing.F) {
	f.Fuzz(func(t *testing.T, raw string, decimals, frac int16) {
		plain := Amount(raw, int(decimals))
		fixed := AmountFixed(raw, int(decimals), int(frac))
		value, ok := ratOfRaw(raw, int(decimals))
		if !ok {
			if !strings.HasPrefix(plain, "?") || !strings.HasPrefix(fixed, "?") {
				t.Fatalf("invalid (%q, %d) not marked: %q, %q", raw, decimals, plain, fixed)
			}
			checkTerminalSafe(t, raw, plain[1:])
			return
		}
		checkShape(t, plain, -1)
		if got := ratOfOutput(t, plain); got.Cmp(value) != 0 {
			t.Fatalf("Amount(%q, %d) = %q, want exactly %s", raw, decimals, plain, value.FloatString(int(decimals)))
		}
		if strings.HasSuffix(plain, "0") && strings.Contains(plain, ".") {
			t.Fatalf("Amount(%q, %d) = %q keeps trailing zeros", raw, decimals, plain)
		}
		digits := min(max(int(frac), 0), maxDecimals)
		checkShape(t, fixed, digits)
		if got, want := ratOfOutput(t, fixed), roundHalfAway(value, digits); got.Cmp(want) != 0 {
			t.Fatalf("AmountFixed(%q, %d, %d) = %q, want %s", raw, decimals, frac, fixed, want.FloatString(digits))
		}
	})
}

func FuzzDecimal(f *testing.F) {
	f.Fuzz(func(t *testing.T, in string, frac int16) {
		out := Decimal(in, int(frac))
		if strings.HasPrefix(out, "?") {
			checkTerminalSafe(t, in, out[1:])
			return
		}
		// Accepted input: big.Rat must agree once our extensions are removed.
		plain := strings.ReplaceAll(strings.Replace(in, "$", "", 1), ",", "")
		if strings.ContainsAny(plain, "xXbBoOpP_/") || strings.Count(in, "$") > 1 {
			t.Fatalf("Decimal(%q) accepted a form it documents as invalid: %q", in, out)
		}
		value, ok := new(big.Rat).SetString(plain)
		if !ok {
			t.Fatalf("Decimal(%q) = %q but big.Rat rejects %q", in, out, plain)
		}
		digits := min(max(int(frac), 0), maxDecimals)
		checkShape(t, out, digits)
		if got, want := ratOfOutput(t, out), roundHalfAway(value, digits); got.Cmp(want) != 0 {
			t.Fatalf("Decimal(%q, %d) = %q, want %s", in, frac, out, want.FloatString(digits))
		}
	})
}

// ratOfRaw is the reference reading of a raw amount, by math/big.
func ratOfRaw(raw string, decimals int) (*big.Rat, bool) {
	if decimals < 0 || decimals > maxDecimals || raw == "" || raw == "-" {
		return nil, false
	}
	if strings.TrimLeft(strings.TrimPrefix(raw, "-"), "0123456789") != "" {
		return nil, false
	}
	n, ok := new(big.Int).SetString(raw, 10)
	if !ok {
		return nil, false
	}
	scale := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(decimals)), nil)
	return new(big.Rat).SetFrac(n, scale), true
}

// ratOfOutput parses a formatted amount back, separators removed.
func ratOfOutput(t *testing.T, s string) *big.Rat {
	t.Helper()
	r, ok := new(big.Rat).SetString(strings.ReplaceAll(s, ",", ""))
	if !ok {
		t.Fatalf("output %q does not parse back", s)
	}
	return r
}

// roundHalfAway rounds v to digits fraction digits, half away from zero.
func roundHalfAway(v *big.Rat, digits int) *big.Rat {
	scale := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(digits)), nil)
	scaled := new(big.Rat).Mul(v, new(big.Rat).SetInt(scale))
	num := new(big.Int).Abs(scaled.Num())
	q, r := new(big.Int).QuoRem(num, scaled.Denom(), new(big.Int))
	if new(big.Int).Lsh(r, 1).Cmp(scaled.Denom()) >= 0 {
		q.Add(q, big.NewInt(1))
	}
	if scaled.Sign() < 0 {
		q.Neg(q)
	}
	return new(big.Rat).SetFrac(q, scale)
}

// checkShape asserts grouping, no negative zero, and (digits >= 0) exactly
// digits fraction digits.
func checkShape(t *testing.T, s string, digits int) {
	t.Helper()
	if !groupedNumber.MatchString(s) {
		t.Fatalf("output %q is not a grouped number", s)
	}
	if strings.HasPrefix(s, "-") && strings.Trim(s, "-0.,") == "" {
		t.Fatalf("output %q is a negative zero", s)
	}
	if digits < 0 {
		return
	}
	_, fracPart, _ := strings.Cut(s, ".")
	if len(fracPart) != digits {
		t.Fatalf("output %q has %d fraction digits, want %d", s, len(fracPart), digits)
	}
}
