package dashboard

// The interactive fleet under test: the shell in a Bubble Tea program on
// loopback sandboxes, every frame kept for the tests to check.

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/stratop/stratop/internal/factory"
	"github.com/stratop/stratop/internal/fleet"
	"github.com/stratop/stratop/internal/fleet/fleettest"
	"github.com/stratop/stratop/internal/testkit"
	"github.com/stratop/stratop/shell"
)

// frameLog is a program's model that keeps its latest frame and hands
// every frame to check (nil: none).
type frameLog struct {
	inner tea.Model
	st    *frameState
}

type frameState struct {
	mu     sync.Mutex
	last   string
	frames int
	check  func(string)
}

func (f frameLog) Init() tea.Cmd { return f.inner.Init() }

func (f frameLog) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	m, cmd := f.inner.Update(msg)
	v := m.View()
	f.st.mu.Lock()
	f.st.last, f.st.frames = v, f.st.frames+1
	check := f.st.check
	f.st.mu.Unlock()
	if check != nil {
		check(v)
	}
	return frameLog{inner: m, st: f.st}, cmd
}

func (f frameLog) View() string { return f.inner.View() }

func (s *frameState) frame() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.last
}

// fleetRig is the interactive fleet on the profiles given.
type fleetRig struct {
	t  *testing.T
	tm *teatest.TestModel
	st *frameState
}

func startFleetRig(t *testing.T, fac fleetFactory, opts fleet.Options, w, h int, check func(string), sopts ...shell.Option) *fleetRig {
	t.Helper()
	host := &fleetHost{f: fac.f, out: io.Discard, fleet: opts}
	t.Cleanup(host.Close)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	st := &frameState{check: check}
	s := shell.New(ctx, host.openFleet, host.openDashboard, sopts...)
	tm := teatest.NewTestModel(t, frameLog{inner: s.Tea(), st: st}, teatest.WithInitialTermSize(w, h))
	t.Cleanup(func() { _ = tm.Quit() })
	return &fleetRig{t: t, tm: tm, st: st}
}

func (r *fleetRig) keys(ks ...string) {
	for _, k := range ks {
		r.tm.Send(testkit.Key(k))
	}
}

// fleetFactory is a factory on temp directories with the profiles saved.
type fleetFactory struct {
	f   *factory.Factory
	env map[string]string
}

// settings writes the settings file the factory reads.
func (ff fleetFactory) settings(t *testing.T, body string) {
	t.Helper()
	path := filepath.Join(ff.env["XDG_CONFIG_HOME"], "stratop-test.toml")
	if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	ff.env["STRATOP_CONFIG"] = path
}

func newFleetFactory(t *testing.T, profiles ...fleettest.Profile) fleetFactory {
	t.Helper()
	f, env := fleettest.Factory(t, profiles...)
	return fleetFactory{f: f, env: env}
}

// rowLine is the frame's line of the row labelled label ("" if none),
// and its place among the rows.
func rowLine(frame, label string) (string, int) {
	n := 0
	for _, l := range strings.Split(frame, "\n") {
		if !strings.HasPrefix(l, "> ") && !strings.HasPrefix(l, "  ") || strings.HasPrefix(strings.TrimSpace(l), "TOTAL") {
			continue
		}
		if strings.HasPrefix(strings.TrimSpace(strings.TrimPrefix(l, ">")), label+" ") {
			return l, n
		}
		n++
	}
	return "", -1
}
