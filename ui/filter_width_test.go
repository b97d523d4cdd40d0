package ui

import (
	"testing"

	"github.com/stratop/stratop/internal/text"
)

func TestFilterInputFitsItsWidth(t *testing.T) {
	st := DefaultStyles()
	count := "11 of 24 users · " + RowOf(1, 11, true, "user")
	for _, query := range []string{"", "w", "a much longer filter query than fits"} {
		for width := 10; width <= 100; width++ {
			if got := text.Width(FilterInput(st, query, true, query != "", count, width)); got > width {
				t.Fatalf("query %q at %d: %d cells", query, width, got)
			}
		}
	}
}
