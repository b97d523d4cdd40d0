package model_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/teatest"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/api/sandbox"
	"github.com/stratop/stratop/internal/cmd/root"
	"github.com/stratop/stratop/internal/factory"
	"github.com/stratop/stratop/internal/testkit"
	"github.com/stratop/stratop/keys"
	"github.com/stratop/stratop/model"
)

// runLine runs line in a real shell whose stratop prints the three
// variables the command line reads credentials from, then its arguments.
func runLine(t *testing.T, line string) (env map[string]string, args []string) {
	t.Helper()
	dir := t.TempDir()
	script := "#!/bin/sh\nprintf '%s\\0' \"$STRATOP_BASE_URL\" \"$STRATOP_API_KEY\" \"$STRATOP_API_SECRET\" \"$@\"\n"
	if err := os.WriteFile(filepath.Join(dir, "stratop"), []byte(script), 0o700); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("sh", "-c", line)
	cmd.Env = append(os.Environ(), "PATH="+dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("sh -c %q: %v", line, err)
	}
	w := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
	return map[string]string{keys.EnvBaseURL: w[0], keys.EnvAPIKey: w[1], keys.EnvAPISecret: w[2]}, w[3:]
}

// On --demo no profile stores the sandbox: the dialog's line says how a
// shell reaches it (and that it does while the demo runs), and the line
// copied, run in a shell with no profile and no credentials of its own,
// suspends the strategy on the demo's sandbox.
func TestDemoDialogLineReachesTheDemo(t *testing.T) {
	home := t.TempDir()
	for k, v := range map[string]string{"HOME": home, "XDG_STATE_HOME": filepath.Join(home, "state"),
		"XDG_CONFIG_HOME": filepath.Join(home, "config"), "STRATOP_PROFILE": "", "STRATOP_CONFIG": "",
		keys.EnvAPIKey: "", keys.EnvAPISecret: "", keys.EnvBaseURL: ""} {
		t.Setenv(k, v)
	}
	demo := newRecorder(t)
	ids := firstIDs(t, 1, api.StatusActive, demo)
	f := &factory.Factory{Keys: keys.Config{Dir: filepath.Join(home, "config", "stratop"), Keyring: keys.NewMemStore()}}
	c, err := f.Demo(factory.Dashboard, demo.url, api.Credentials{Key: sandbox.DemoKey, Secret: sandbox.DemoSecret})
	if err != nil {
		t.Fatal(err)
	}

	term := &testkit.Buffer{}
	m := model.New(t.Context(), demo.client(t), model.WithProfile(c.Profile), model.WithShellEnv(c.ShellEnv()),
		model.WithPageSize(20), model.WithInterval(30*time.Millisecond), model.WithTerminal(term))
	pr := testkit.NewProbe(m.Tea())
	tm := teatest.NewTestModel(t, pr, teatest.WithInitialTermSize(120, 40))
	t.Cleanup(func() { testkit.Stop(t, tm) })
	tm.Send(testkit.Key("2"))
	testkit.WaitFor(t, 10*time.Second, "the first page", pr.Frame, func(v string) bool { return strings.Contains(v, "page 1 of 3") })
	tm.Send(testkit.Runes("s"))
	testkit.WaitFor(t, 10*time.Second, "the dialog's line and when it works", pr.Frame, func(v string) bool {
		return strings.Contains(v, "STRATOP_BASE_URL=") && strings.Contains(v, "while this demo runs")
	})
	tm.Send(testkit.Runes("c"))
	testkit.WaitFor(t, 5*time.Second, "the copied line", func() string { return copied(term) },
		func(s string) bool { return strings.Contains(s, "stratop ") })
	line := copied(term)
	tm.Send(testkit.Key("esc"))

	env, args := runLine(t, line)
	if env[keys.EnvBaseURL] != demo.url || env[keys.EnvAPIKey] == "" || env[keys.EnvAPISecret] == "" {
		t.Fatalf("%s\nsets %v: a shell has no profile %q, so nothing reaches the demo's sandbox", line, env, c.Profile)
	}
	for k, v := range env {
		t.Setenv(k, v)
	}
	var out, errb bytes.Buffer
	if code := root.Run(append(args, "--yes"), strings.NewReader(""), &out, &errb); code != 0 {
		t.Fatalf("%s: exit %d: %s", line, code, errb.String())
	}
	got := demo.sent()
	if len(got) != 1 || !strings.Contains(got[0], "suspendStrategy") || !strings.Contains(got[0], `"strategyId":`+itoa(ids[0])) {
		t.Fatalf("%s sent %q; want the suspend of %d on the demo's sandbox", line, got, ids[0])
	}
}
