package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/internal/text"
)

func init() { lipgloss.SetColorProfile(termenv.Ascii) }

func TestLayoutColumnsDropsByPriorityAndFillsWidth(t *testing.T) {
	defs := []Column{
		{Title: "A", Min: 10, Max: 10},
		{Title: "B", Min: 10, Max: 30, Priority: 1},
		{Title: "C", Min: 10, Max: 20, Priority: 2},
	}
	cols := LayoutColumns(defs, 40)
	if len(cols) != 3 || TableWidth(cols) != 40 {
		t.Fatalf("at 40: %d columns, width %d; want 3 columns filling 40", len(cols), TableWidth(cols))
	}
	cols = LayoutColumns(defs, 30)
	if len(cols) != 2 || cols[1].Title != "B" || cols[1].Index != 1 {
		t.Fatalf("at 30 the priority-2 column should go first: %+v", cols)
	}
	cols = LayoutColumns(defs, 200)
	if cols[0].Width != 10 || cols[1].Width != 30 || cols[2].Width != 20 {
		t.Fatalf("widths beyond Max: %+v", cols)
	}
}

func TestRowsAreExactlyTheTableWidth(t *testing.T) {
	st := DefaultStyles()
	s := api.FilteredStrategyItem{Strategy: api.Strategy{ID: 123456789, Status: api.StatusSuspended, Type: "volume", Category: "range",
		ChainID: 999, Pool: api.PoolSummary{Symbol: "ＷＩＤＥ漢字トークン", Decimals: 18, TokenPrice: "0.00000000123"},
		UserID: strings.Repeat("u", 300), BalanceUsed: strings.Repeat("9", 60), UpdatedAt: "garbage"}}
	for _, userView := range []bool{false, true} {
		for _, w := range []int{60, 80, 120, 200} {
			cols := LayoutColumns(StrategyColumns(userView), w)
			cells := StrategyCells(s, userView)
			for _, row := range []string{
				RenderRow(st, cols, cells, RowFlags{}, w),
				RenderSelectedRow(st, cols, cells, RowFlags{Marked: true}, w),
				RenderHeader(st, cols, w),
			} {
				if got := ansi.StringWidth(row); got != w {
					t.Fatalf("userView=%v width %d: row is %d cells: %q", userView, w, got, row)
				}
			}
		}
	}
}

func TestGutterMarks(t *testing.T) {
	st := DefaultStyles()
	cols := LayoutColumns([]Column{{Title: "X", Min: 3, Max: 3}}, 10)
	cells := []Cell{{Text: "abc"}}
	if r := RenderRow(st, cols, cells, RowFlags{Pending: true, Marked: true}, 10); !strings.HasPrefix(r, " ~") {
		t.Fatalf("pending wins over marked: %q", r)
	}
	if r := RenderSelectedRow(st, cols, cells, RowFlags{}, 10); !strings.HasPrefix(r, "> abc") {
		t.Fatalf("cursor row: %q", r)
	}
}

func TestFitKeepsWhatMatters(t *testing.T) {
	if got := FitMiddle("0x1234567890abcdef", 9); got != "0x12…cdef" {
		t.Fatalf("FitMiddle = %q", got)
	}
	if got := text.ShortNumber("544,839,646,795.123", 16); got != "544,839,646,795~" {
		t.Fatalf("ShortNumber = %q", got)
	}
}

func TestPriceAndUSD(t *testing.T) {
	cases := map[string]string{
		"3120.5":              "$3,120.50",
		"0.000123":            "$0.000123",
		"0.000000001234":      "$0.000000001234",
		"0.00000000123456789": "$0.000000001235",
		"0.5":                 "$0.5",
		"":                    text.Dash,
		"NaN":                 "?NaN",
	}
	for in, want := range cases {
		if got := text.Price(in); got != want {
			t.Errorf("text.Price(%q) = %q, want %q", in, got, want)
		}
	}
	if got := text.USD("-12.345"); got != "-$12.35" {
		t.Errorf("USD = %q", got)
	}
}

func TestStatusLineShowsStaleAgeAndReason(t *testing.T) {
	st := DefaultStyles()
	at := time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)
	line := StatusLine(st, Status{ReadAt: at, ChangedAt: at, Now: at.Add(95 * time.Second), Stale: true, StaleReason: "cannot reach h"}, 80)
	for _, want := range []string{"changed 03:04:05", "STALE 1m35s", "cannot reach h"} {
		if !strings.Contains(line, want) {
			t.Fatalf("%q missing %q", line, want)
		}
	}
	if w := ansi.StringWidth(StatusLine(st, Status{Notice: strings.Repeat("x", 500)}, 80)); w > 80 {
		t.Fatalf("status line %d cells wide", w)
	}
}

func TestHeaderMarksProductionAndReadOnly(t *testing.T) {
	if !IsProductionProfile("Prod-EU") || IsProductionProfile("staging") {
		t.Fatal("prod* detection")
	}
	h := Header(DefaultStyles(), HeaderData{Profile: "prod", Host: "api.x", HasStats: true, Users: 3, Strategies: 9, ChosenUser: "alice", ReadOnly: true}, 120)
	for _, want := range []string{"prod", "api.x", "3 users · 9 strategies", "user alice", "READ-ONLY"} {
		if !strings.Contains(h, want) {
			t.Fatalf("header %q missing %q", h, want)
		}
	}
	if w := ansi.StringWidth(Header(DefaultStyles(), HeaderData{Profile: "p", Host: strings.Repeat("h", 200)}, 60)); w > 60 {
		t.Fatalf("header %d cells wide at 60", w)
	}
}

func TestStatusTonesAreDistinct(t *testing.T) {
	seen := map[Tone]api.Status{}
	for _, s := range []api.Status{api.StatusActive, api.StatusSuspended, api.StatusPaused, api.StatusCompleted, api.StatusArchived} {
		tone := StatusTone(s)
		if prev, dup := seen[tone]; dup {
			t.Fatalf("%s and %s share a tone", prev, s)
		}
		seen[tone] = s
	}
}

func TestLockedTotalIsExact(t *testing.T) {
	p := api.UserPoolItem{Pool: api.Pool{Decimals: 18}, Deposits: []api.PoolDeposit{
		{LockedAmount: "123456789012345678901234567890"}, {LockedAmount: "1"},
	}}
	if got := LockedTotal(p); got != "123,456,789,012.345678901234567891" {
		t.Fatalf("LockedTotal = %q", got)
	}
	p.Deposits = append(p.Deposits, api.PoolDeposit{LockedAmount: "1e5"})
	if got := LockedTotal(p); got != "?" {
		t.Fatalf("broken amount: %q", got)
	}
}

func TestShortHelpKeepsHelpAndQuitInView(t *testing.T) {
	km := DefaultKeyMap("Overview")
	l := km.List
	hm := HelpMap{
		Short:  []key.Binding{l.Up, l.Down, l.Enter, l.PrevPage, l.NextPage, l.Filter, l.Mark, km.Global.NextTab},
		Pinned: []key.Binding{km.Global.Help, km.Global.Quit},
	}
	h := NewHelp(DefaultStyles())
	for _, width := range []int{30, 45, 60, 80, 200} {
		got := ShortHelp(h, hm, width)
		if w := text.Width(got); w > width {
			t.Errorf("width %d: %d cells: %q", width, w, got)
		}
		if !strings.HasSuffix(got, "? help · q quit") {
			t.Errorf("width %d: help and quit cut off: %q", width, got)
		}
		if cut := strings.Contains(got, "…"); cut != (width < 150) {
			t.Errorf("width %d: ellipsis %v: %q", width, cut, got)
		}
	}
}
