package model

// Program tests of copy (y, Y) over the output stream: the OSC 52 payload
// is the selected id, or the record as JSON equal to what the interface
// sent; the copy reaches the stream whole, between frames.

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/internal/testkit"
	"github.com/stratop/stratop/ui"
)

func TestCopyStrategyIDAndRecord(t *testing.T) {
	a := startStream(t, nil, 120, 40)
	p, err := a.c.ListStrategies(context.Background(), stratFilter{}.integrationQuery(1, 20))
	if err != nil || len(p.Strategies) < 3 {
		t.Fatalf("listing: %v", err)
	}
	want := p.Strategies[2]
	a.keys("2")
	a.waitReady("page 1 of 3")
	a.keys("down", "down", "y")
	a.waitFor("the copy notice", func(v string) bool {
		return strings.Contains(v, "copied strategy id, "+itoa(int64(len(itoa(want.ID))))+" bytes")
	})
	if got := clipboard(t, a.out.String()); len(got) != 1 || got[0] != itoa(want.ID) {
		t.Fatalf("y copied %q, want [%d]", got, want.ID)
	}
	if v := a.frame(); !strings.Contains(v, "OSC 52") {
		t.Fatalf("no hint that the terminal must allow OSC 52:\n%s", v)
	}

	a.keys("Y")
	a.waitFor("the record copy notice", func(v string) bool { return strings.Contains(v, "copied record as JSON, ") })
	got := clipboard(t, a.out.String())
	if len(got) != 2 {
		t.Fatalf("%d OSC 52 writes, want 2", len(got))
	}
	var rec api.Strategy
	if err := json.Unmarshal([]byte(got[1]), &rec); err != nil {
		t.Fatalf("Y copied no JSON: %v\n%s", err, got[1])
	}
	if !reflect.DeepEqual(rec, want) {
		t.Fatalf("Y copied\n%+v\nwant the record as listed\n%+v", rec, want)
	}
}

func TestCopyUserAndPoolIDs(t *testing.T) {
	a := startStream(t, nil, 120, 40)
	users := a.sb.Users()
	a.keys("4")
	a.waitReady("[4 Users]", "EXTERNAL ID")
	a.keys("down", "y")
	a.waitText(a, "copied")
	if got := clipboard(t, a.out.String()); len(got) != 1 || got[0] != users[1].ExternalUserID {
		t.Fatalf("y on the Users tab copied %q, want %q", got, users[1].ExternalUserID)
	}
	pools, err := a.c.GetClientPools(context.Background(), 0)
	if err != nil || len(pools) == 0 {
		t.Fatalf("pools: %v", err)
	}
	a.keys("3")
	a.waitReady("SYMBOL")
	a.keys("y")
	a.waitFor("the second copy", func(string) bool { return len(clipboard(t, a.out.String())) == 2 })
	if got := clipboard(t, a.out.String())[1]; got != pools[0].TokenAddress {
		t.Fatalf("y on the Pools tab copied %q, want the token address %q", got, pools[0].TokenAddress)
	}
}

func TestCopyInsideTmuxIsWrappedForIt(t *testing.T) {
	a := startStream(t, nil, 120, 40, WithMultiplexer("tmux"))
	a.keys("2")
	a.waitReady("page 1 of 3")
	a.keys("y")
	a.waitText(a, "allow-passthrough")
	out := a.out.String()
	if !strings.Contains(out, "\x1bPtmux;\x1b\x1b]52;c;") {
		t.Fatalf("the copy is not wrapped in tmux's passthrough: %q", tail(out, 200))
	}
	if got := clipboard(t, out); len(got) != 1 || got[0] == "" {
		t.Fatalf("payload %q", got)
	}
}

func TestCopyWithoutSelectionOrTerminal(t *testing.T) {
	a := startStream(t, nil, 120, 40)
	a.keys("y") // the Overview has no row
	a.waitText(a, ui.NoticeNothingToCopy)
	if got := clipboard(t, a.out.String()); len(got) != 0 {
		t.Fatalf("copied %q from the Overview", got)
	}
}

func TestCopyRefusesARecordOver100KB(t *testing.T) {
	var buf testkit.Buffer
	big := api.Strategy{ID: 7, StrategyID: strings.Repeat("x", maxCopyBytes)}
	msg := copyCmd(&buf, "", 3, clip{what: "strategy id", id: "7", record: big}, true)().(copiedMsg)
	if msg.gen != 3 || !strings.Contains(msg.notice, "not copied") || !strings.Contains(msg.notice, "100 KB") {
		t.Fatalf("notice %q (gen %d)", msg.notice, msg.gen)
	}
	if buf.String() != "" {
		t.Fatal("a refused record was written to the terminal")
	}
	// The id alone still copies.
	msg = copyCmd(&buf, "", 4, clip{what: "strategy id", id: "7", record: big}, false)().(copiedMsg)
	if !strings.HasPrefix(msg.notice, "copied strategy id, 1 byte ") || !strings.Contains(buf.String(), "\x1b]52;c;Nw==\x07") {
		t.Fatalf("notice %q, stream %q", msg.notice, buf.String())
	}
}

// waitText waits until the frame holds every sub.
func (a *streamApp) waitText(_ *streamApp, subs ...string) {
	a.t.Helper()
	a.waitFor(strings.Join(subs, ", "), func(v string) bool {
		for _, s := range subs {
			if !strings.Contains(v, s) {
				return false
			}
		}
		return true
	})
}

func tail(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}
