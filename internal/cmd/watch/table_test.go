package watch

import (
	"strings"
	"testing"
	"time"

	"github.com/stratop/stratop/internal/text"
	"github.com/stratop/stratop/watch"
)

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
