package model

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/api/sandbox"
	"github.com/stratop/stratop/internal/testkit"
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
	var e envOf
	a := startApp(t, 120, 40, WithIntegrationActivity(true), withEngineBudget(60000), e.capture)
	// The Pools tab reads no strategy: the dashboard shows none, and none
	// is watched.
	a.keys("3")
	a.waitReady("Pools")
	e.waitBaselined(t, a.frame)
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

// envOf keeps the env of the latest model built: base options are
// applied again for the profile switched to.
type envOf struct{ latest atomic.Pointer[env] }

func (o *envOf) capture(e *env) { o.latest.Store(e) }

// waitBaselined waits for the engine's first full read of the integration:
// what it finds is its starting point, not a change.
func (o *envOf) waitBaselined(t *testing.T, frame func() string) {
	t.Helper()
	testkit.WaitFor(t, 10*time.Second, "the engine's first full read", frame, func(string) bool {
		e := o.latest.Load()
		return e != nil && e.engine != nil && e.engine.engine.Stats().Baselined
	})
}

// withEngineBudget gives the engine of the whole integration another
// budget, so that a test polling every few milliseconds sees it work at
// the same pace.
func withEngineBudget(n int) Option { return func(e *env) { e.engineBudget = n } }

// flakyList fails every list read while down is set: an interface that
// stops answering and comes back.
type flakyList struct {
	hostClient
	down  atomic.Bool
	reads atomic.Int64
}

var errDown = errors.New("connection refused")

func (f *flakyList) ListStrategies(ctx context.Context, q api.StrategyFilter) (*api.StrategiesPage, error) {
	f.reads.Add(1)
	if f.down.Load() {
		return nil, errDown
	}
	return f.hostClient.ListStrategies(ctx, q)
}

func TestProgramIntegrationActivityTellsALostConnectionAndGoesOn(t *testing.T) {
	flaky := &flakyList{hostClient: hostClient{Client: func() *api.Client { _, c := testSandbox(t); return c }(), host: "sandbox.test"}}
	a := startAppWith(t, nil, func(sandboxClient) API { return flaky }, 120, 40, WithIntegrationActivity(true), withEngineBudget(60000))
	a.keys("5")
	a.waitReady("Activity")
	// Wait for the engine's reads, then take the interface away.
	testkit.WaitFor(t, 10*time.Second, "the engine's reads", a.frame, func(string) bool { return flaky.reads.Load() > 10 })
	flaky.down.Store(true)
	a.waitFor("the lost connection", func(v string) bool {
		return strings.Contains(lineWith(v, "connection"), "lost: ")
	})
	// The status line speaks of the interface, not of the audit log that
	// is still read well: stale, and no "read … ago" while it fails.
	a.waitFor("a stale status line", func(v string) bool { return strings.Contains(statusLineOf(v), "STALE") })
	if line := statusLineOf(a.frame()); strings.Contains(line, "read ") {
		t.Fatalf("the status line says the data was read while the interface fails: %q", line)
	}
	flaky.down.Store(false)
	a.waitFor("the restored connection", func(v string) bool { return strings.Contains(v, "restored") })
	a.waitFor("a fresh status line", func(v string) bool {
		line := statusLineOf(v)
		return strings.Contains(line, "read ") && !strings.Contains(line, "STALE")
	})
	if n := strings.Count(a.frame(), "lost: "); n != 1 {
		t.Fatalf("the loss shows %d times, want once:\n%s", n, a.frame())
	}
}

// A profile switch stops the old profile's engine and starts the new
// one's: a change behind the back of the new integration is told, the old
// integration is no longer read.
func TestProgramIntegrationActivityFollowsAProfileSwitch(t *testing.T) {
	_, ca := testSandbox(t)
	alpha := &flakyList{hostClient: hostClient{ca, "alpha.test"}}
	sbB, cb := testSandbox(t, sandbox.WithSeed(5))
	beta := &flakyList{hostClient: hostClient{cb, "beta.test"}}
	var e envOf
	engine := []Option{WithIntegrationActivity(true), withEngineBudget(60000), e.capture}
	profiles := fakeProfiles{
		list:    []ProfileChoice{{Name: "alpha"}, {Name: "beta"}},
		clients: map[string]API{"alpha": alpha, "beta": beta},
	}
	m := New(t.Context(), alpha, append([]Option{WithProfile("alpha"), WithProfiles(profiles),
		WithInterval(30 * time.Millisecond), WithClock(func() time.Time { return t0 })}, engine...)...)
	pr := testkit.NewProbe(m.Tea())
	tm := teatest.NewTestModel(t, pr, teatest.WithInitialTermSize(120, 40))
	t.Cleanup(func() { testkit.Stop(t, tm) })
	tm.Send(testkit.Runes("3")) // the Pools tab: no strategy shown
	testkit.WaitFor(t, 10*time.Second, "alpha's engine", pr.Frame, func(string) bool { return alpha.reads.Load() > 10 })

	tm.Send(testkit.Runes("P"))
	testkit.WaitFor(t, 10*time.Second, "the switcher's list", pr.Frame, func(v string) bool {
		return strings.Contains(v, "(in use)") && strings.Contains(v, "beta")
	})
	tm.Send(testkit.Key("down"))
	tm.Send(testkit.Key("enter"))
	testkit.WaitFor(t, 10*time.Second, "beta's engine", pr.Frame, func(v string) bool {
		return strings.Contains(lineWith(v, "stratop"), "beta.test") && beta.reads.Load() > 10
	})
	e.waitBaselined(t, pr.Frame)
	target := oldestActiveOf(t, cb)
	if !sbB.SetStrategyStatus(target.ID, api.StatusPaused) {
		t.Fatalf("cannot pause %d", target.ID)
	}
	tm.Send(testkit.Runes("5"))
	testkit.WaitFor(t, 10*time.Second, "beta's change", pr.Frame, func(v string) bool {
		row := lineWith(v, "active -> paused")
		return strings.Contains(row, " "+itoa(target.ID)+" ") && strings.Contains(row, "status")
	})
	// Alpha is read no more: its engine stopped with its profile.
	stopped := alpha.reads.Load()
	from := beta.reads.Load()
	testkit.WaitFor(t, 10*time.Second, "20 more of beta's reads", pr.Frame, func(string) bool { return beta.reads.Load() > from+20 })
	if n := alpha.reads.Load() - stopped; n > 0 {
		t.Fatalf("alpha was read %d more times after the switch", n)
	}
}

// oldestActiveOf is the oldest active strategy of the client's integration.
func oldestActiveOf(t *testing.T, c *api.Client) api.Strategy {
	t.Helper()
	return (&app{t: t, c: c}).oldestActive()
}

// The dashboard's own reads feed the engine: with its cycles an hour
// apart, a change on the shown page is told after one read of the page.
func TestProgramIntegrationActivityTakesTheDashboardsReads(t *testing.T) {
	var e envOf
	a := startApp(t, 120, 40, WithIntegrationActivity(true), withEngineBudget(60000), WithInterval(time.Hour), e.capture)
	a.keys("2")
	a.waitReady("page 1 of 3")
	e.waitBaselined(t, a.frame)
	target := a.firstRows(1)[0]
	next := api.StatusPaused
	if target.Status == next {
		next = api.StatusActive
	}
	a.setStatus(target.ID, next)
	before := a.sb.Hits(routeStrategies)
	a.keys("ctrl+r")
	a.waitText("Activity (")
	if polls := a.sb.Hits(routeStrategies) - before; polls != 1 {
		t.Fatalf("the change took %d reads, want the page's one", polls)
	}
	a.keys("5")
	change := string(target.Status) + " -> " + string(next)
	a.waitFor("the status line of strategy "+itoa(target.ID), func(v string) bool {
		row := lineWith(v, change)
		return strings.Contains(row, " "+itoa(target.ID)+" ") && strings.Contains(row, "status")
	})
}

// statusLineOf is the frame's status line, the one above the footer.
func statusLineOf(frame string) string {
	lines := strings.Split(strings.TrimRight(frame, "\n"), "\n")
	if len(lines) < 2 {
		return ""
	}
	return lines[len(lines)-2]
}
