package model

// Program tests: the real program (Bubble Tea, teatest) on the sandbox over
// loopback HTTP, with golden files of the final view at 80x24 and 120x40.
// Goldens are deterministic: fixed sandbox seed and clock, no simulation
// (tick 0), a fixed model clock (latency shows 0 ms), and the sandbox's
// random port hidden behind a fixed host name. Regenerate with
//
//	go test ./model -run TestProgram -update

import (
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/charmbracelet/x/exp/teatest"
	"github.com/muesli/termenv"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/api/sandbox"
	"github.com/stratop/stratop/internal/testkit"
)

func TestMain(m *testing.M) {
	lipgloss.SetColorProfile(termenv.Ascii)
	os.Exit(m.Run())
}

// sandboxClient is the API client of a test sandbox behind a fixed host
// name, so that goldens do not depend on the port.
type sandboxClient struct{ *api.Client }

func (sandboxClient) Host() string { return "sandbox.test" }

// app is a running program on a sandbox.
type app struct {
	t     *testing.T
	w, h  int
	tm    *teatest.TestModel
	sb    *sandbox.Sandbox
	c     *api.Client
	probe testkit.Probe
	// written is the byte stream read so far from the program's output.
	written []byte
}

var sandboxEpoch = time.Date(2025, 6, 1, 9, 0, 0, 0, time.UTC)

// startApp runs the dashboard on a fresh sandbox (seed 1, 12 users, 60
// strategies, no simulation) at width x height, polling every 30 ms.
func startApp(t *testing.T, width, height int, opts ...Option) *app {
	t.Helper()
	return startAppOn(t, nil, width, height, opts...)
}

// startAppOn is startApp with extra sandbox options (e.g. WithoutTwoFactor).
func startAppOn(t *testing.T, sbOpts []sandbox.Option, width, height int, opts ...Option) *app {
	t.Helper()
	return startAppWith(t, sbOpts, nil, width, height, opts...)
}

// startAppWith is startAppOn with the client wrapped by wrap (nil: none),
// for tests that need another party acting at the moment of a request.
func startAppWith(t *testing.T, sbOpts []sandbox.Option, wrap func(sandboxClient) API, width, height int, opts ...Option) *app {
	t.Helper()
	return startAppFull(t, sbOpts, wrap, nil, width, height, opts...)
}

// startAppAfter is startAppOn running prep on the sandbox before the
// program starts: the Activity compares every read from the first, so a
// change made once the program runs is a change it may report.
func startAppAfter(t *testing.T, sbOpts []sandbox.Option, prep func(sb *sandbox.Sandbox, c *api.Client), width, height int, opts ...Option) *app {
	t.Helper()
	return startAppFull(t, sbOpts, nil, prep, width, height, opts...)
}

// testSandbox serves a fresh sandbox over loopback (seed 1, 12 users, 60
// strategies, no simulation, a fixed clock; then sbOpts) until the test
// ends, and returns it with a client that does not retry.
func testSandbox(t *testing.T, sbOpts ...sandbox.Option) (*sandbox.Sandbox, *api.Client) {
	t.Helper()
	sbOpts = append([]sandbox.Option{sandbox.WithSeed(1), sandbox.WithTick(0), sandbox.WithUsers(12), sandbox.WithStrategies(60),
		sandbox.WithClock(func() time.Time { return sandboxEpoch })}, sbOpts...)
	sb := sandbox.New(sbOpts...)
	srv := httptest.NewServer(sb)
	t.Cleanup(srv.Close)
	t.Cleanup(sb.Close)
	c, err := api.New(srv.URL, api.WithCredentials(api.Credentials{Key: sandbox.DemoKey, Secret: sandbox.DemoSecret}),
		api.WithRetries(0), api.WithTimeout(2*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	return sb, c
}

// appOptions are the options every program test starts from (a fixed
// clock, fast polls, page size 20), then opts.
func appOptions(opts ...Option) []Option {
	return append([]Option{
		WithClock(func() time.Time { return t0 }),
		WithInterval(30 * time.Millisecond),
		WithMaxBackoff(120 * time.Millisecond),
		WithFetchTimeout(2 * time.Second),
		WithProfile("demo"),
		WithPageSize(20),
	}, opts...)
}

func startAppFull(t *testing.T, sbOpts []sandbox.Option, wrap func(sandboxClient) API, prep func(sb *sandbox.Sandbox, c *api.Client), width, height int, opts ...Option) *app {
	t.Helper()
	sb, c := testSandbox(t, sbOpts...)
	if prep != nil {
		prep(sb, c)
	}
	opts = appOptions(opts...)
	var client API = sandboxClient{c}
	if wrap != nil {
		client = wrap(sandboxClient{c})
	}
	m := New(t.Context(), client, opts...)
	pr := testkit.NewProbe(m.Tea())
	tm := teatest.NewTestModel(t, pr, teatest.WithInitialTermSize(width, height))
	a := &app{t: t, w: width, h: height, tm: tm, sb: sb, c: c, probe: pr}
	t.Cleanup(func() { testkit.Stop(t, tm) })
	return a
}

// waitFor waits until the latest frame satisfies cond.
func (a *app) waitFor(what string, cond func(view string) bool) {
	a.t.Helper()
	testkit.WaitFor(a.t, 10*time.Second, what, a.probe.Frame, cond)
}

// frame is the latest frame.
func (a *app) frame() string { return a.probe.Frame() }

// waitText waits until the frame contains every one of subs.
func (a *app) waitText(subs ...string) {
	a.t.Helper()
	a.waitFor(strings.Join(subs, ", "), func(v string) bool {
		for _, s := range subs {
			if !strings.Contains(v, s) {
				return false
			}
		}
		return true
	})
}

// waitReady waits until the frame contains every one of subs and nothing
// on it is loading.
func (a *app) waitReady(subs ...string) {
	a.t.Helper()
	a.waitFor(strings.Join(subs, ", ")+" (loaded)", func(v string) bool {
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

// keys types keys: names as in keyMsg, one by one.
func (a *app) keys(keys ...string) {
	for _, k := range keys {
		a.tm.Send(keyMsg(k))
	}
}

// finish quits and compares the final frame with the golden file.
func (a *app) finish() {
	a.t.Helper()
	_ = a.tm.Quit()
	fm := a.tm.FinalModel(a.t, teatest.WithFinalTimeout(5*time.Second))
	m, ok := FromTea(fm.(testkit.Probe).Inner)
	if !ok {
		a.t.Fatal("final model is not the dashboard")
	}
	v := m.View()
	if a.w > 0 {
		lines := strings.Split(v, "\n")
		if len(lines) != a.h {
			a.t.Errorf("frame has %d lines, want %d", len(lines), a.h)
		}
		for i, l := range lines {
			if w := ansi.StringWidth(l); w > a.w {
				a.t.Errorf("line %d is %d cells wide (terminal %d): %q", i+1, w, a.w, l)
			}
		}
	}
	golden.RequireEqual(a.t, []byte(v))
}

// sizes are the terminal sizes every program test runs at.
var sizes = []struct {
	name          string
	width, height int
}{{"80x24", 80, 24}, {"120x40", 120, 40}}

func forSizes(t *testing.T, run func(t *testing.T, w, h int)) {
	for _, s := range sizes {
		t.Run(s.name, func(t *testing.T) { run(t, s.width, s.height) })
	}
}

func TestProgramOverview(t *testing.T) {
	forSizes(t, func(t *testing.T, w, h int) {
		a := startApp(t, w, h)
		a.waitReady("12 users", "active", "listed", "last good")
		a.finish()
	})
}

func TestProgramStrategies(t *testing.T) {
	forSizes(t, func(t *testing.T, w, h int) {
		a := startApp(t, w, h)
		a.keys("2")
		a.waitReady("page 1 of 3")
		a.keys("]")
		a.waitReady("page 2 of 3")
		a.keys("down", "down")
		a.finish()
	})
}

func TestProgramStrategyFilters(t *testing.T) {
	forSizes(t, func(t *testing.T, w, h int) {
		a := startApp(t, w, h)
		a.keys("2")
		a.waitReady("page 1 of 3")
		// status: active; chain: Base.
		a.keys("f", "down", "right", "right", "right", "down", "enter")
		a.waitReady("status active, chain Base")
		a.waitFor("only active Base rows", func(v string) bool {
			return strings.Contains(v, " BASE ") && !strings.Contains(v, " SOL ") && !strings.Contains(v, "paused ") && !strings.Contains(v, "loading")
		})
		a.finish()
	})
}

func TestProgramStrategyDetail(t *testing.T) {
	forSizes(t, func(t *testing.T, w, h int) {
		a := startApp(t, w, h)
		a.keys("2")
		a.waitReady("page 1 of 3")
		a.keys("down", "enter")
		a.waitReady("Strategy ", "deposit")
		a.finish()
	})
}

func TestProgramDetailBesideOnWideTerminal(t *testing.T) {
	a := startApp(t, 200, 60)
	a.keys("2")
	a.waitReady("page 1 of 3")
	a.keys("enter")
	a.waitReady("Latest transactions")
	v := a.frame()
	if !strings.Contains(lineWith(v, "page 1 of 3"), "│ Strategy ") {
		t.Fatalf("pane not beside the list at 200 columns:\n%s", v)
	}
	a.finish()
}

func TestProgramPools(t *testing.T) {
	forSizes(t, func(t *testing.T, w, h int) {
		a := startApp(t, w, h)
		a.keys("3")
		a.waitReady("SYMBOL", "WETH")
		a.keys("enter")
		a.waitReady("price        $")
		a.finish()
	})
}

func TestProgramUsersDrillDown(t *testing.T) {
	forSizes(t, func(t *testing.T, w, h int) {
		a := startApp(t, w, h)
		a.keys("4")
		a.waitReady("12 users")
		a.keys("down", "down", "enter")
		a.waitReady("Native balances", "e-mail       ")
		chosen := a.sb.Users()[2].ExternalUserID
		a.waitText("user " + chosen)
		a.keys("2")
		a.waitReady("gains by chain", "strategies,", "PROG")
		a.finish()
	})
}

func TestProgramUsersFilter(t *testing.T) {
	a := startApp(t, 120, 40)
	a.keys("4")
	a.waitReady("12 users")
	u := a.sb.Users()[5]
	frag := strings.ToUpper(u.ExternalUserID[len(u.ExternalUserID)-4:])
	a.keys("/")
	for _, r := range frag {
		a.keys(string(r))
	}
	a.waitReady("1 of 12 users", u.ExternalUserID)
	a.finish()
}

func TestProgramStaleAndRecovery(t *testing.T) {
	forSizes(t, func(t *testing.T, w, h int) {
		a := startApp(t, w, h)
		a.keys("2")
		a.waitReady("page 1 of 3")
		a.sb.SetFaults(sandbox.Faults{Down: true})
		a.waitText("STALE", "cannot reach sandbox.test")
		if v := a.frame(); !strings.Contains(v, "page 1 of 3") {
			t.Fatalf("last good data not kept while stale:\n%s", v)
		}
		a.sb.SetFaults(sandbox.Faults{})
		a.waitFor("recovery", func(v string) bool {
			return !strings.Contains(v, "STALE") && !strings.Contains(v, "loading") && strings.Contains(v, "page 1 of 3")
		})
		a.finish()
	})
}

func TestProgramUnauthorized(t *testing.T) {
	sb := sandbox.New(sandbox.WithSeed(1), sandbox.WithUsers(3), sandbox.WithStrategies(5))
	srv := httptest.NewServer(sb)
	defer srv.Close()
	c, err := api.New(srv.URL, api.WithCredentials(api.Credentials{Key: "wrong", Secret: "wrong"}), api.WithRetries(0))
	if err != nil {
		t.Fatal(err)
	}
	// A long interval: the first two fetches' requests (stats, and the five
	// of the counts) are the only ones before the golden is taken; health
	// counts each request.
	m := New(t.Context(), sandboxClient{c}, WithClock(func() time.Time { return t0 }), WithInterval(time.Hour))
	pr := testkit.NewProbe(m.Tea())
	tm := teatest.NewTestModel(t, pr, teatest.WithInitialTermSize(80, 24))
	a := &app{t: t, w: 80, h: 24, tm: tm, sb: sb, probe: pr}
	a.waitText("credentials rejected: run stratop login", "6 in a row", "no stats")
	a.finish()
}
