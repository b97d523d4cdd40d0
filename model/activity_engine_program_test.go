package model

import (
	"context"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/api"
)

// oldestActive is the sandbox's oldest active strategy: far from the first
// page, newest first, that a Strategies tab would show.
func (a *app) oldestActive() api.Strategy {
	a.t.Helper()
	p, err := a.c.ListStrategies(context.Background(), api.StrategyFilter{Status: api.StatusActive, PageSize: 100})
	if err != nil || len(p.Strategies) == 0 {
		a.t.Fatalf("no active strategy: %v", err)
	}
	oldest := p.Strategies[0]
	for _, s := range p.Strategies {
		if s.ID < oldest.ID {
			oldest = s
		}
	}
	return oldest
}

func TestProgramIntegrationActivityReportsAChangeNobodyShowsOnce(t *testing.T) {
	a := startApp(t, 120, 40, WithIntegrationActivity(true), withEngineBudget(60000))
	// The Pools tab reads no strategy: the dashboard shows none, and none
	// is watched.
	a.keys("3")
	a.waitReady("Pools")
	// The engine's first full read of the integration.
	a.waitMoreHits("GET /api/v1/strategies", 3)
	target := a.oldestActive()
	a.setStatus(target.ID, api.StatusPaused)
	change := "active -> paused"
	a.waitText("Activity (")
	a.keys("5")
	a.waitFor("the status line of strategy "+itoa(target.ID), func(v string) bool {
		row := lineWith(v, change)
		return strings.Contains(row, " "+itoa(target.ID)+" ") && strings.Contains(row, "status")
	})
	// More cycles of the engine read the same state: nothing more.
	a.waitMoreHits("GET /api/v1/strategies", 10)
	if n := strings.Count(a.frame(), change); n != 1 {
		t.Fatalf("the change shows %d times, want once:\n%s", n, a.frame())
	}
}

func TestProgramIntegrationActivityPacesTheEngineWithFocus(t *testing.T) {
	m, _, _ := newTestModel(t, WithIntegrationActivity(true), WithInterval(5*time.Second))
	f := m.env.engine
	if f == nil {
		t.Fatal("no engine with activity = integration")
	}
	if got := f.engine.Interval(); got != 5*time.Second {
		t.Fatalf("interval %s, want the dashboard's 5s", got)
	}
	m, _ = m.Update(tea.BlurMsg{})
	if got := f.engine.Interval(); got != blurredPeriod {
		t.Fatalf("blurred: interval %s, want %s", got, blurredPeriod)
	}
	m, _ = m.Update(tea.FocusMsg{})
	if got := f.engine.Interval(); got != 5*time.Second {
		t.Fatalf("focused again: interval %s, want 5s", got)
	}
	// A key proves someone is looking, as it does for the polls.
	m, _ = m.Update(tea.BlurMsg{})
	_, _ = m.Update(keyMsg("j"))
	if got := f.engine.Interval(); got != 5*time.Second {
		t.Fatalf("after a key: interval %s, want 5s", got)
	}
	// Shown is the default: no engine.
	s, _, _ := newTestModel(t)
	if s.env.engine != nil {
		t.Fatal("an engine runs with activity = shown")
	}
}

// withEngineBudget gives the engine of the whole integration another
// budget, so that a test polling every few milliseconds sees it work at
// the same pace.
func withEngineBudget(n int) Option { return func(e *env) { e.engineBudget = n } }
