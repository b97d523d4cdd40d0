package ui

// Sort keys of table cells. A number column (an amount, an id, a count)
// sorts by exact decimal value, never through float64: "1,234.5" and
// "$1,234.50" are the same value, "-$2" is less than "$1", and two raw
// amounts 1 unit apart stay ordered whatever their size. Text sorts without
// regard to case. A missing or broken value (Dash, "?…") sorts last in
// either direction, so the rows that have a value stay together.

import (
	"strings"

	"github.com/stratop/stratop/internal/text"
)

// SortKey is one cell's prepared key; make it once per sort with NewSortKey.
type SortKey struct {
	missing bool
	neg     bool
	whole   string // integer digits without leading zeros ("" for 0)
	frac    string // fraction digits without trailing zeros
	text    string // lower-cased, for text columns
}

// NewSortKey prepares s (a cell's text or exact value) for sorting as a
// number (numeric) or as text.
func NewSortKey(s string, numeric bool) SortKey {
	if s == "" || s == text.Dash || strings.HasPrefix(s, "?") {
		return SortKey{missing: true}
	}
	if !numeric {
		return SortKey{text: strings.ToLower(s)}
	}
	t := strings.TrimSuffix(strings.TrimSpace(s), "%")
	if i := strings.IndexByte(t, '/'); i > 0 {
		t = t[:i] // "3/10" orders: executed first
	}
	if strings.HasPrefix(t, "-$") {
		t = "-" + t[2:]
	}
	neg, whole, frac, ok := text.DecimalParts(t)
	if !ok {
		return SortKey{missing: true}
	}
	return SortKey{neg: neg, whole: whole, frac: frac}
}

// Compare orders a before b (-1), after (1) or equal (0), ascending;
// missing values last.
func (a SortKey) Compare(b SortKey) int {
	switch {
	case a.missing || b.missing:
		return boolCmp(a.missing, b.missing)
	case a.text != "" || b.text != "":
		return strings.Compare(a.text, b.text)
	case a.neg != b.neg:
		if a.neg {
			return -1
		}
		return 1
	}
	c := compareMagnitude(a, b)
	if a.neg {
		return -c
	}
	return c
}

// Missing reports whether the key sorts last whatever the direction.
func (a SortKey) Missing() bool { return a.missing }

func compareMagnitude(a, b SortKey) int {
	if len(a.whole) != len(b.whole) {
		if len(a.whole) < len(b.whole) {
			return -1
		}
		return 1
	}
	if c := strings.Compare(a.whole, b.whole); c != 0 {
		return c
	}
	return strings.Compare(a.frac, b.frac)
}

func boolCmp(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}
