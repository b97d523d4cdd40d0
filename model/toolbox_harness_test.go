package model

// A program harness whose output is the byte stream a terminal would get:
// the program draws through termout.New over a buffer and the model writes
// its out-of-band sequences (OSC 52) through the same writer, as main wires
// them. teatest cannot share its output writer, so this runs tea.Program
// itself.

import (
	"encoding/base64"
	"regexp"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/api/sandbox"
	"github.com/stratop/stratop/internal/termout"
	"github.com/stratop/stratop/internal/testkit"
)

// streamApp is a running program whose output stream the test reads.
type streamApp struct {
	t     *testing.T
	p     *tea.Program
	out   *testkit.Buffer
	probe testkit.Probe
	sb    *sandbox.Sandbox
	c     *api.Client
	done  chan tea.Model
}

// startStream runs the dashboard on a fresh sandbox (as startAppOn) at
// width x height, its output to a buffer shared with WithTerminal.
func startStream(t *testing.T, sbOpts []sandbox.Option, width, height int, opts ...Option) *streamApp {
	t.Helper()
	sb, c := testSandbox(t, sbOpts...)
	buf := &testkit.Buffer{}
	out := termout.New(buf)
	m := New(t.Context(), sandboxClient{c}, appOptions(append([]Option{WithTerminal(out)}, opts...)...)...)
	pr := testkit.NewProbe(m.Tea())
	p := tea.NewProgram(pr, tea.WithInput(nil), tea.WithOutput(out), tea.WithoutSignals())
	a := &streamApp{t: t, p: p, out: buf, probe: pr, sb: sb, c: c, done: make(chan tea.Model, 1)}
	go func() {
		fm, _ := p.Run()
		a.done <- fm
	}()
	p.Send(tea.WindowSizeMsg{Width: width, Height: height})
	t.Cleanup(func() {
		p.Quit()
		select {
		case <-a.done:
		case <-time.After(5 * time.Second):
			p.Kill()
		}
	})
	return a
}

func (a *streamApp) keys(keys ...string) {
	for _, k := range keys {
		a.p.Send(keyMsg(k))
	}
}

func (a *streamApp) send(msg tea.Msg) { a.p.Send(msg) }

func (a *streamApp) frame() string { return a.probe.Frame() }

func (a *streamApp) waitFor(what string, cond func(view string) bool) string {
	a.t.Helper()
	return testkit.WaitFor(a.t, 10*time.Second, what, a.probe.Frame, cond)
}

// waitReady waits until the frame holds every sub and nothing loads.
func (a *streamApp) waitReady(subs ...string) string {
	a.t.Helper()
	return a.waitFor(strings.Join(subs, ", ")+" (loaded)", func(v string) bool {
		if strings.Contains(v, "loading") {
			return false
		}
		for _, s := range subs {
			if !strings.Contains(v, s) {
				return false
			}
		}
		return true
	})
}

// waitStream waits until the output stream satisfies cond.
func (a *streamApp) waitStream(what string, cond func(out string) bool) string {
	a.t.Helper()
	return testkit.WaitFor(a.t, 10*time.Second, what, a.out.String, cond)
}

// osc52Re matches an OSC 52 clipboard write, plain or inside tmux's
// passthrough (where its ESC is doubled).
var osc52Re = regexp.MustCompile(`\x1b\]52;c;([A-Za-z0-9+/=]*)\x07`)

// clipboard is every payload the stream wrote with OSC 52, decoded.
func clipboard(t *testing.T, out string) []string {
	t.Helper()
	var got []string
	for _, m := range osc52Re.FindAllStringSubmatch(out, -1) {
		b, err := base64.StdEncoding.DecodeString(m[1])
		if err != nil {
			t.Fatalf("OSC 52 payload is not base64: %v", err)
		}
		got = append(got, string(b))
	}
	return got
}

// osc8Re matches the start of an OSC 8 hyperlink and captures its target.
var osc8Re = regexp.MustCompile(`\x1b\]8;[^;\x07]*;([^\x07\x1b]+)\x07`)

// linkTargets is every OSC 8 target the stream wrote.
func linkTargets(out string) map[string]bool {
	got := map[string]bool{}
	for _, m := range osc8Re.FindAllStringSubmatch(out, -1) {
		got[m[1]] = true
	}
	return got
}
