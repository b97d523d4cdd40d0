package model

import (
	"slices"
	"testing"

	"github.com/stratop/stratop/internal/text"
	"github.com/stratop/stratop/ui"
)

func sortTable() table {
	st := ui.DefaultStyles()
	defs := []ui.Column{{Title: "NAME", Min: 6, Max: 6}, {Title: "AMOUNT", Min: 30, Max: 30, Right: true}}
	cells := [][]ui.Cell{
		{{Text: "b"}, {Text: "100000000000000000001"}},
		{{Text: "A"}, {Text: text.Dash}},
		{{Text: "c"}, {Text: "100000000000000000000"}},
		{{Text: "d"}, {Text: "-$5.5"}},
		{{Text: "e"}, {Text: "99,999.99"}},
	}
	return newTable(&st, defs).setSize(60, 10).setRows([]int64{10, 11, 12, 13, 14}, cells)
}

func displayed(t table) []int64 {
	out := make([]int64, t.len())
	for pos := range out {
		out[pos] = t.id(t.rowAt(pos))
	}
	return out
}

func TestTableSortsExactlyWithFilterAndKeepsTheSelection(t *testing.T) {
	tb := sortTable().moveTo(2) // id 12
	tb = tb.setSort(true, 1, false)
	if got, want := displayed(tb), []int64{13, 14, 12, 10, 11}; !slices.Equal(got, want) {
		t.Fatalf("ascending by amount: %v, want %v (exact, missing last)", got, want)
	}
	if id, _, _ := tb.selected(); id != 12 {
		t.Fatalf("selection moved to %d", id)
	}
	tb = tb.setSort(true, 1, true)
	if got, want := displayed(tb), []int64{10, 12, 14, 13, 11}; !slices.Equal(got, want) {
		t.Fatalf("descending: %v, want %v (missing still last)", got, want)
	}
	tb = tb.setOrder([]int{0, 1, 3}) // the filter keeps ids 10, 11, 13
	if got, want := displayed(tb), []int64{10, 13, 11}; !slices.Equal(got, want) {
		t.Fatalf("filtered and sorted: %v, want %v", got, want)
	}
	tb = tb.setSort(true, 0, false).setOrder(nil)
	if got, want := displayed(tb), []int64{11, 10, 12, 13, 14}; !slices.Equal(got, want) {
		t.Fatalf("by name, case ignored: %v, want %v", got, want)
	}
	tb = tb.setRows([]int64{14, 10}, [][]ui.Cell{{{Text: "e"}, {Text: "1"}}, {{Text: "b"}, {Text: "2"}}})
	if got, want := displayed(tb), []int64{10, 14}; !slices.Equal(got, want) {
		t.Fatalf("new rows are sorted too: %v, want %v", got, want)
	}
	tb = tb.setSort(false, 0, false)
	if got, want := displayed(tb), []int64{14, 10}; !slices.Equal(got, want) {
		t.Fatalf("unsorted: %v, want the data's order %v", got, want)
	}
}
