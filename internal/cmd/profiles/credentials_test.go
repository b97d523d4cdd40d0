package profiles

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/internal/cli"
	"github.com/stratop/stratop/internal/factory"
	"github.com/stratop/stratop/internal/testkit"
	"github.com/stratop/stratop/keys"
)

// Canary credentials: they may appear only inside the chosen store.
const (
	canaryKey    = testkit.CanaryKey
	canarySecret = testkit.CanarySecret
)

var canaryStdin = canaryKey + "\n" + canarySecret + "\n"

// credHarness is a config dir, an environment, an in-memory keyring and a
// recorded server check, wired into the credential commands.
type credHarness struct {
	t        *testing.T
	dir      string
	env      map[string]string
	keyring  *keys.MemStore
	verified []string // base URLs checked
	verify   error    // what the check answers
	deps     credentialDeps
	outputs  []string // everything any command printed, for leak scans
}

func newCredHarness(t *testing.T) *credHarness {
	h := &credHarness{t: t, dir: filepath.Join(t.TempDir(), "stratop"), env: map[string]string{}, keyring: keys.NewMemStore()}
	getenv := func(k string) string { return h.env[k] }
	h.deps = credentialDeps{
		f: &factory.Factory{Getenv: getenv, Keys: keys.Config{Dir: h.dir, Getenv: getenv, Keyring: h.keyring}},
		verify: func(_ context.Context, base string, c api.Credentials) error {
			if c.Key != canaryKey || c.Secret != canarySecret {
				t.Errorf("verify got other credentials: %v", c)
			}
			h.verified = append(h.verified, base)
			return h.verify
		},
		terminal: func(io.Reader) (int, bool) { return 0, false },
		readHidden: func(context.Context, int) ([]byte, error) {
			t.Error("readHidden called without a terminal")
			return nil, nil
		},
	}
	return h
}

// run executes one credential command and records its output.
func (h *credHarness) run(cmd *cobra.Command, stdin string, args ...string) (string, string, error) {
	h.t.Helper()
	return h.execute(h.t.Context(), cmd, strings.NewReader(stdin), args...)
}

// execute runs cmd under a root that has the global flags, as the program
// does, with its own context and stdin.
func (h *credHarness) execute(ctx context.Context, cmd *cobra.Command, stdin io.Reader, args ...string) (string, string, error) {
	h.t.Helper()
	// The global flags (--profile, --base-url) live on the root: a fresh
	// factory and root each run, as the program has.
	h.deps.f.Globals = factory.Globals{}
	root := &cobra.Command{Use: "stratop", SilenceUsage: true, SilenceErrors: true}
	h.deps.f.Globals.AddFlags(root.PersistentFlags())
	root.AddCommand(cmd)
	var out, errOut bytes.Buffer
	root.SetArgs(append([]string{cmd.Name()}, args...))
	root.SetIn(stdin)
	root.SetOut(&out)
	root.SetErr(&errOut)
	err := root.ExecuteContext(ctx)
	h.outputs = append(h.outputs, out.String(), errOut.String())
	if err != nil {
		h.outputs = append(h.outputs, err.Error())
	}
	return out.String(), errOut.String(), err
}

func (h *credHarness) login(stdin string, args ...string) (string, string, error) {
	return h.run(newLoginCmdWith(h.deps), stdin, args...)
}

// assertNoLeak scans every output so far and every file in the config dir
// except allowedFile for the canary key and secret.
func (h *credHarness) assertNoLeak(allowedFile string) {
	h.t.Helper()
	for _, s := range h.outputs {
		if strings.Contains(s, canarySecret) || strings.Contains(s, canaryKey) {
			h.t.Errorf("output leaks the credentials: %q", s)
		}
	}
	_ = filepath.WalkDir(h.dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || p == allowedFile {
			return nil
		}
		b, _ := os.ReadFile(p)
		if bytes.Contains(b, []byte(canarySecret)) || bytes.Contains(b, []byte(canaryKey)) {
			h.t.Errorf("%s leaks the credentials", p)
		}
		return nil
	})
}

func (h *credHarness) files() []string {
	var out []string
	_ = filepath.WalkDir(h.dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			out = append(out, filepath.Base(p))
		}
		return nil
	})
	return out
}

func TestLoginFromStdinVerifiesThenSaves(t *testing.T) {
	h := newCredHarness(t)
	out, _, err := h.login(canaryStdin, "--base-url", "https://API.example.com/api/v1/")
	if err != nil {
		t.Fatal(err)
	}
	want := `Saved profile "default": https://api.example.com, key CANA...cdef, verified, credentials in the system keyring.` + "\n"
	if out != want {
		t.Errorf("stdout = %q\nwant     %q", out, want)
	}
	if len(h.verified) != 1 || h.verified[0] != "https://api.example.com" {
		t.Errorf("verified = %v", h.verified)
	}
	if got, err := h.keyring.Get(t.Context(), "default"); err != nil || got.Secret != canarySecret {
		t.Errorf("keyring holds %v, %v", got, err)
	}
	if got := h.files(); len(got) != 1 || got[0] != "profiles.json" {
		t.Errorf("files = %v", got)
	}
	h.assertNoLeak("")

	// A second login reuses the profile's base URL and store.
	if _, _, err := h.login(canaryStdin); err != nil {
		t.Errorf("re-login without --base-url: %v", err)
	}
}

func TestLoginRejectedCredentialsSaveNothing(t *testing.T) {
	h := newCredHarness(t)
	h.verify = &api.Error{StatusCode: 401, Method: "POST", Path: "/api/v1/strategies/getDashBoardStats"}
	_, _, err := h.login(canaryStdin, "--base-url", "https://api.example.com")
	want := "the server at api.example.com rejected the API key and secret (401 Unauthorized); nothing was saved"
	if err == nil || err.Error() != want {
		t.Fatalf("err = %v\nwant  %s", err, want)
	}
	if h.keyring.Len() != 0 || len(h.files()) != 0 {
		t.Errorf("something was saved: keyring %d, files %v", h.keyring.Len(), h.files())
	}
	h.assertNoLeak("")
}

func TestLoginUnreachableServerSavesNothing(t *testing.T) {
	h := newCredHarness(t)
	h.verify = &api.TransportError{Op: "dial", Host: "api.example.com", Err: errors.New("connection refused")}
	_, _, err := h.login(canaryStdin, "--base-url", "https://api.example.com")
	if err == nil || !strings.Contains(err.Error(), "could not check the credentials with api.example.com: api: dial api.example.com: connection refused") ||
		!strings.Contains(err.Error(), "--no-verify") {
		t.Fatalf("err = %v", err)
	}
	if h.keyring.Len() != 0 || len(h.files()) != 0 {
		t.Error("something was saved")
	}
}

func TestLoginNoVerifySkipsTheCheck(t *testing.T) {
	h := newCredHarness(t)
	h.verify = errors.New("must not be called")
	out, _, err := h.login(canaryStdin, "--base-url", "http://127.0.0.1:8787", "--no-verify", "--profile", "lab")
	if err != nil || len(h.verified) != 0 || !strings.Contains(out, "not verified (--no-verify)") {
		t.Fatalf("out %q err %v verified %v", out, err, h.verified)
	}
}

func TestLoginBaseURLRules(t *testing.T) {
	h := newCredHarness(t)
	cases := map[string][]string{
		`--base-url is required the first time: profile "default" does not exist yet (e.g. stratop login --base-url https://api.example.com)`: nil,
		"--base-url: the base URL uses http:// for api.example.com":                                                                           {"--base-url", "http://api.example.com"},
		"--base-url: the base URL must not contain a user name":                                                                               {"--base-url", "https://u:p@api.example.com"},
		`unknown credential store "vault": use keyring or file`:                                                                               {"--base-url", "https://h.example", "--store", "vault"},
	}
	for want, args := range cases {
		_, _, err := h.login(canaryStdin, args...)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("login %v: err = %v; want %q", args, err, want)
		}
	}
	if h.keyring.Calls() != 0 || len(h.verified) != 0 {
		t.Error("a refused login touched the keyring or the server")
	}
}

func TestLoginStdinMustHoldTwoLines(t *testing.T) {
	h := newCredHarness(t)
	for stdin, want := range map[string]string{
		"":                     "stdin is empty: expected two lines, the API key, then the secret",
		canaryKey + "\n":       "stdin ended after one line: expected two lines, the API key, then the secret",
		canaryKey + "\n\n":     "the API secret is empty",
		"a b\n" + canarySecret: "the API key contains a space or control character",
		strings.Repeat("k", maxCredentialLine+1) + "\nsecret\n": "longer than 8192 bytes",
	} {
		_, _, err := h.login(stdin, "--base-url", "https://h.example")
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("stdin %.20q: err = %v; want %q", stdin, err, want)
		}
	}
	if h.keyring.Len() != 0 {
		t.Error("saved despite bad input")
	}
	h.assertNoLeak("")
}

func TestLoginReadsTheTerminalWithoutEcho(t *testing.T) {
	h := newCredHarness(t)
	answers := [][]byte{[]byte(canaryKey), []byte(canarySecret)}
	h.deps.terminal = func(io.Reader) (int, bool) { return 7, true }
	h.deps.readHidden = func(_ context.Context, fd int) ([]byte, error) {
		if fd != 7 {
			t.Errorf("fd = %d", fd)
		}
		a := answers[0]
		answers = answers[1:]
		return a, nil
	}
	_, stderr, err := h.login("", "--base-url", "https://h.example")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stderr, `API key for profile "default" (input hidden): `) || !strings.Contains(stderr, "API secret (input hidden): ") {
		t.Errorf("prompts = %q", stderr)
	}
	if got, _ := h.keyring.Get(t.Context(), "default"); got.Key != canaryKey || got.Secret != canarySecret {
		t.Errorf("saved %v", got)
	}
	h.assertNoLeak("")

	// Ctrl-C at the prompt (a cancelled context) saves nothing.
	h2 := newCredHarness(t)
	h2.deps.terminal = h.deps.terminal
	h2.deps.readHidden = func(ctx context.Context, _ int) ([]byte, error) { return nil, context.Canceled }
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, _, err := h2.execute(ctx, newLoginCmdWith(h2.deps), strings.NewReader(""), "--base-url", "https://h.example"); err == nil || err.Error() != "interrupted before the profile was saved" {
		t.Errorf("interrupted login: %v", err)
	}
	if h2.keyring.Len() != 0 || len(h2.files()) != 0 {
		t.Error("an interrupted login saved something")
	}
}

// failingReader fails the test when read: proof that login stopped before
// asking for the secret.
type failingReader struct{ t *testing.T }

func (f failingReader) Read([]byte) (int, error) {
	f.t.Error("stdin was read although the keyring is unusable")
	return 0, io.EOF
}

func TestLoginWithAnUnusableKeyringFailsBeforeAskingAndExplains(t *testing.T) {
	h := newCredHarness(t)
	h.keyring.FailWith(&keys.KeyringError{Reason: keys.ReasonNoDBus,
		Detail: "no D-Bus session: DBUS_SESSION_BUS_ADDRESS is not set and dbus-launch was not found"})
	_, _, err := h.execute(t.Context(), newLoginCmdWith(h.deps), failingReader{t}, "--base-url", "https://h.example")
	want := `stratop: cannot use the system keyring: no D-Bus session: DBUS_SESSION_BUS_ADDRESS is not set and dbus-launch was not found
Nothing was saved. Either:
  1. keep the credentials in a file only you can read (mode 0600):
       stratop login --base-url https://h.example --store file
  2. start a keyring for this session and log in inside it (the keyring is kept
     under ~/.local/share/keyrings, encrypted with PASSWORD):
       dbus-run-session -- sh -c 'echo -n PASSWORD | gnome-keyring-daemon --unlock --components=secrets; stratop login --base-url https://h.example'
  3. or save nothing and export STRATOP_BASE_URL, STRATOP_API_KEY and STRATOP_API_SECRET in the shell.`
	if err == nil || err.Error() != want {
		t.Fatalf("err:\n%v\nwant:\n%s", err, want)
	}
	if !errors.Is(err, keys.ErrKeyringUnavailable) {
		t.Error("the cause is lost")
	}
	if ee := (*cli.ExitError)(nil); !errors.As(err, &ee) || ee.Code != cli.ExitUsage {
		t.Errorf("exit code %v, want 2 (credentials)", err)
	}
	if len(h.files()) != 0 {
		t.Errorf("files written: %v", h.files())
	}
}

func TestLoginFileStore(t *testing.T) {
	h := newCredHarness(t)
	out, _, err := h.login(canaryStdin, "--base-url", "https://h.example", "--store", "file", "--profile", "srv")
	if err != nil {
		t.Fatal(err)
	}
	credFile := filepath.Join(h.dir, "credentials.json")
	if !strings.Contains(out, "credentials in the file store "+credFile+" (mode 0600)") {
		t.Errorf("stdout = %q", out)
	}
	if h.keyring.Calls() != 0 {
		t.Error("the keyring was touched by a file-store login")
	}
	fi, err := os.Stat(credFile)
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("credentials file: %v %v", fi, err)
	}
	b, _ := os.ReadFile(credFile)
	if !bytes.Contains(b, []byte(canarySecret)) {
		t.Error("the file store does not hold the secret")
	}
	h.assertNoLeak(credFile)

	// A group-readable file is refused before the secret is asked for.
	if err := os.Chmod(credFile, 0o640); err != nil {
		t.Fatal(err)
	}
	_, _, err = h.execute(t.Context(), newLoginCmdWith(h.deps), failingReader{t}, "--profile", "srv")
	if !errors.Is(err, keys.ErrInsecureFile) || !strings.Contains(err.Error(), "chmod 600 "+credFile) {
		t.Errorf("err = %v", err)
	}
}

func TestProfilesAndLogout(t *testing.T) {
	h := newCredHarness(t)
	if _, _, err := h.login(canaryStdin, "--base-url", "https://api.example.com"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := h.login(canaryStdin, "--base-url", "http://127.0.0.1:8787", "--store", "file", "--profile", "lab"); err != nil {
		t.Fatal(err)
	}
	out, _, err := h.run(newProfilesCmdWith(h.deps), "")
	if err != nil {
		t.Fatal(err)
	}
	want := "PROFILE  BASE URL                 STORE    CREDENTIALS\n" +
		"default  https://api.example.com  keyring  present (key CANA...cdef)\n" +
		"lab      http://127.0.0.1:8787    file     present (key CANA...cdef)\n"
	if out != want {
		t.Errorf("profiles:\n%s\nwant:\n%s", out, want)
	}

	out, _, err = h.run(newLogoutCmdWith(h.deps), "", "--profile", "lab")
	if err != nil || out != `Logged out: profile "lab" and its credentials in the file store are removed.`+"\n" {
		t.Fatalf("logout: %q %v", out, err)
	}
	if _, err := os.Stat(filepath.Join(h.dir, "credentials.json")); !errors.Is(err, os.ErrNotExist) {
		t.Error("the file store outlived its last profile")
	}
	_ = h.keyring.Delete(t.Context(), "default") // credentials lost behind stratop's back
	h.env[keys.EnvAPIKey] = "x"
	out, _, _ = h.run(newProfilesCmdWith(h.deps), "")
	if !strings.Contains(out, "default  https://api.example.com  keyring  missing (run stratop login)") ||
		!strings.Contains(out, "Note: STRATOP_API_KEY/STRATOP_API_SECRET are set in this environment") {
		t.Errorf("profiles:\n%s", out)
	}
	delete(h.env, keys.EnvAPIKey)

	_, _, err = h.run(newLogoutCmdWith(h.deps), "", "--profile", "nope")
	if err == nil || !strings.Contains(err.Error(), `no profile "nope"`) {
		t.Errorf("logout of an unknown profile: %v", err)
	}
	out, _, _ = h.run(newLogoutCmdWith(h.deps), "")
	if out != `Logged out: profile "default" is removed (the system keyring held no credentials for it).`+"\n" {
		t.Errorf("logout: %q", out)
	}
	out, _, _ = h.run(newProfilesCmdWith(h.deps), "")
	if !strings.HasPrefix(out, "No profiles in "+filepath.Join(h.dir, "profiles.json")) {
		t.Errorf("profiles: %q", out)
	}
	h.assertNoLeak("")
}

func TestDashboardResolutionExitCodes(t *testing.T) {
	h := newCredHarness(t)
	resolve := func(baseURL string) (*factory.Context, error) {
		h.deps.f.Globals = factory.Globals{BaseURL: baseURL}
		return h.deps.f.Resolve(t.Context(), factory.Dashboard)
	}
	_, err := resolve("")
	var ec *cli.ExitError
	if !errors.As(err, &ec) || ec.Code != 2 || !strings.Contains(err.Error(), "Checked, in order:") {
		t.Fatalf("no credentials: %v", err)
	}
	h.env[keys.EnvAPIKey] = canaryKey
	_, err = resolve("https://h.example")
	if !errors.As(err, &ec) || ec.Code != 2 || !strings.Contains(err.Error(), "STRATOP_API_SECRET is not") {
		t.Fatalf("key alone: %v", err)
	}
	h.env[keys.EnvAPISecret] = canarySecret
	calls := h.keyring.Calls()
	got, err := resolve("https://h.example")
	if err != nil || got.Target.Source != keys.SourceEnv || got.Target.Creds.Secret != canarySecret || got.Target.BaseURL != "https://h.example" {
		t.Fatalf("env: %+v %v", got, err)
	}
	if h.keyring.Calls() != calls {
		t.Error("the keyring was touched although the environment had credentials")
	}

	out, _, err := h.run(newProfilesCmdWith(h.deps), "", "resolve", "--base-url", "https://h.example")
	want := "profile   default\nbase URL  https://h.example\nhost      h.example\nsource    environment\nkey       CANA...cdef\n"
	if err != nil || out != want {
		t.Errorf("profiles resolve:\n%s\nwant:\n%s(err %v)", out, want, err)
	}
	h.assertNoLeak("")
}
