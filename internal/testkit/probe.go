package testkit

import (
	"sync/atomic"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// Probe wraps a program's model and keeps its latest frame, rendered after
// every Update, for WaitFor.
type Probe struct {
	Inner tea.Model
	last  *atomic.Pointer[string]
}

// NewProbe wraps m.
func NewProbe(m tea.Model) Probe { return Probe{Inner: m, last: &atomic.Pointer[string]{}} }

func (p Probe) Init() tea.Cmd { return p.Inner.Init() }

func (p Probe) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	m, cmd := p.Inner.Update(msg)
	v := m.View()
	p.last.Store(&v)
	return Probe{Inner: m, last: p.last}, cmd
}

func (p Probe) View() string { return p.Inner.View() }

// Frame is the latest frame ("" before the first Update).
func (p Probe) Frame() string {
	if v := p.last.Load(); v != nil {
		return *v
	}
	return ""
}

// WaitFor waits up to limit until frame() satisfies cond, failing the
// test with the last frame otherwise.
func WaitFor(t testing.TB, limit time.Duration, what string, frame func() string, cond func(string) bool) string {
	t.Helper()
	deadline := time.Now().Add(limit)
	for {
		f := frame()
		if cond(f) {
			return f
		}
		if time.Now().After(deadline) {
			t.Fatalf("waiting for %s; last frame:\n%s", what, f)
		}
		time.Sleep(5 * time.Millisecond)
	}
}
