package dashboard

import (
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/teatest"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/api/sandbox"
	"github.com/stratop/stratop/internal/factory"
	"github.com/stratop/stratop/internal/testkit"
	"github.com/stratop/stratop/keys"
	"github.com/stratop/stratop/model"
)

// The demo's dashboard, built from its context as --demo builds it, shows
// in a confirmation the line that reaches its sandbox from a shell (the
// address of this run, in the environment), not a --profile demo no shell
// has.
func TestDemoConfirmationShowsTheLineThatReachesItsSandbox(t *testing.T) {
	home := t.TempDir()
	env := map[string]string{"HOME": home, "XDG_CONFIG_HOME": filepath.Join(home, "config"), "XDG_STATE_HOME": filepath.Join(home, "state")}
	getenv := func(k string) string { return env[k] }
	f := &factory.Factory{Getenv: getenv, Keys: keys.Config{Dir: t.TempDir(), Getenv: getenv, Keyring: keys.NewMemStore()}}
	sb := sandbox.New(sandbox.WithSeed(1), sandbox.WithTick(0), sandbox.WithUsers(4), sandbox.WithStrategies(20))
	srv := httptest.NewServer(sb)
	t.Cleanup(srv.Close)
	t.Cleanup(sb.Close)

	c, err := f.Demo(factory.Dashboard, srv.URL, api.Credentials{Key: sandbox.DemoKey, Secret: sandbox.DemoSecret})
	if err != nil {
		t.Fatal(err)
	}
	client, err := c.Client()
	if err != nil {
		t.Fatal(err)
	}
	p, err := client.ListStrategies(t.Context(), api.StrategyFilter{Page: 1, PageSize: 20})
	if err != nil || len(p.Strategies) == 0 || !sb.SetStrategyStatus(p.Strategies[0].ID, api.StatusActive) {
		t.Fatalf("first strategy: %v", err)
	}
	opts, err := dashboardOptions(c)
	if err != nil {
		t.Fatal(err)
	}
	m := model.New(t.Context(), client, append([]model.Option{model.WithProfile(c.Profile), model.WithPageSize(20)}, opts...)...)
	pr := testkit.NewProbe(m.Tea())
	tm := teatest.NewTestModel(t, pr, teatest.WithInitialTermSize(120, 40))
	t.Cleanup(func() { testkit.Stop(t, tm) })
	tm.Send(testkit.Key("2"))
	testkit.WaitFor(t, 10*time.Second, "the first page", pr.Frame, func(v string) bool { return strings.Contains(v, "page 1 of 1") })
	tm.Send(testkit.Runes("s"))
	v := testkit.WaitFor(t, 10*time.Second, "the suspend dialog", pr.Frame, func(v string) bool { return strings.Contains(v, "c copy command") })
	if !strings.Contains(v, keys.EnvBaseURL+"="+srv.URL) || !strings.Contains(v, "while this demo runs") {
		t.Fatalf("the demo's dialog does not say how a shell reaches its sandbox at %s:\n%s", srv.URL, v)
	}
}
