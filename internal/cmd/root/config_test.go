package root

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// configHome isolates HOME and the XDG directories and returns the
// default settings path under them.
func configHome(t *testing.T) string {
	t.Helper()
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, "config"))
	t.Setenv("XDG_STATE_HOME", filepath.Join(home, "state"))
	t.Setenv("STRATOP_CONFIG", "")
	t.Setenv("STRATOP_THEME", "")
	t.Setenv("STRATOP_INTERVAL", "")
	return filepath.Join(home, "config", "stratop", "config.toml")
}

func runCmd(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := Run(args, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

func TestConfigPathInitCheck(t *testing.T) {
	def := configHome(t)
	if code, out, _ := runCmd("config", "path"); code != 0 || strings.TrimSpace(out) != def {
		t.Fatalf("config path: %d %q, want %q", code, out, def)
	}
	other := filepath.Join(t.TempDir(), "other.toml")
	t.Setenv("STRATOP_CONFIG", other)
	if _, out, _ := runCmd("config", "path"); strings.TrimSpace(out) != other {
		t.Errorf("STRATOP_CONFIG ignored: %q", out)
	}
	flag := filepath.Join(t.TempDir(), "flag.toml")
	if _, out, _ := runCmd("--config", flag, "config", "path"); strings.TrimSpace(out) != flag {
		t.Errorf("--config ignored: %q", out)
	}
	t.Setenv("STRATOP_CONFIG", "")

	if code, out, errs := runCmd("config", "check"); code != 0 || !strings.Contains(out, "defaults") {
		t.Fatalf("check without a file: %d %q %q", code, out, errs)
	}
	if code, _, errs := runCmd("config", "init"); code != 0 {
		t.Fatalf("init: %d %s", code, errs)
	}
	if code, out, errs := runCmd("config", "check"); code != 0 || !strings.Contains(out, "ok") {
		t.Fatalf("check of init's file: %d %q %q", code, out, errs)
	}
	if code, _, errs := runCmd("config", "init"); code != 2 || !strings.Contains(errs, "never overwrites") {
		t.Fatalf("second init: %d %q", code, errs)
	}
}

func TestConfigCheckNamesLine(t *testing.T) {
	def := configHome(t)
	if err := os.MkdirAll(filepath.Dir(def), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(def, []byte("theme = \"dark\"\n[keys]\nhalt = [\"s\"]\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	code, _, errs := runCmd("config", "check")
	if code != 2 || !strings.Contains(errs, def+":3: keys.halt:") {
		t.Fatalf("check: %d %q", code, errs)
	}
}

func TestConfigCheckReportsEveryMistakeInOneRun(t *testing.T) {
	def := configHome(t)
	if err := os.MkdirAll(filepath.Dir(def), 0o700); err != nil {
		t.Fatal(err)
	}
	body := "links = \"yes\"\nmouse = 1\ntheme = \"neon\"\n[profiles.p]\nread_only = \"no\"\ncolour = \"red\"\nactivity = \"all\"\n"
	if err := os.WriteFile(def, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	code, _, errs := runCmd("config", "check")
	want := []string{":1: links: wrong type", ":2: mouse: wrong type", ":3: theme: unknown theme",
		":5: profiles.p.read_only: wrong type", ":6: profiles.p.colour: unknown key",
		":7: profiles.p.activity: unknown activity \"all\" (one of shown, integration)"}
	lines := strings.Split(strings.TrimSpace(errs), "\n")
	if code != 2 || len(lines) < len(want) {
		t.Fatalf("check: %d %q", code, errs)
	}
	for i, w := range want {
		if !strings.HasPrefix(lines[i], def+w) {
			t.Errorf("line %d: %q, want %q", i, lines[i], def+w)
		}
	}
}

func TestDashboardRefusesInvalidSettings(t *testing.T) {
	configHome(t)
	bad := filepath.Join(t.TempDir(), "bad.toml")
	if err := os.WriteFile(bad, []byte("\ntheme = \"neon\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	code, _, errs := runCmd("--demo", "--config", bad)
	if code != 2 || !strings.Contains(errs, bad+":2: theme:") || !strings.Contains(errs, "stratop config check") {
		t.Fatalf("dashboard on an invalid file: %d %q", code, errs)
	}
	code, _, errs = runCmd("--demo", "--config", filepath.Join(t.TempDir(), "missing.toml"))
	if code != 2 || !strings.Contains(errs, "cannot read") {
		t.Fatalf("dashboard on a missing --config: %d %q", code, errs)
	}
}

// config check and serve refuse the same sinks with the same words, each
// at its file and line: one check serves both.
func TestConfigCheckAndServeRefuseTheSameSinks(t *testing.T) {
	newCLIEnv(t) // serve reads the credentials before it builds its sinks
	t.Setenv("STRATOP_CONFIG", "")
	path := filepath.Join(t.TempDir(), "config.toml")
	body := "[sinks.files]\nurl = \"ftp://files.example/drop\"\n\n[sinks.odd]\nurl = \"foo://h/x\"\n\n" +
		"[sinks.hook]\nurl = \"https://hooks.example/in\"\nsecret_env = \"TEST_UNSET_HOOK_SECRET\"\n\n[sinks.ok]\nurl = \"ntfy://ntfy.example/t\"\n"
	if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	want := []string{
		path + `:2: sinks.files.url: unknown service: "ftp"`,
		path + `:5: sinks.odd.url: unknown service: "foo"`,
		path + `:9: sinks.hook.secret_env: the environment variable TEST_UNSET_HOOK_SECRET is not set`,
	}
	check := func(args ...string) string {
		code, out, errs := runCmd(append([]string{"--config", path}, args...)...)
		if code != 2 || strings.Contains(out, "ok") {
			t.Errorf("%v: exit %d, stdout %q", args, code, out)
		}
		for _, w := range want {
			if !strings.Contains(errs, w) {
				t.Errorf("%v: stderr lacks %q:\n%s", args, w, errs)
			}
		}
		return errs
	}
	if a, b := check("config", "check"), check("serve", "--listen", "127.0.0.1:0"); a != b {
		t.Errorf("config check and serve word it differently:\n%s\n---\n%s", a, b)
	}
	t.Setenv("TEST_UNSET_HOOK_SECRET", "s")
	fixed := strings.NewReplacer("ftp://", "ntfy://", "foo://", "generic+https://").Replace(body)
	if err := os.WriteFile(path, []byte(fixed), 0o600); err != nil {
		t.Fatal(err)
	}
	if code, out, errs := runCmd("--config", path, "config", "check"); code != 0 || !strings.Contains(out, "ok") {
		t.Errorf("fixed file: exit %d %q %q", code, out, errs)
	}
}
