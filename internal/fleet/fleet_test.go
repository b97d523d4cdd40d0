package fleet_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/api/sandbox"
	"github.com/stratop/stratop/internal/factory"
	"github.com/stratop/stratop/internal/fleet"
	"github.com/stratop/stratop/internal/fleet/fleettest"
	"github.com/stratop/stratop/internal/testkit"
)

// Four integrations: slow, stopped, refusing the secret, and healthy with
// a halt. Each polls on its own: the healthy one keeps its pace while the
// slow one's read hangs, and rows come troubled first.
func TestFourIntegrationsEachAsTheyAre(t *testing.T) {
	slow := testkit.NewSandbox(t, sandbox.WithLatency(4*time.Second))
	wrong := testkit.NewSandbox(t)
	healthy := testkit.NewSandbox(t)
	halted := fleettest.HaltNewest(t, healthy.Client)
	fac, _ := fleettest.Factory(t,
		fleettest.Profile{Name: "slow", URL: slow.URL},
		fleettest.Profile{Name: "stopped", URL: fleettest.StoppedURL(t)},
		fleettest.Profile{Name: "wrong", URL: wrong.URL, Secret: "not-the-secret"},
		fleettest.Profile{Name: "healthy", URL: healthy.URL},
	)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	const interval = 200 * time.Millisecond
	f, err := fleet.Open(ctx, fac, fleet.Options{Interval: interval, Timeout: 10 * time.Second, Budget: 100000})
	if err != nil {
		t.Fatal(err)
	}
	f.Start(ctx)

	want := []struct {
		profile string
		state   fleet.State
	}{{"wrong", fleet.Rejected}, {"stopped", fleet.Failing}, {"slow", fleet.Stale}, {"healthy", fleet.OK}}
	var rows []fleet.Row
	deadline := time.Now().Add(3 * time.Second)
	for {
		rows = f.Rows()
		ok := len(rows) == len(want)
		for i := 0; ok && i < len(want); i++ {
			ok = rows[i].Profile == want[i].profile && rows[i].State == want[i].state
		}
		if ok {
			break
		}
		if time.Now().After(deadline) {
			for _, r := range rows {
				t.Logf("%s %s %s", r.Profile, r.State, r.Error)
			}
			t.Fatal("rows never stood as the integrations do, troubled first")
		}
		time.Sleep(50 * time.Millisecond)
	}
	// The slow one still waits; the healthy one's data is fresh.
	time.Sleep(3 * interval)
	rows = f.Rows()
	byName := map[string]fleet.Row{}
	for _, r := range rows {
		byName[r.Profile] = r
	}
	if r := byName["slow"]; r.State != fleet.Stale || r.AgeSeconds != nil {
		t.Errorf("slow: %s age %v, want STALE and never read", r.StateText(), r.AgeSeconds)
	}
	h := byName["healthy"]
	if age := time.Since(h.ReadAt); h.State != fleet.OK || age >= 2*interval {
		t.Errorf("healthy: %s, data %s old while the slow one waits, want ok under %s", h.StateText(), age, 2*interval)
	}
	if !slices.ContainsFunc(h.Halts(), func(m fleet.Mover) bool { return m.ID == halted }) {
		t.Errorf("healthy: halts %v do not name strategy %d", h.Halts(), halted)
	}
	if h.Strategies["paused"] == 0 || h.Users == nil {
		t.Errorf("healthy: counts %v users %v", h.Strategies, h.Users)
	}
	if r := byName["wrong"]; r.StateText() != "credentials rejected" {
		t.Errorf("wrong secret: %q", r.StateText())
	}
	if r := byName["stopped"]; r.Error == "" {
		t.Error("stopped: no error named")
	}
	s := fleet.Summarise(rows)
	if s.Integrations != 4 || s.Failing != 3 || s.WithHalts != 1 || s.NotAnswering != 3 {
		t.Errorf("summary %+v", s)
	}
}

// A fleet of a context already resolved (the demo's, which no profile
// names) polls that integration alone, and names the host its requests go
// to, as the dashboard's header does, not the demo's name for it.
func TestOfTheContextsGiven(t *testing.T) {
	sb := testkit.NewSandbox(t)
	fac, _ := fleettest.Factory(t, fleettest.Profile{Name: "saved", URL: fleettest.StoppedURL(t)})
	c, err := fac.Demo(factory.Dashboard, sb.URL, api.Credentials{Key: sandbox.DemoKey, Secret: sandbox.DemoSecret})
	if err != nil {
		t.Fatal(err)
	}
	f := fleet.Of(fac, fleet.Options{Budget: 100000}, c)
	f.PollOnce(context.Background())
	rows := f.Rows()
	if len(rows) != 1 || rows[0].State != fleet.OK || rows[0].Host != strings.TrimPrefix(sb.URL, "http://") {
		t.Fatalf("rows %+v, want the given context's integration alone, ok", rows)
	}
}
