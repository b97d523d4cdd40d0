package main

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stratop/stratop/internal/text"
	"github.com/stratop/stratop/watch"
)

func TestParseBudget(t *testing.T) {
	for in, want := range map[string]int{"300/min": 300, "300": 300, "5/s": 300, "18000/h": 300, "1/h": 1} {
		if got, err := parseBudget(in); err != nil || got != want {
			t.Errorf("%q: %d %v, want %d", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "0/min", "-3", "300/day", "lots"} {
		if _, err := parseBudget(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// A table line is one line whatever the interface sent: control
// characters in a user id or pool cannot move the terminal's cursor.
func TestTableLineIsOneCleanLine(t *testing.T) {
	ev := watch.Event{Time: time.Now(), Kind: watch.KindStatus, Strategy: 42, User: "cust\x1b[2J\nevil", Pool: "TOSHI\r", Before: "active", After: "paused"}
	line := tableLine(ev, 0)
	if strings.ContainsAny(line, "\x1b\n\r") || !strings.Contains(line, "strategy 42") || !strings.Contains(line, "active -> paused") {
		t.Errorf("%q", line)
	}
}

// On a terminal a table line never wraps: at any width what changed gives
// way (pool, then user) and the change and the strategy's id stay whole.
func TestTableLineFitsTheTerminal(t *testing.T) {
	ev := watch.Event{Time: time.Now(), Kind: watch.KindStatus, Strategy: 123456, User: "cust_cgfmap9t_long_external_id", Pool: "TOSHI", Before: "suspended", After: "completed"}
	for width := 40; width <= 160; width++ {
		line := tableLine(ev, width)
		if w := text.Width(line); w > width {
			t.Fatalf("width %d: %q is %d cells", width, line, w)
		}
		if !strings.Contains(line, "suspended -> completed") {
			t.Fatalf("width %d: %q lost the change", width, line)
		}
		if width >= 70 && !strings.Contains(line, "strategy 123456") {
			t.Fatalf("width %d: %q lost the strategy", width, line)
		}
	}
	if line := tableLine(ev, 160); !strings.Contains(line, "user cust_cgfmap9t_long_external_id TOSHI") {
		t.Errorf("wide line %q left something out", line)
	}
	noUser := ev
	noUser.User = ""
	if line := tableLine(noUser, 160); strings.Contains(line, "user") || !strings.Contains(line, "strategy 123456 TOSHI") {
		t.Errorf("without a user: %q", line)
	}
	if line := tableLine(ev, 80); !strings.Contains(line, "strategy 123456") || strings.Contains(line, "TOSHI") {
		t.Errorf("80 columns: %q, want the strategy kept and the pool left out first", line)
	}
}

// A failing save is said once when it starts and once when it is over,
// not at every interval.
func TestSaveReporterSaysEachChangeOnce(t *testing.T) {
	var out strings.Builder
	r := &saveReporter{say: func(format string, args ...any) { fmt.Fprintf(&out, format+"\n", args...) }}
	full := errors.New("no space left on device")
	for _, err := range []error{nil, full, full, full, nil, nil, full} {
		r.report(err)
	}
	if got := strings.Count(out.String(), "could not be saved"); got != 2 {
		t.Errorf("%d failure lines, want 2:\n%s", got, out.String())
	}
	if got := strings.Count(out.String(), "saved again"); got != 1 {
		t.Errorf("%d recovery lines, want 1:\n%s", got, out.String())
	}
}
