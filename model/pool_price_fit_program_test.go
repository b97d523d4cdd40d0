package model

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/stratop/stratop/history"
	"github.com/stratop/stratop/integration"
	"github.com/stratop/stratop/internal/testkit"
)

// At first start, with five minutes of a pool's price kept in an hour's
// window, its chart spans the pane's width (the axis fitted to what is
// kept, as the Overview's trends), and a price that did not move is a line
// along the bottom, not a solid block.
func TestProgramPoolPriceChartAtFirstStartFitsAndAFlatPriceIsALine(t *testing.T) {
	dir := t.TempDir()
	h := history.New()
	for i := 30; i > 0; i-- {
		h.AddPrice(t0.Add(-time.Duration(i)*10*time.Second), 1, 3120.5) // the sandbox's price of pool 1
	}
	if err := history.Save(filepath.Join(dir, integration.HistoryFileName), h); err != nil {
		t.Fatal(err)
	}
	a := startApp(t, 120, 40, withHistoryIn(dir))
	a.keys("3")
	a.waitReady("SYMBOL", "WETH")
	a.keys("enter")
	a.waitReady("Price · last 1h (since 12:25)", "±0 over the window")
	_ = a.tm.Quit()
	fm := a.tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second))
	m, ok := FromTea(fm.(testkit.Probe).Inner)
	if !ok {
		t.Fatal("final model is not the dashboard")
	}
	pt := m.tabs[tabPools].(poolsTab)
	pw := pt.layout(true).paneWidth
	lines := pt.priceChart(1, pw)
	chart := lines[len(lines)-3:]
	for i, l := range chart[:2] {
		if strings.TrimSpace(ansi.Strip(l)) != "" {
			t.Errorf("row %d of a flat price's chart is not blank: %q", i+1, ansi.Strip(l))
		}
	}
	bottom := []rune(ansi.Strip(chart[2]))
	if len(bottom) != pw {
		t.Fatalf("the bottom row is %d cells, want %d", len(bottom), pw)
	}
	if bottom[0] == ' ' || bottom[pw/4] == ' ' || bottom[pw-1] == ' ' {
		t.Errorf("five minutes kept do not span the width: %q", string(bottom))
	}
	if strings.ContainsRune(string(bottom), '⣿') || strings.ContainsRune(string(bottom), '█') {
		t.Errorf("a flat price draws blocks: %q", string(bottom))
	}
}
