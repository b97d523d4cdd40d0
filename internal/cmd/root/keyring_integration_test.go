package root

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stratop/stratop/api/sandbox"
	"github.com/stratop/stratop/keys"
)

// These tests run the built stratop binary, because go-keyring and D-Bus
// read the process environment (DBUS_SESSION_BUS_ADDRESS, PATH for
// dbus-launch) and keep process-wide state: only a child process can be
// given "no D-Bus session" honestly. Every child gets its own HOME and XDG
// directories, so no test ever reads or writes a real user's config.

// buildStratop compiles the command into a temp dir and returns its path.
func buildStratop(t *testing.T) string {
	t.Helper()
	// The test runs under `go test`, so the go command is on PATH or
	// GOROOT names the toolchain that runs it.
	goTool, err := exec.LookPath("go")
	if err != nil {
		goTool = filepath.Join(os.Getenv("GOROOT"), "bin", "go")
	}
	bin := filepath.Join(t.TempDir(), "stratop")
	cmd := exec.Command(goTool, "build", "-o", bin, "github.com/stratop/stratop")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// childEnv is an isolated environment: fresh HOME and XDG dirs under root,
// nothing of the parent's STRATOP_* or D-Bus variables, plus extra.
func childEnv(root, path string, extra ...string) []string {
	env := []string{
		"HOME=" + filepath.Join(root, "home"),
		"XDG_CONFIG_HOME=" + filepath.Join(root, "config"),
		"XDG_DATA_HOME=" + filepath.Join(root, "data"),
		"XDG_CACHE_HOME=" + filepath.Join(root, "cache"),
		"PATH=" + path,
		"LANG=C",
	}
	return append(env, extra...)
}

// childResult is one run of the binary.
type childResult struct {
	stdout, stderr string
	code           int
}

// runChild runs the binary with env and stdin. The deadline only guards
// against a hung test; the keyring timeout under test is far shorter.
func runChild(t *testing.T, bin string, env []string, stdin string, args ...string) childResult {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Env = env
	cmd.Stdin = strings.NewReader(stdin)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	code := 0
	var exitErr *exec.ExitError
	switch {
	case errors.As(err, &exitErr):
		code = exitErr.ExitCode()
	case err != nil:
		t.Fatalf("running %v: %v", args, err)
	}
	if ctx.Err() != nil {
		t.Fatalf("stratop %v did not finish: the keyring timeout did not hold", args)
	}
	return childResult{stdout: out.String(), stderr: errOut.String(), code: code}
}

// assertNoCanary fails when a canary credential appears in s.
func assertNoCanary(t *testing.T, where, s string) {
	t.Helper()
	if strings.Contains(s, canarySecret) || strings.Contains(s, canaryKey) {
		t.Errorf("%s leaks the credentials:\n%s", where, s)
	}
}

// assertNoCanaryFiles scans every file under root.
func assertNoCanaryFiles(t *testing.T, root string) {
	t.Helper()
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		b, _ := os.ReadFile(p)
		assertNoCanary(t, p, string(b))
		return nil
	})
}

// statsRoute is the route login verifies credentials with.
const statsRoute = "POST /api/v1/strategies/getDashBoardStats"

// canarySandbox serves the sandbox with the canary pair as its credentials.
func canarySandbox(t *testing.T) (*sandbox.Sandbox, *httptest.Server) {
	sb := sandbox.New(sandbox.WithCredentials(canaryKey, canarySecret), sandbox.WithUsers(2), sandbox.WithStrategies(4))
	srv := httptest.NewServer(sb)
	t.Cleanup(func() { srv.Close(); sb.Close() })
	return sb, srv
}

// TestLoginWithoutAUsableDBusSession runs `login` where go-keyring cannot
// reach a Secret Service: it must fail within the keyring timeout, explain
// why and what to do, write no file, and leak nothing.
func TestLoginWithoutAUsableDBusSession(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("D-Bus Secret Service behaviour is Linux-specific")
	}
	bin := buildStratop(t)
	emptyPath := t.TempDir() // no dbus-launch on this PATH

	hungBus := filepath.Join(t.TempDir(), "bus")
	ln, err := net.Listen("unix", hungBus)
	if err != nil {
		t.Fatal(err)
	}
	accepted := make(chan []net.Conn, 1)
	go func() { // accept and never answer, like a wedged bus
		var conns []net.Conn
		defer func() { accepted <- conns }()
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			conns = append(conns, c)
		}
	}()
	t.Cleanup(func() {
		_ = ln.Close()
		for _, c := range <-accepted {
			_ = c.Close()
		}
	})

	cases := []struct {
		name, want string
		env        []string
	}{
		{"no session", "no D-Bus session: DBUS_SESSION_BUS_ADDRESS is not set and dbus-launch was not found", nil},
		{"stale address", "no D-Bus session: cannot connect to the bus in DBUS_SESSION_BUS_ADDRESS",
			[]string{"DBUS_SESSION_BUS_ADDRESS=unix:path=" + filepath.Join(emptyPath, "gone")}},
		{"hung bus", "timed out after 300ms",
			[]string{"DBUS_SESSION_BUS_ADDRESS=unix:path=" + hungBus}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.env == nil {
				// godbus also looks for a session bus at /run/user/UID/bus;
				// where one exists, "no session" cannot be simulated.
				if _, err := os.Stat(fmt.Sprintf("/run/user/%d/bus", os.Getuid())); err == nil {
					t.Skip("a session bus socket exists at /run/user/UID/bus")
				}
			}
			root := t.TempDir()
			env := childEnv(root, emptyPath, append([]string{"STRATOP_KEYRING_TIMEOUT=300ms"}, c.env...)...)

			r := runChild(t, bin, env, canaryStdin, "login", "--base-url", "http://127.0.0.1:9", "--no-verify")
			if r.code != 2 {
				t.Errorf("login exit code = %d, want 2 (credentials)", r.code)
			}
			for _, want := range []string{
				"stratop: cannot use the system keyring: " + c.want,
				"Nothing was saved",
				"stratop login --base-url http://127.0.0.1:9 --store file",
				"dbus-run-session -- sh -c 'echo -n PASSWORD | gnome-keyring-daemon --unlock --components=secrets; stratop login --base-url http://127.0.0.1:9'",
			} {
				if !strings.Contains(r.stderr, want) {
					t.Errorf("login stderr lacks %q:\n%s", want, r.stderr)
				}
			}
			assertNoCanary(t, "login output", r.stdout+r.stderr)
			var files []string
			_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
				if err == nil && !d.IsDir() {
					files = append(files, p)
				}
				return nil
			})
			if len(files) != 0 {
				t.Errorf("login wrote files: %v", files)
			}

			// The dashboard's resolution gives the exit-2 screen.
			r = runChild(t, bin, env, "", "profiles", "resolve")
			if r.code != 2 || !strings.Contains(r.stderr, "keyring      "+c.want) || !strings.Contains(r.stderr, "Fix it with one of:") {
				t.Errorf("resolve: exit %d, stderr:\n%s", r.code, r.stderr)
			}

			// The opt-in file store works on the same machine.
			r = runChild(t, bin, env, canaryStdin, "login", "--base-url", "http://127.0.0.1:9", "--no-verify", "--store", "file")
			if r.code != 0 {
				t.Fatalf("login --store file: exit %d\n%s", r.code, r.stderr)
			}
			r = runChild(t, bin, env, "", "profiles", "resolve")
			if r.code != 0 || !strings.Contains(r.stdout, "source    file") {
				t.Errorf("resolve after file login: exit %d\n%s%s", r.code, r.stdout, r.stderr)
			}
			assertNoCanary(t, "output", r.stdout+r.stderr)
			credFile := filepath.Join(root, "config", "stratop", "credentials.json")
			if fi, err := os.Stat(credFile); err != nil || fi.Mode().Perm() != 0o600 {
				t.Errorf("credentials file: %v %v", fi, err)
			}
			_ = os.Remove(credFile) // the chosen store; everything else must be clean
			assertNoCanaryFiles(t, root)
		})
	}
}

// TestSecretService drives the built binary against a real Secret Service:
// login (stdin) checked against a server, profiles, the dashboard's
// resolution, logout, and the keyring empty afterwards. .ci/run runs it
// inside dbus-run-session with an unlocked gnome-keyring-daemon; elsewhere it
// runs only with STRATOP_TEST_SECRET_SERVICE=1 (it then uses the session's
// keyring, under a unique profile name it removes again).
func TestSecretService(t *testing.T) {
	if os.Getenv("STRATOP_TEST_SECRET_SERVICE") != "1" {
		t.Skip("set STRATOP_TEST_SECRET_SERVICE=1 inside a D-Bus session with a Secret Service (see .ci/run)")
	}
	bus := os.Getenv("DBUS_SESSION_BUS_ADDRESS")
	if bus == "" {
		t.Fatal("STRATOP_TEST_SECRET_SERVICE=1 but DBUS_SESSION_BUS_ADDRESS is not set: run inside dbus-run-session (see .ci/run)")
	}
	bin := buildStratop(t)
	sb, srv := canarySandbox(t)
	root := t.TempDir()
	env := childEnv(root, os.Getenv("PATH"), "DBUS_SESSION_BUS_ADDRESS="+bus, "STRATOP_KEYRING_TIMEOUT=10s")
	profile := fmt.Sprintf("sstest-%d", time.Now().UnixNano())
	inKeyring := func() (string, error) { // a fresh store each time: no cache
		c, err := keys.NewKeyringStore(10*time.Second, os.Getenv).Get(t.Context(), profile)
		return c.Secret, err
	}
	t.Cleanup(func() { _ = keys.NewKeyringStore(10*time.Second, os.Getenv).Delete(context.Background(), profile) })
	var outputs []string
	run := func(stdin string, args ...string) childResult {
		r := runChild(t, bin, env, stdin, args...)
		outputs = append(outputs, r.stdout, r.stderr)
		return r
	}

	// Rejected credentials: nothing saved anywhere.
	r := run(canaryKey+"\nwrong-secret\n", "login", "--profile", profile, "--base-url", srv.URL)
	if r.code != 1 || !strings.Contains(r.stderr, "rejected the API key and secret (401 Unauthorized); nothing was saved") {
		t.Fatalf("login with a wrong secret: exit %d\n%s", r.code, r.stderr)
	}
	if _, err := inKeyring(); !errors.Is(err, keys.ErrNotFound) {
		t.Fatalf("keyring after a rejected login: %v", err)
	}
	if n := sb.Hits(statsRoute); n != 1 {
		t.Errorf("the rejected login sent %d verification requests, want 1", n)
	}

	r = run(canaryStdin, "login", "--profile", profile, "--base-url", srv.URL)
	if r.code != 0 || !strings.Contains(r.stdout, "verified, credentials in the system keyring") {
		t.Fatalf("login: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	if secret, err := inKeyring(); err != nil || secret != canarySecret {
		t.Fatalf("the keyring does not hold the secret: %v", err)
	}
	if n := sb.Hits(statsRoute); n != 2 {
		t.Errorf("login was not verified against the sandbox (%d requests in all)", n)
	}

	r = run("", "profiles")
	wantRow := fmt.Sprintf("%s  %s  keyring  present (key CANA...cdef)", profile, srv.URL)
	if r.code != 0 || !strings.Contains(r.stdout, wantRow) {
		t.Errorf("profiles: exit %d\n%s\nwant a row %q", r.code, r.stdout, wantRow)
	}

	host := strings.TrimPrefix(srv.URL, "http://")
	r = run("", "profiles", "resolve", "--profile", profile)
	for _, want := range []string{"profile   " + profile, "host      " + host, "source    keyring", "key       CANA...cdef"} {
		if r.code != 0 || !strings.Contains(r.stdout, want) {
			t.Errorf("resolve lacks %q: exit %d\n%s%s", want, r.code, r.stdout, r.stderr)
		}
	}

	r = run("", "logout", "--profile", profile)
	if r.code != 0 || !strings.Contains(r.stdout, "credentials in the system keyring are removed") {
		t.Errorf("logout: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	if _, err := inKeyring(); !errors.Is(err, keys.ErrNotFound) {
		t.Errorf("keyring after logout: %v", err)
	}
	r = run("", "profiles", "resolve", "--profile", profile)
	if r.code != 2 || !strings.Contains(r.stderr, fmt.Sprintf("keyring      no credentials stored for profile %q", profile)) {
		t.Errorf("resolve after logout: exit %d\n%s", r.code, r.stderr)
	}

	for _, s := range outputs {
		assertNoCanary(t, "output", s)
	}
	assertNoCanaryFiles(t, root)
}
