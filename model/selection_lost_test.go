package model

import (
	"strings"
	"testing"

	"github.com/stratop/stratop/api"
)

// A selected row that left the list is said lost while it is not shown,
// and no longer once it is shown again, even when the row the cursor went
// to is still on top; the cursor stays where it went.
func TestSelectionShownAgainIsNoLongerSaidLost(t *testing.T) {
	m, _, _ := newTestModel(t)
	m, _ = press(m, "2")
	m, _ = m.Update(pageReply(m, strat(5, api.StatusActive), strat(4, api.StatusActive), strat(3, api.StatusActive)))
	m, _ = press(m, "down") // id 4
	m, _ = m.Update(pageReply(m, strat(5, api.StatusActive), strat(3, api.StatusActive)))
	if !strings.Contains(m.View(), "selected strategy not shown") {
		t.Fatalf("the loss is not said:\n%s", m.View())
	}
	// Another read that still lacks it: still said.
	m, _ = m.Update(pageReply(m, strat(5, api.StatusActive), strat(3, api.StatusActive), strat(2, api.StatusActive)))
	if !strings.Contains(m.View(), "selected strategy not shown") {
		t.Fatalf("said lost no longer while it is still not shown:\n%s", m.View())
	}
	// Back in the list, the row the cursor went to still on top: no
	// longer said lost.
	m, _ = m.Update(pageReply(m, strat(5, api.StatusActive), strat(4, api.StatusActive), strat(3, api.StatusActive)))
	if strings.Contains(m.View(), "not shown") {
		t.Fatalf("still said lost once shown:\n%s", m.View())
	}
	if id, _, _ := m.strategiesTab().pane.tbl.selected(); id != 5 {
		t.Fatalf("selected %d, want 5 (where the cursor went)", id)
	}
}
