package watch

import (
	"strings"
	"testing"
	"time"

	"github.com/stratop/stratop/internal/text"
	"github.com/stratop/stratop/watch"
)

// squeeze is the text of a table line with its layout removed: what a
// person reads, whatever the wrapping.
func squeeze(s string) string { return strings.Join(strings.Fields(s), "") }

// At any width every cell of an event is there (user and pool included,
// ids broken across lines rather than cut), and no line is wider than the
// terminal.
func TestTableLineKeepsEverythingAtAnyWidth(t *testing.T) {
	at := time.Date(2026, 1, 2, 15, 4, 5, 0, time.Local)
	long := "cust_" + strings.Repeat("x", 90) + "_end"
	events := []watch.Event{
		{Time: at, Kind: watch.KindStatus, Strategy: 123456, User: "cust_cgfmap9t_long_external_id", Pool: "TOSHI", Before: "suspended", After: "completed"},
		{Time: at, Kind: watch.KindAppeared, Strategy: 7, User: long, Pool: "Wrapped Ether (WETH)", After: "active"},
		{Time: at, Kind: watch.KindCounts, Status: "paused", Before: "3", After: "4"},
		{Time: at, Kind: watch.KindUsersAdd, User: "u1", Before: "40", After: "41"},
	}
	for _, ev := range events {
		want := []string{"15:04:05", string(ev.Kind)}
		if ev.Strategy != 0 {
			want = append(want, "strategy", squeeze(ev.User), squeeze(ev.Pool))
		}
		for width := 16; width <= 160; width++ {
			got := tableLine(ev, width)
			for _, line := range strings.Split(got, "\n") {
				if w := text.Width(line); w > width {
					t.Fatalf("%s at %d: line %q is %d cells", ev.Kind, width, line, w)
				}
			}
			for _, w := range want {
				if !strings.Contains(squeeze(got), w) {
					t.Fatalf("%s at %d: %q lost %q", ev.Kind, width, got, w)
				}
			}
		}
	}
}

// At 80 columns the first line holds the aligned columns and the strategy;
// user and pool follow under the kind, whole.
func TestTableAt80Columns(t *testing.T) {
	ev := watch.Event{Time: time.Date(2026, 1, 2, 15, 4, 5, 0, time.Local), Kind: watch.KindStatus, Strategy: 123456,
		User: "cust_cgfmap9t_long_external_id", Pool: "TOSHI", Before: "suspended", After: "completed"}
	lines := strings.Split(tableLine(ev, 80), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "15:04:05  strategy.status      suspended -> completed  strategy 123456") ||
		lines[1] != strings.Repeat(" ", 10)+"user cust_cgfmap9t_long_external_id  pool TOSHI" {
		t.Errorf("at 80 columns:\n%s", strings.Join(lines, "\n"))
	}
	if one := tableLine(ev, 120); strings.Contains(one, "\n") || !strings.HasSuffix(one, "strategy 123456  user cust_cgfmap9t_long_external_id  pool TOSHI") {
		t.Errorf("at 120 columns: %q, want one line", one)
	}
	h := tableHeader(80)
	if !strings.HasPrefix(h, "TIME      KIND                 CHANGE                  WHAT") {
		t.Errorf("header %q does not line up with the columns", h)
	}
	if i, j := strings.Index(h, "CHANGE"), strings.Index(lines[0], "suspended"); i != j {
		t.Errorf("CHANGE at %d, the change at %d", i, j)
	}
}

// A line is one clean line per row whatever the interface sent.
func TestTableLineIsClean(t *testing.T) {
	ev := watch.Event{Time: time.Now(), Kind: watch.KindStatus, Strategy: 42, User: "cust\x1b[2J\nevil", Pool: "TOSHI\r", Before: "active", After: "paused"}
	for _, width := range []int{0, 40, 80} {
		if got := tableLine(ev, width); strings.ContainsAny(got, "\x1b\r") || strings.Count(got, "\n") > 3 {
			t.Errorf("width %d: %q", width, got)
		}
	}
}
