package hostile_test

// A harness that runs the real dashboard program (model.New, Bubble Tea,
// teatest) and checks every frame it draws and every byte it writes.

import (
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest"
	"github.com/muesli/termenv"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/api/sandbox"
	"github.com/stratop/stratop/internal/hostile"
	"github.com/stratop/stratop/internal/testkit"
	"github.com/stratop/stratop/model"
	"github.com/stratop/stratop/ui"
)

func TestMain(m *testing.M) {
	lipgloss.SetColorProfile(termenv.Ascii)
	os.Exit(m.Run())
}

// Timing of the programs under test: fast polls so that a test sees many,
// a short backoff cap so that recovery is quick.
const (
	testInterval   = 50 * time.Millisecond
	testMaxBackoff = 300 * time.Millisecond
	testFetch      = time.Second // fetch timeout; also the client's per-attempt timeout
	waitLimit      = 15 * time.Second
)

// run is a dashboard program under test.
type run struct {
	t      *testing.T
	tm     *teatest.TestModel
	st     *frameCheck
	width  int
	height int
}

// startProgram runs the dashboard on baseURL at width x height.
func startProgram(t *testing.T, baseURL string, width, height int, opts ...model.Option) *run {
	t.Helper()
	c, err := api.New(baseURL, api.WithRetries(0), api.WithTimeout(testFetch),
		api.WithCredentials(api.Credentials{Key: "hostile-key", Secret: "hostile-secret"}))
	if err != nil {
		t.Fatal(err)
	}
	return startProgramWith(t, c, width, height, opts...)
}

// newSandboxClient is a client of a sandbox with its demo credentials.
func newSandboxClient(baseURL string) (*api.Client, error) {
	return api.New(baseURL, api.WithRetries(0), api.WithTimeout(testFetch),
		api.WithCredentials(api.Credentials{Key: sandbox.DemoKey, Secret: sandbox.DemoSecret}))
}

// startProgramWith runs the dashboard on client c at width x height.
func startProgramWith(t *testing.T, c model.API, width, height int, opts ...model.Option) *run {
	t.Helper()
	return startProgramForbidding(t, c, width, height, nil, opts...)
}

// startProgramForbidding is startProgramWith that also fails on any frame or
// output byte holding one of forbidden, from the very first frame. It is set
// before the program starts because its View runs on another goroutine.
func startProgramForbidding(t *testing.T, c model.API, width, height int, forbidden []string, opts ...model.Option) *run {
	t.Helper()
	// Explorer links on, as by default: no hostile value may become one.
	opts = append([]model.Option{model.WithInterval(testInterval), model.WithMaxBackoff(testMaxBackoff),
		model.WithFetchTimeout(testFetch), model.WithProfile("hostile"), model.WithExplorers(ui.NewExplorers(nil))}, opts...)
	st := &frameCheck{width: width, height: height, step: "first frame", forbidden: forbidden}
	m := model.New(t.Context(), c, opts...)
	tm := teatest.NewTestModel(t, guard{inner: m.Tea(), st: st}, teatest.WithInitialTermSize(width, height))
	r := &run{t: t, tm: tm, st: st, width: width, height: height}
	t.Cleanup(func() { _ = tm.Quit() })
	return r
}

// step names what the test does next, for failure messages, then sends keys.
func (r *run) step(name string, keys ...string) {
	r.drain()
	r.st.mu.Lock()
	r.st.step = name
	r.st.mu.Unlock()
	for _, k := range keys {
		r.tm.Send(testkit.Key(k))
	}
}

// waitFor waits until the latest frame, as text without its styles,
// satisfies cond, draining the output stream meanwhile; it fails with the
// last frame after waitLimit.
func (r *run) waitFor(what string, cond func(frame string) bool) string {
	r.t.Helper()
	deadline := time.Now().Add(waitLimit)
	for {
		r.drain()
		f, ok := r.st.frame()
		f = ansi.Strip(f)
		if ok && cond(f) {
			return f
		}
		if time.Now().After(deadline) {
			r.t.Fatalf("step %q: waiting for %s; last frame:\n%s", r.st.currentStep(), what, f)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// ready waits until nothing on the frame is loading and every sub is shown.
func (r *run) ready(subs ...string) string {
	r.t.Helper()
	return r.waitFor("a loaded frame with "+strings.Join(subs, ", "), func(f string) bool {
		if strings.Contains(f, "loading") {
			return false
		}
		for _, s := range subs {
			if !strings.Contains(f, s) {
				return false
			}
		}
		return true
	})
}

// readyAfterLateAnswers is ready for a step after an action was sent: the
// hostile server may answer it only after the step's keys were taken, and
// its answer then opens the result dialog over the list, as it should. Each
// such dialog is closed with esc until the list shows.
func (r *run) readyAfterLateAnswers(subs ...string) string {
	r.t.Helper()
	for range 5 {
		f := r.waitFor("a loaded frame with "+strings.Join(subs, ", ")+" or a result dialog", func(f string) bool {
			if resultShown(f) {
				return true
			}
			return !strings.Contains(f, "loading") && containsAll(f, subs)
		})
		if !resultShown(f) {
			return f
		}
		r.tm.Send(testkit.Key("esc"))
	}
	return r.ready(subs...)
}

// resultShown says a result dialog is open: its hint ends in "closes".
func resultShown(f string) bool {
	return strings.Contains(f, "esc closes") || strings.Contains(f, "any other key closes")
}

func containsAll(f string, subs []string) bool {
	for _, s := range subs {
		if !strings.Contains(f, s) {
			return false
		}
	}
	return true
}

// drain moves what the program wrote since the last drain into the checked
// stream. io.ReadAll empties teatest's buffer, which holds whole writes.
func (r *run) drain() {
	b, _ := io.ReadAll(r.tm.Output())
	r.st.stream(b)
}

// finish quits the program and fails the test with every problem found in
// its frames and output stream.
func (r *run) finish() {
	r.t.Helper()
	r.drain()
	_ = r.tm.Quit()
	out, _ := io.ReadAll(r.tm.FinalOutput(r.t, teatest.WithFinalTimeout(5*time.Second)))
	r.st.stream(out)
	r.st.report(r.t)
}

// colourSGR matches an SGR sequence that sets a foreground or background
// colour.
var colourSGR = regexp.MustCompile(`\x1b\[(?:[0-9]+;)*(?:3[0-8]|4[0-8]|9[0-7]|10[0-7])(?:;[0-9]+)*m`)

// guard wraps the program's model and checks every frame it draws.
type guard struct {
	inner tea.Model
	st    *frameCheck
}

func (g guard) Init() tea.Cmd { return g.inner.Init() }

func (g guard) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	m, cmd := g.inner.Update(msg)
	if _, ok := msg.(tea.WindowSizeMsg); ok {
		g.st.mu.Lock()
		g.st.sized = true
		g.st.mu.Unlock()
	}
	return guard{inner: m, st: g.st}, cmd
}

// View checks the frame the renderer is about to write. The frame is
// checked here, raw, because teatest's output compressor re-encodes invalid
// UTF-8 before the stream can be inspected.
func (g guard) View() string {
	v := g.inner.View()
	g.st.view(v)
	return v
}

// frameCheck collects what went wrong, once per kind, with the step it
// happened in.
type frameCheck struct {
	width, height int

	mu       sync.Mutex
	step     string
	sized    bool
	last     string
	frames   int
	bytes    int
	seen     map[string]bool
	problems []string

	// forbidden are strings no frame or output byte may hold (secrets).
	forbidden []string
	// coloured is set once the stream holds a colour (SGR) sequence.
	coloured bool
}

// secret reports a forbidden string in s, from where.
func (c *frameCheck) secret(where, s string) {
	for _, f := range c.forbidden {
		if strings.Contains(s, f) {
			c.add("secret "+where, fmt.Sprintf("%s shows the forbidden string %q", where, f))
			return
		}
	}
}

func (c *frameCheck) currentStep() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.step
}

func (c *frameCheck) frame() (string, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.last, c.frames > 0
}

func (c *frameCheck) add(kind, detail string) {
	key := c.step + "|" + kind
	if c.seen == nil {
		c.seen = map[string]bool{}
	}
	if c.seen[key] || len(c.problems) >= 40 {
		return
	}
	c.seen[key] = true
	c.problems = append(c.problems, fmt.Sprintf("step %q: %s", c.step, detail))
}

// view checks one frame: no leak, no line wider than the terminal, no more
// lines than it has.
func (c *frameCheck) view(v string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.last = v
	c.frames++
	c.secret("a frame", v)
	where := "frame"
	if !c.sized {
		where = "frame before the window size arrived"
	}
	for _, leak := range hostile.Leaks([]byte(v)) {
		kind, _, _ := strings.Cut(leak, ":")
		c.add("leak "+kind, where+" leaks "+leak)
	}
	if !c.sized {
		return
	}
	lines := strings.Split(v, "\n")
	if len(lines) > c.height {
		c.add("height", fmt.Sprintf("%s has %d lines, the terminal %d", where, len(lines), c.height))
	}
	for i, l := range lines {
		if w := ansi.StringWidth(l); w > c.width {
			c.add(fmt.Sprintf("width line %d", i), fmt.Sprintf("%s line %d is %d cells wide, the terminal %d: %q",
				where, i+1, w, c.width, ansi.Truncate(ansi.Strip(l), 100, "…")))
		}
	}
}

// stream checks bytes the program wrote to the terminal.
func (c *frameCheck) stream(b []byte) {
	if len(b) == 0 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.bytes += len(b)
	c.coloured = c.coloured || colourSGR.Match(b)
	c.secret("the output stream", string(b))
	for _, leak := range hostile.Leaks(b) {
		kind, _, _ := strings.Cut(leak, ":")
		c.add("stream "+kind, "output stream leaks "+leak)
	}
}

func (c *frameCheck) report(t *testing.T) {
	t.Helper()
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.frames == 0 || c.bytes == 0 {
		t.Errorf("nothing checked: %d frames, %d bytes of output", c.frames, c.bytes)
	}
	for _, p := range c.problems {
		t.Error(p)
	}
}
