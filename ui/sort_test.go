package ui

import (
	"slices"
	"testing"

	"github.com/stratop/stratop/internal/text"
)

func TestSortKeysAreExactNumbers(t *testing.T) {
	// Ascending, each strictly less than the next.
	ordered := []string{
		"-$1,000.01", "-$2", "-1.5", "-0.000000000000000001", "0", "0.000000000000000001",
		"1", "$1.00000000000000000001", "9.99", "$10", "1,234.5", "99999999999999999999",
		"100000000000000000000", "100000000000000000001", "1e21",
	}
	for i := 0; i+1 < len(ordered); i++ {
		a, b := NewSortKey(ordered[i], true), NewSortKey(ordered[i+1], true)
		if a.Compare(b) >= 0 || b.Compare(a) <= 0 {
			t.Errorf("%s should sort before %s", ordered[i], ordered[i+1])
		}
	}
	for _, same := range [][2]string{{"1,234.50", "$1234.5"}, {"0", "-0.000"}, {"45%", "45"}, {"1e3", "1,000"}, {"3/10", "3"}} {
		if c := NewSortKey(same[0], true).Compare(NewSortKey(same[1], true)); c != 0 {
			t.Errorf("%s and %s compare %d, want equal", same[0], same[1], c)
		}
	}
}

func TestSortKeysPutMissingLast(t *testing.T) {
	vals := []string{text.Dash, "12", "?bad", "", "-3", "abc"}
	keys := make([]SortKey, len(vals))
	for i, v := range vals {
		keys[i] = NewSortKey(v, true)
	}
	slices.SortStableFunc(keys, SortKey.Compare)
	if keys[0].Compare(NewSortKey("-3", true)) != 0 || keys[1].Compare(NewSortKey("12", true)) != 0 {
		t.Fatal("numbers do not come first in order")
	}
	for _, k := range keys[2:] {
		if !k.Missing() {
			t.Fatal("a missing value sorts before a number")
		}
	}
}

func TestSortKeysTextIgnoresCase(t *testing.T) {
	if NewSortKey("alice", false).Compare(NewSortKey("Bob", false)) >= 0 {
		t.Fatal("alice should sort before Bob")
	}
	if NewSortKey("b", false).Compare(NewSortKey(text.Dash, false)) >= 0 {
		t.Fatal("a dash sorts before text")
	}
}
