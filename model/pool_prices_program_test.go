package model

import (
	"math"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/stratop/stratop/history"
	"github.com/stratop/stratop/integration"
	"github.com/stratop/stratop/internal/testkit"
)

// priceHistory writes a history file holding 40 minutes of pool 1's price
// up to t0 (a wave rising towards the sandbox's price) and returns its
// directory.
func priceHistory(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	h := history.New()
	for i := 240; i > 0; i-- {
		at := t0.Add(-time.Duration(i) * 10 * time.Second)
		h.AddPrice(at, 1, 3000+float64(240-i)/2+25*math.Sin(float64(i)/20))
	}
	if err := history.Save(filepath.Join(dir, integration.HistoryFileName), h); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestProgramPoolPriceChart: with a history holding a pool's prices, its
// pane on the Pools tab draws them over the Overview's window with the
// newest price, the change and since when; every line is exactly the
// terminal's width at every size, and the frame is as kept in testdata.
func TestProgramPoolPriceChart(t *testing.T) {
	for _, sz := range overviewSizes {
		t.Run(itoa(int64(sz.w))+"x"+itoa(int64(sz.h)), func(t *testing.T) {
			a := startApp(t, sz.w, sz.h, withHistoryIn(priceHistory(t)))
			a.keys("3")
			a.waitReady("SYMBOL", "WETH")
			a.keys("enter")
			a.waitReady("price        $3,120.50", "Price · last 1h (since 11:50)", "now          $3,120.50  +$")
			_ = a.tm.Quit()
			fm := a.tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second))
			m, ok := FromTea(fm.(testkit.Probe).Inner)
			if !ok {
				t.Fatal("final model is not the dashboard")
			}
			checkPriceChartWidth(t, m.tabs[tabPools].(poolsTab))
			v := m.View()
			for i, l := range strings.Split(v, "\n") {
				if w := ansi.StringWidth(l); w > sz.w {
					t.Errorf("line %d is %d cells wide (terminal %d): %q", i+1, w, sz.w, l)
				}
			}
			golden.RequireEqual(t, []byte(v))
		})
	}
}

// TestProgramPoolPriceFollowsTheWindow: the Overview's + shows the pool's
// prices over 24 h too; a pool whose price was never kept says so.
func TestProgramPoolPriceFollowsTheWindow(t *testing.T) {
	a := startApp(t, 120, 40, withHistoryIn(priceHistory(t)))
	a.waitReady("Trends · last 1h")
	a.keys("+", "3")
	a.waitReady("SYMBOL", "WETH")
	a.keys("enter")
	a.waitReady("Price · last 24h (since 11:50)")
	a.keys("down")
	a.waitFor("pool 2's pane", func(v string) bool {
		return strings.Contains(v, "Pool 2 ") && strings.Contains(v, "Price · last 24h (since 12:30)") && strings.Contains(v, "±0 over the window")
	})
}

// checkPriceChartWidth checks that the pool pane's price part (its blank
// line, title, value line and chart rows) is exactly the pane's width.
func checkPriceChartWidth(t *testing.T, pt poolsTab) {
	t.Helper()
	pw := pt.layout(true).paneWidth
	lines := pt.paneLines(pw)
	for i, l := range lines {
		if !strings.HasPrefix(ansi.Strip(l), "Price · last") {
			continue
		}
		if i == 0 || i+5 > len(lines) {
			t.Fatalf("the price part is cut: %q", lines)
		}
		for _, l := range lines[i-1 : i+5] {
			if w := ansi.StringWidth(l); w != pw {
				t.Errorf("a line of the price part is %d cells, want the pane's %d: %q", w, pw, l)
			}
		}
		return
	}
	t.Fatalf("no price part in the pane: %q", lines)
}
