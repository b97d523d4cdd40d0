package model

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/api"
)

// A late answer to one action never replaces the dialog the operator is
// reading for another: the y meant for strategy 8 suspends 8, never retries 7.
// The answer waits and opens after that dialog closes, on the next message
// that is not a key.
func TestLateResultWaitsBehindTheOpenDialog(t *testing.T) {
	m, f, _ := newTestModel(t)
	seven, eight := strat(7, api.StatusActive), strat(8, api.StatusActive)
	m = openDialog(t, f, m, seven, "s")
	f.mu.Lock()
	f.strategies = []api.Strategy{seven, eight}
	f.actErr = &api.TransportError{Op: "POST", Host: "api.test", Timeout: true, MaybeDelivered: true}
	f.mu.Unlock()
	m, suspend7 := press(m, "y")
	late := runCmd(suspend7) // 7's answer, held back: outcome unknown, retry offered

	m, _ = m.Update(pageReply(m, seven, eight))
	m, _ = press(m, "down", "s")
	if !strings.Contains(m.View(), "Suspend strategy 8?") {
		t.Fatalf("no dialog for 8:\n%s", m.View())
	}
	for _, msg := range late {
		m, _ = m.Update(msg)
	}
	if !strings.Contains(m.View(), "Suspend strategy 8?") || strings.Contains(m.View(), "retry suspend") {
		t.Fatalf("the late answer replaced the open dialog:\n%s", m.View())
	}
	f.mu.Lock()
	f.actErr = nil
	f.mu.Unlock()
	m, cmd := press(m, "y")
	m = settle(m, cmd)
	if n := f.count("suspend"); n != 2 {
		t.Fatalf("%d suspends, want 7's and 8's once each", n)
	}
	// 8 is done and no key opened anything; the next message that is not a
	// key shows 7's waiting answer.
	m, _ = m.Update(tea.FocusMsg{})
	if !strings.Contains(m.View(), "retry suspend") {
		t.Fatalf("7's answer was not shown after the dialog closed:\n%s", m.View())
	}
}
