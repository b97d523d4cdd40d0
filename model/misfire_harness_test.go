package model

// The terminal harness of the misfire tests: the real program on the
// sandbox, its input a pipe written as a terminal would (each write one
// read, parsed by Bubble Tea's own input reader), every state-changing
// request the sandbox received recorded with its body, and the root's key
// trace (trace.go) recorded in order.

import (
	"io"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/action"
	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/api/sandbox"
	"github.com/stratop/stratop/internal/testkit"
)

// traceLog records the key trace.
type traceLog struct {
	mu     sync.Mutex
	events []traceEvent
	keys   int // key events among them
	sizes  int // resize events among them
}

func (l *traceLog) add(ev traceEvent) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.events = append(l.events, ev)
	if ev.key != "" {
		l.keys++
	} else {
		l.sizes++
	}
}

func (l *traceLog) counts() (keys, sizes int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.keys, l.sizes
}

func (l *traceLog) all() []traceEvent {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]traceEvent(nil), l.events...)
}

// last is the latest event (zero before any).
func (l *traceLog) last() traceEvent {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.events) == 0 {
		return traceEvent{}
	}
	return l.events[len(l.events)-1]
}

// rig is the dashboard in a program reading a pipe, on a recording sandbox.
type rig struct {
	t      *testing.T
	sb     *sandbox.Sandbox
	c      *api.Client
	probe  testkit.Probe
	prog   *tea.Program
	in     *io.PipeWriter
	reads  *countingReader
	synced *atomic.Uint64
	posts  *postLog
	trace  *traceLog
	done   chan struct{}
	w, h   int
	closed bool
	syncs  uint64
	sent   int64 // bytes written to the input
}

// countingReader tells how much of the input the program has dispatched:
// Bubble Tea reads again only once every message parsed from the previous
// read is taken by its event loop, so the bytes consumed before a read
// begins are dispatched.
type countingReader struct {
	r          io.Reader
	consumed   int64 // the reader goroutine's own
	dispatched atomic.Int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	c.dispatched.Store(c.consumed)
	n, err := c.r.Read(p)
	c.consumed += int64(n)
	return n, err
}

// syncMsg marks a point in the program's message queue.
type syncMsg uint64

// shownQuery asks the program, in its own goroutine, what it shows now.
type shownQuery chan screenNow

// screenNow is what an operator reads before typing: the dialog open, the
// strategy selected under it, and whether an action is still on its way
// (sent, not answered).
type screenNow struct {
	dialog shownDialog
	// ask is how an operator asks for a y/n question from here: down to
	// the nearest strategy listed that can be suspended or resumed, and
	// its key (s alone when none can: a refusal).
	ask  []keyToken
	verb string // the action of ask ("suspend" when none)
	// layer: something other than the tab takes the keys (the command
	// line, the switcher, the help, a text input).
	layer bool
	busy  bool
}

// screenOf reads m as an operator would.
func screenOf(m Model) screenNow {
	sc := screenNow{ask: []keyToken{runeToken("s")}, verb: "suspend"}
	sc.layer = m.palette != nil || m.switcher != nil || m.showHelp || m.tabs[m.active].Capturing()
	if m.acts.overlay != nil {
		sc.dialog = m.acts.overlay.shown()
	} else if t, ok := m.tabs[m.active].(strategiesTab); ok && !m.hidden() && !t.pane.pinned && t.pane.list.data != nil {
		items := t.pane.list.data.items
		for pos := t.pane.tbl.cursor; pos < t.pane.tbl.len(); pos++ {
			row := t.pane.tbl.rowAt(pos)
			if row >= len(items) {
				break
			}
			s, spec := items[row].Strategy, action.Suspend
			if !spec.Permits(s) {
				spec = action.Resume
			}
			if spec.Permits(s) {
				sc.ask = append(slices.Repeat([]keyToken{runeToken("j")}, pos-t.pane.tbl.cursor), runeToken(spec.Name[:1]))
				sc.verb = spec.Name
				break
			}
		}
	}
	sc.busy = len(m.acts.inflight) > 0
	for _, j := range m.acts.jobs.byUser {
		sc.busy = sc.busy || j.sending
	}
	return sc
}

// dashboardOf unwraps the dashboard from the models wrapping it.
func dashboardOf(tm tea.Model) (Model, bool) {
	switch v := tm.(type) {
	case testkit.Probe:
		return dashboardOf(v.Inner)
	case brokenDialogs:
		return dashboardOf(v.inner)
	}
	return FromTea(tm)
}

// syncer records the syncMsgs that reached the program's Update, in order
// behind every message queued before them.
type syncer struct {
	tea.Model
	seen *atomic.Uint64
}

func (s syncer) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case syncMsg:
		s.seen.Store(uint64(msg))
		return s, nil
	case shownQuery:
		var sc screenNow
		if m, ok := dashboardOf(s.Model); ok {
			sc = screenOf(m)
		}
		msg <- sc
		return s, nil
	}
	m, cmd := s.Model.Update(msg)
	return syncer{Model: m, seen: s.seen}, cmd
}

// startRig runs the dashboard (the program tests' options, then opts) at
// width x height on a fresh sandbox (the program tests' seed, then sbOpts).
func startRig(t *testing.T, sbOpts []sandbox.Option, width, height int, opts ...Option) *rig {
	t.Helper()
	return startRigWith(t, rigSetup{sandbox: sbOpts}, width, height, opts...)
}

// rigSetup is what a rig may change beyond the options: the sandbox's
// options, a wrapper of the program's model (for a deliberately broken
// dashboard), and the profiles offered by the switcher.
type rigSetup struct {
	sandbox  []sandbox.Option
	wrap     func(tea.Model) tea.Model
	profiles func(API) Profiles
}

func startRigWith(t *testing.T, setup rigSetup, width, height int, opts ...Option) *rig {
	t.Helper()
	sbOpts := append([]sandbox.Option{sandbox.WithSeed(1), sandbox.WithTick(0), sandbox.WithUsers(12), sandbox.WithStrategies(60),
		sandbox.WithClock(func() time.Time { return sandboxEpoch })}, setup.sandbox...)
	sb := sandbox.New(sbOpts...)
	posts := &postLog{}
	srv := httptest.NewServer(posts.wrap(sb))
	t.Cleanup(srv.Close)
	t.Cleanup(sb.Close)
	c, err := api.New(srv.URL, api.WithCredentials(api.Credentials{Key: sandbox.DemoKey, Secret: sandbox.DemoSecret}),
		api.WithRetries(0), api.WithTimeout(2*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	tr := &traceLog{}
	posts.seq = func() int { k, _ := tr.counts(); return k }
	opts = appOptions(append([]Option{withTrace(tr.add), WithExportDir(t.TempDir())}, opts...)...)
	if setup.profiles != nil {
		opts = append(opts, WithProfiles(setup.profiles(sandboxClient{c})))
	}
	var tm tea.Model = New(t.Context(), sandboxClient{c}, opts...).Tea()
	if setup.wrap != nil {
		tm = setup.wrap(tm)
	}
	pr := testkit.NewProbe(tm)
	inR, inW := io.Pipe()
	reads, synced := &countingReader{r: inR}, &atomic.Uint64{}
	prog := tea.NewProgram(syncer{Model: pr, seen: synced}, tea.WithInput(reads), tea.WithOutput(io.Discard), tea.WithoutSignals())
	r := &rig{t: t, sb: sb, c: c, probe: pr, prog: prog, in: inW, reads: reads, synced: synced, posts: posts, trace: tr,
		done: make(chan struct{}), w: width, h: height}
	go func() {
		defer close(r.done)
		if _, err := prog.Run(); err != nil {
			t.Errorf("program: %v", err)
		}
	}()
	t.Cleanup(r.stop)
	r.resize(width, height)
	return r
}

// withTrace reports every key the root takes (trace.go).
func withTrace(f func(traceEvent)) Option { return func(e *env) { e.trace = f } }

// stop quits the program and waits for it.
func (r *rig) stop() {
	if r.closed {
		return
	}
	r.closed = true
	r.prog.Quit()
	_ = r.in.Close()
	select {
	case <-r.done:
	case <-time.After(10 * time.Second):
		r.t.Error("the program did not quit")
	}
}

// write sends b in one write (one read of the program), waits until the
// program has handled every message parsed from it, and fails unless the
// root took exactly keys keys from it.
func (r *rig) write(b string, keys int) {
	r.t.Helper()
	if got := r.writeCount(b); got != keys {
		r.t.Fatalf("the root took %d keys from %q, want %d (keys grouped, not taken one by one)", got, b, keys)
	}
}

// writeCount sends b in one write and returns how many keys the root took
// from it (0 once the program has quit: a q typed on a list quits).
func (r *rig) writeCount(b string) int {
	r.t.Helper()
	before, _ := r.trace.counts()
	written := make(chan error, 1)
	go func() { _, err := r.in.Write([]byte(b)); written <- err }()
	select {
	case err := <-written:
		if err != nil {
			r.t.Fatalf("writing %q: %v", b, err)
		}
	case <-r.done:
		return 0
	}
	r.sent += int64(len(b))
	r.waitUntil("the program reading again after "+strconvQuote(b), func() bool { return r.reads.dispatched.Load() >= r.sent })
	r.syncs++
	n := r.syncs
	r.prog.Send(syncMsg(n))
	r.waitUntil("the program taking "+strconvQuote(b), func() bool { return r.synced.Load() >= n })
	after, _ := r.trace.counts()
	return after - before
}

// alive reports whether the program still runs.
func (r *rig) alive() bool {
	select {
	case <-r.done:
		return false
	default:
		return true
	}
}

// shown is what the program shows now, as its own goroutine sees it.
func (r *rig) shown() screenNow {
	q := make(shownQuery, 1)
	r.prog.Send(q)
	select {
	case sc := <-q:
		return sc
	case <-r.done:
		return screenNow{}
	case <-time.After(10 * time.Second):
		r.t.Fatal("the program did not answer what it shows")
	}
	return screenNow{}
}

func (r *rig) waitUntil(what string, cond func() bool) {
	r.t.Helper()
	r.waitTrace(what, func(int, int) bool { return cond() })
}

// resize changes the terminal's size and waits until the root took it.
func (r *rig) resize(w, h int) {
	r.t.Helper()
	_, before := r.trace.counts()
	r.w, r.h = w, h
	r.prog.Send(tea.WindowSizeMsg{Width: w, Height: h})
	r.waitTrace("resize", func(_, s int) bool { return s > before })
}

func (r *rig) waitTrace(what string, cond func(keys, sizes int) bool) {
	r.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		if cond(r.trace.counts()) || !r.alive() {
			return
		}
		if time.Now().After(deadline) {
			r.t.Fatalf("waiting for %s; last frame:\n%s", what, r.probe.Frame())
		}
		time.Sleep(time.Millisecond)
	}
}

// waitFor waits until the latest frame satisfies cond.
func (r *rig) waitFor(what string, cond func(view string) bool) {
	r.t.Helper()
	testkit.WaitFor(r.t, 10*time.Second, what, r.probe.Frame, cond)
}

func (r *rig) waitText(subs ...string) {
	r.t.Helper()
	r.waitFor(strings.Join(subs, ", "), func(v string) bool {
		for _, s := range subs {
			if !strings.Contains(v, s) {
				return false
			}
		}
		return true
	})
}

func strconvQuote(s string) string { return strconv.Quote(s) }

func parseID(s string) (int64, error) { return strconv.ParseInt(s, 10, 64) }
