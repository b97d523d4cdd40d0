package dashboard

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/charmbracelet/x/exp/teatest"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/api/sandbox"
	"github.com/stratop/stratop/internal/factory"
	"github.com/stratop/stratop/internal/testkit"
	"github.com/stratop/stratop/model"
)

// dashEnv is a sandbox behind a loopback server that records what it was
// asked, with HOME and every XDG directory in a temp dir.
type dashEnv struct {
	t   *testing.T
	sb  *sandbox.Sandbox
	srv *httptest.Server

	mu       sync.Mutex
	requests []string
}

func newDashEnv(t *testing.T) *dashEnv {
	t.Helper()
	e := &dashEnv{t: t, sb: sandbox.New(sandbox.WithUsers(4), sandbox.WithStrategies(45), sandbox.WithCredentials(canaryKey, canarySecret))}
	e.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		e.mu.Lock()
		e.requests = append(e.requests, r.Method+" "+r.URL.Path)
		e.mu.Unlock()
		e.sb.ServeHTTP(w, r)
	}))
	t.Cleanup(e.srv.Close)
	t.Cleanup(e.sb.Close)
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_STATE_HOME", filepath.Join(home, "state"))
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, "config"))
	t.Setenv("STRATOP_CONFIG", "")
	t.Setenv("STRATOP_PROFILE", "")
	t.Setenv("STRATOP_BASE_URL", "")
	t.Setenv("STRATOP_API_KEY", canaryKey)
	t.Setenv("STRATOP_API_SECRET", canarySecret)
	return e
}

// context is the dashboard's context of profile prod on the sandbox.
func (e *dashEnv) context() *factory.Context {
	e.t.Helper()
	f := factory.New()
	f.Globals = factory.Globals{Profile: "prod", BaseURL: e.srv.URL}
	c, err := f.Resolve(e.t.Context(), factory.Dashboard)
	if err != nil {
		e.t.Fatal(err)
	}
	return c
}

// writeSettings writes the settings file the commands read.
func (e *dashEnv) writeSettings(body string) {
	e.t.Helper()
	p := filepath.Join(os.Getenv("XDG_CONFIG_HOME"), "stratop", "config.toml")
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		e.t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
		e.t.Fatal(err)
	}
}

func (e *dashEnv) requestsSeen() []string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]string(nil), e.requests...)
}

func TestDashboardHeaderWearsTheLabelOnlyOnTheProfilesHost(t *testing.T) {
	e := newDashEnv(t)
	e.writeSettings("[profiles.prod]\nlabel = \"PRODLABEL\"\ncolor = \"red\"\n")
	c := e.context()
	client, err := c.Client()
	if err != nil {
		t.Fatal(err)
	}
	for _, own := range []bool{true, false} {
		c.Target.ProfileHost = own
		opts, err := dashboardOptions(c)
		if err != nil {
			t.Fatal(err)
		}
		m := model.New(t.Context(), client, append(opts, model.WithProfile("prod"))...)
		m, _ = m.Update(tea.WindowSizeMsg{Width: 120, Height: 30})
		head := strings.SplitN(m.View(), "\n", 2)[0]
		if got := strings.Contains(head, "PRODLABEL"); got != own {
			t.Errorf("on the profile's own host %v: the header %q shows the label: %v", own, head, got)
		}
	}
}

// The settings' require_reason reaches the dashboard: its confirmations
// say a reason is required, confirming without one sends nothing, and the
// refusal names the setting that asks for it.
func TestDashboardRequireReasonFromSettings(t *testing.T) {
	e := newDashEnv(t)
	e.writeSettings("[profiles.prod]\nrequire_reason = true\n")
	for id := int64(1); id <= 45; id++ {
		e.sb.SetStrategyStatus(id, api.StatusActive) // whichever row is first can be suspended
	}
	c := e.context()
	opts, err := dashboardOptions(c)
	if err != nil {
		t.Fatal(err)
	}
	client, err := c.Client()
	if err != nil {
		t.Fatal(err)
	}
	pr := testkit.NewProbe(model.New(t.Context(), client, append(opts, model.WithProfile("prod"))...).Tea())
	tm := teatest.NewTestModel(t, pr, teatest.WithInitialTermSize(120, 40))
	t.Cleanup(func() { _ = tm.Quit() })
	wait := func(what string) {
		t.Helper()
		testkit.WaitFor(t, 10*time.Second, what, pr.Frame, func(v string) bool { return strings.Contains(v, what) })
	}
	tm.Send(testkit.Key("2"))
	wait("row 1 of 45")
	tm.Send(testkit.Key("s"))
	wait("reason    required: tab to type one")
	tm.Send(testkit.Key("y"))
	wait("a reason is required (require_reason of profile prod")
	for _, r := range e.requestsSeen() {
		if strings.HasPrefix(r, "POST ") && !strings.Contains(r, "/get") {
			t.Fatalf("the sandbox received %s without the required reason", r)
		}
	}
}
