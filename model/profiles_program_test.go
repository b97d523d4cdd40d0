package model

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/teatest"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/api/sandbox"
	"github.com/stratop/stratop/internal/termout"
	"github.com/stratop/stratop/internal/testkit"
)

// namedSandbox serves a sandbox of its own size and returns its client
// under a host name.
func namedSandbox(t *testing.T, host string, users, strategies int) hostClient {
	t.Helper()
	_, c := testSandbox(t, sandbox.WithSeed(int64(users)), sandbox.WithUsers(users), sandbox.WithStrategies(strategies))
	return hostClient{c, host}
}

type hostClient struct {
	*api.Client
	host string
}

func (h hostClient) Host() string { return h.host }

// slowStats holds every stats read while hold is set, until release is
// closed, and then answers with the sandbox's data, ignoring the cancelled
// context: a reply racing the switch.
type slowStats struct {
	hostClient
	hold     atomic.Bool
	release  chan struct{}
	held     atomic.Int32
	answered atomic.Int32
}

func (s *slowStats) GetDashboardStats(ctx context.Context) (*api.DashboardStats, error) {
	if !s.hold.Load() {
		return s.hostClient.GetDashboardStats(ctx)
	}
	s.held.Add(1)
	<-s.release
	defer s.answered.Add(1)
	return s.hostClient.GetDashboardStats(context.Background())
}

func TestProgramSwitchProfileBetweenTwoSandboxes(t *testing.T) {
	alpha := &slowStats{hostClient: namedSandbox(t, "alpha.test", 12, 40), release: make(chan struct{})}
	beta := namedSandbox(t, "beta.test", 5, 9)
	profiles := fakeProfiles{
		list:    []ProfileChoice{{Name: "alpha", Label: "PROD"}, {Name: "beta", Label: "STAGING"}},
		clients: map[string]API{"alpha": alpha, "beta": beta},
		opts:    map[string][]Option{"beta": {WithLabel("STAGING")}},
	}
	term := &testkit.Buffer{} // where the model writes outside frames: the title
	m := New(t.Context(), alpha, WithProfile("alpha"), WithLabel("PROD"), WithProfiles(profiles),
		WithInterval(30*time.Millisecond), WithClock(func() time.Time { return t0 }), WithTerminal(termout.New(term)))
	pr := testkit.NewProbe(m.Tea())
	tm := teatest.NewTestModel(t, pr, teatest.WithInitialTermSize(120, 30))
	t.Cleanup(func() { testkit.Stop(t, tm) })
	header := func() string { return lineWith(pr.Frame(), "stratop") }
	testkit.WaitFor(t, 10*time.Second, "alpha's stats", pr.Frame, func(string) bool {
		return strings.Contains(header(), "12 users") && strings.Contains(header(), "PROD")
	})

	alpha.hold.Store(true)
	testkit.WaitFor(t, 10*time.Second, "a stats read of alpha in flight", pr.Frame, func(string) bool { return alpha.held.Load() > 0 })
	tm.Send(testkit.Runes("P"))
	testkit.WaitFor(t, 10*time.Second, "the switcher", pr.Frame, func(v string) bool {
		return strings.Contains(v, "Switch profile") && strings.Contains(v, "STAGING") && strings.Contains(v, "(in use)")
	})
	tm.Send(testkit.Key("down"))
	tm.Send(testkit.Key("enter"))
	testkit.WaitFor(t, 10*time.Second, "beta's stats", pr.Frame, func(string) bool {
		return strings.Contains(header(), "5 users · 9 strategies") && strings.Contains(header(), "beta.test") && strings.Contains(header(), "STAGING")
	})

	close(alpha.release)
	testkit.WaitFor(t, 10*time.Second, "alpha's late reply", pr.Frame, func(string) bool { return alpha.answered.Load() > 0 })
	// Let the late reply reach Update and a few of beta's polls pass.
	deadline := time.Now().Add(300 * time.Millisecond)
	for time.Now().Before(deadline) {
		if h := header(); strings.Contains(h, "12 users") || strings.Contains(h, "PROD") || !strings.Contains(h, "beta.test") {
			t.Fatalf("alpha shows again after the switch: %q", h)
		}
		time.Sleep(5 * time.Millisecond)
	}

	for _, title := range []string{"stratop · alpha · alpha.test", "stratop · beta · beta.test"} {
		if !strings.Contains(term.String(), "\x1b]2;"+title+"\a") {
			t.Errorf("no window title %q written: %q", title, term.String())
		}
	}
}
