package root

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/creack/pty"
	"github.com/spf13/cobra"

	"github.com/stratop/stratop/action"
	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/internal/factory"
)

// resolvedRun is what one run of a front end resolved, and how it ended.
type resolvedRun struct {
	contexts []*factory.Context
	code     int
	stderr   string
}

// runResolving runs stratop in-process on a fresh factory and records every
// context a front end resolved. The run is stopped once the first context
// is resolved: what a long-running front end (watch, serve, the dashboard)
// does with it is not what this looks at.
func runResolving(t *testing.T, in io.Reader, out io.Writer, args ...string) resolvedRun {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	var (
		mu  sync.Mutex
		got []*factory.Context
	)
	f := factory.New()
	f.Resolved = func(c *factory.Context) {
		mu.Lock()
		got = append(got, c)
		mu.Unlock()
		cancel()
	}
	var errb strings.Builder
	if out == nil {
		out = io.Discard
	}
	code := Execute(ctx, f, args, in, out, &errb)
	mu.Lock()
	defer mu.Unlock()
	return resolvedRun{contexts: got, code: code, stderr: errb.String()}
}

// For the same settings file, environment and flags, every front end
// resolves the same profile, integration, interval, read-only and its
// source, require-reason and its source, paths and policy. The settings
// file's interval reaches every front end (not only the dashboard), and
// the global flags are taken by every command.
func TestEveryFrontEndResolvesTheSameContext(t *testing.T) {
	e := newCLIEnv(t)
	settings := filepath.Join(t.TempDir(), "team.toml")
	if err := os.WriteFile(settings, []byte("interval = \"7s\"\n\n[profiles.prod]\nread_only = true\nrequire_reason = true\ninterval = \"9s\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	sid := id(e.strategyWith(api.StatusActive, false))
	t.Setenv("STRATOP_PROFILE", "prod")
	t.Setenv("STRATOP_BASE_URL", "")
	global := []string{"--config", settings, "--base-url", e.srv.URL}

	fronts := []struct {
		front factory.Front
		args  []string
		tty   bool
		local bool // resolves no credentials: its integration is unknown
	}{
		{front: factory.Dashboard, tty: true},
		{front: factory.CLI, args: []string{"strategies", "list", "-o", "json"}},
		{front: factory.CLI, args: []string{"strategies", "halt", sid, "--yes", "-o", "json"}},
		{front: factory.API, args: []string{"api", "GET", "users"}},
		{front: factory.Watch, args: []string{"watch", "--strategy", sid, "-o", "jsonl"}},
		{front: factory.Serve, args: []string{"serve", "--listen", "127.0.0.1:0"}},
		{front: factory.Alerts, args: []string{"alerts", "-o", "json"}},
		{front: factory.History, args: []string{"stats", "--history", "24h", "-o", "json"}},
		{front: factory.MCP, args: []string{"mcp"}},
		{front: factory.CLI, args: []string{"approve"}},
		{front: factory.Audit, args: []string{"audit", "-o", "json"}, local: true},
	}
	var first *factory.Context
	for _, fe := range fronts {
		name := strings.Join(append([]string{string(fe.front)}, fe.args...), " ")
		t.Run(name, func(t *testing.T) {
			var in io.Reader = strings.NewReader("")
			var out io.Writer
			if fe.tty {
				tt := testTTY(t)
				in, out = tt, tt
			}
			run := runResolving(t, in, out, append(append([]string(nil), fe.args...), global...)...)
			if len(run.contexts) != 1 {
				t.Fatalf("%d contexts resolved, want 1 (exit %d: %s)", len(run.contexts), run.code, run.stderr)
			}
			c := run.contexts[0]
			if c.Front != fe.front {
				t.Errorf("resolved as %q, want %q", c.Front, fe.front)
			}
			if c.Profile != "prod" || c.Settings.Interval != 9*time.Second {
				t.Errorf("profile %q interval %s, want prod and the profile's 9s", c.Profile, c.Settings.Interval)
			}
			wantPolicy := action.Policy{
				ReadOnly: true, ReadOnlyBy: "read_only of profile prod in " + settings,
				RequireReason: true, RequireReasonBy: "require_reason of profile prod in " + settings,
			}
			if c.Policy != wantPolicy {
				t.Errorf("policy %+v, want %+v", c.Policy, wantPolicy)
			}
			if c.Settings.ReadOnlyBy != wantPolicy.ReadOnlyBy || c.Settings.RequireReasonBy != wantPolicy.RequireReasonBy {
				t.Errorf("sources %q %q", c.Settings.ReadOnlyBy, c.Settings.RequireReasonBy)
			}
			if c.Paths.Settings != settings || c.Paths.Audit != filepath.Join(e.state, "stratop", "audit.jsonl") ||
				c.Paths.State != filepath.Join(e.state, "stratop") {
				t.Errorf("paths %+v", c.Paths)
			}
			if fe.local {
				if !c.Integration.IsZero() {
					t.Errorf("a context without credentials names integration %s", c.Integration)
				}
				return
			}
			if c.Integration.HostPort() != strings.TrimPrefix(e.srv.URL, "http://") || c.Paths.Integration == "" {
				t.Errorf("integration %s (%s), want the sandbox's", c.Integration, c.Paths.Integration)
			}
			if first == nil {
				first = c
				return
			}
			if c.Integration != first.Integration || c.Paths != first.Paths {
				t.Errorf("integration %s paths %+v; the first front end resolved %s %+v", c.Integration, c.Paths, first.Integration, first.Paths)
			}
		})
	}
}

// The global flags are declared once, on the root, and every command takes
// them: `stratop audit --profile X` is no unknown flag, and a profile name
// that would reach outside the state directory is refused by alerts too.
func TestGlobalFlagsOnEveryCommand(t *testing.T) {
	root := newRootCmd(factory.New())
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for _, name := range []string{factory.FlagProfile, factory.FlagBaseURL, factory.FlagReadOnly, factory.FlagConfig} {
			if c.Flag(name) == nil {
				t.Errorf("%s does not take --%s", c.CommandPath(), name)
			}
			if c != root && (c.LocalNonPersistentFlags().Lookup(name) != nil || c.PersistentFlags().Lookup(name) != nil) {
				t.Errorf("%s declares --%s again", c.CommandPath(), name)
			}
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)

	e := newCLIEnv(t)
	if out := e.ok("audit", "--profile", "prod", "-o", "json"); strings.TrimSpace(out) != "[]" {
		t.Errorf("audit --profile: %q", out)
	}
	if _, errOut, code := e.run("", "alerts", "--profile", "../../elsewhere"); code != 2 || !strings.Contains(errOut, "profile") {
		t.Errorf("alerts --profile ../../elsewhere: exit %d %q", code, errOut)
	}
}

// testTTY is a terminal for the dashboard, one per call and open for the
// rest of the test binary: Bubble Tea checks the terminal's size on a
// goroutine that may still read the file after the program returned, so it
// is never closed, and a second program never shares it (its input reader
// takes the file's descriptor while the first one's may still read it).
var testTTY = func() func(t *testing.T) *os.File {
	return func(t *testing.T) *os.File {
		t.Helper()
		ptmx, tty, err := pty.Open()
		if err == nil {
			err = pty.Setsize(ptmx, &pty.Winsize{Rows: 30, Cols: 100})
		}
		if err != nil {
			t.Skipf("no terminal: %v", err)
		}
		go func() { _, _ = io.Copy(io.Discard, ptmx) }()
		return tty
	}
}()
