package model

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/api"
)

// TestDisplayClockTicksOnlyWhileAgesShow: one tick at a time while an age
// is on screen; none while the terminal has no focus or the frame is
// hidden; and a tick that fires moves the STALE age without a request.
func TestDisplayClockTicksOnlyWhileAgesShow(t *testing.T) {
	m, f, c := newTestModel(t)
	m, _ = press(m, "2")
	m, _ = m.Update(pageReply(m, strat(1, api.StatusActive)))
	if m.clock.gen == 0 {
		t.Fatal("no tick while the status line shows the data's age")
	}
	gen := m.clock.gen
	m, _ = press(m, "down")
	if m.clock.gen != gen {
		t.Fatal("a second tick was armed beside the one in flight")
	}
	m, _ = m.Update(fetchedMsg{session: m.env.session, feed: feedStrategies, gen: m.strategiesTab().pane.list.gen,
		err: &api.Error{StatusCode: 503}})
	calls := f.count("strategies")
	c.Add(75 * time.Second)
	m, _ = m.Update(clockMsg{gen: m.clock.gen})
	if !strings.Contains(m.View(), "STALE 1m15s") {
		t.Fatalf("the STALE age did not move: %q", lineWith(m.View(), "STALE"))
	}
	if f.count("strategies") != calls {
		t.Fatal("the display tick sent a request")
	}
	m, _ = m.Update(tea.BlurMsg{})
	m, _ = m.Update(clockMsg{gen: m.clock.gen})
	if m.clock.gen != 0 {
		t.Fatal("the tick goes on while the terminal has no focus")
	}
	m, _ = m.Update(tea.FocusMsg{})
	if m.clock.gen == 0 {
		t.Fatal("focus did not restart the tick")
	}
	m, _ = m.Update(tea.WindowSizeMsg{Width: 20, Height: 5})
	m, _ = m.Update(clockMsg{gen: m.clock.gen})
	if m.clock.gen != 0 {
		t.Fatal("the tick goes on while the frame is hidden")
	}
}
