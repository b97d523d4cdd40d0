package factory

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stratop/stratop/internal/exit"
	"github.com/stratop/stratop/keys"
)

// testFactory reads only env, a temp config dir and an in-memory keyring.
func testFactory(t *testing.T, env map[string]string) *Factory {
	t.Helper()
	getenv := func(k string) string { return env[k] }
	return &Factory{Getenv: getenv, Keys: keys.Config{Dir: t.TempDir(), Getenv: getenv, Keyring: keys.NewMemStore()}}
}

func usageCode(err error) bool {
	var ee *exit.Error
	return errors.As(err, &ee) && ee.Code == exit.Usage
}

// The profile is worked out one way (flag, environment, "default") and a
// name that would reach outside a directory is refused before any path is
// built from it.
func TestProfileOneWayAndValidated(t *testing.T) {
	home := t.TempDir()
	for _, c := range []struct {
		flag, env, want string
		bad             bool
	}{
		{want: "default"},
		{env: "prod", want: "prod"},
		{flag: " qa ", env: "prod", want: "qa"},
		{flag: "../../etc", bad: true},
		{env: "a/b", bad: true},
	} {
		f := testFactory(t, map[string]string{"HOME": home, keys.EnvProfile: c.env})
		f.Globals.Profile = c.flag
		got, err := f.Profile()
		if c.bad {
			if err == nil || !usageCode(err) {
				t.Errorf("flag %q env %q: %q %v, want exit 2", c.flag, c.env, got, err)
			}
			if _, err := f.Local(Alerts); err == nil {
				t.Errorf("flag %q env %q: a context was resolved", c.flag, c.env)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("flag %q env %q: %q %v, want %q", c.flag, c.env, got, err, c.want)
		}
	}
}

// One minimum for every front end's --interval: 1s, and 50ms only on a
// loopback address.
func TestCheckInterval(t *testing.T) {
	for _, c := range []struct {
		d        time.Duration
		loopback bool
		ok       bool
	}{
		{time.Second, false, true}, {999 * time.Millisecond, false, false}, {100 * time.Millisecond, false, false},
		{50 * time.Millisecond, true, true}, {49 * time.Millisecond, true, false}, {time.Hour, true, true},
	} {
		if err := CheckInterval(c.d, c.loopback); (err == nil) != c.ok {
			t.Errorf("%s loopback %v: %v", c.d, c.loopback, err)
		}
	}
}

// --interval is checked against the host the credentials name, the same
// way whichever front end asks.
func TestResolveChecksTheIntervalOnItsHost(t *testing.T) {
	env := map[string]string{"HOME": t.TempDir(), keys.EnvAPIKey: "KEY-0123456789", keys.EnvAPISecret: "SECRET-0123456789"}
	for _, c := range []struct {
		base string
		ok   bool
	}{{"http://127.0.0.1:9", true}, {"https://partner.example", false}} {
		for _, front := range []Front{Dashboard, Watch, Serve} {
			f := testFactory(t, env)
			f.Globals.BaseURL = c.base
			_, err := f.Resolve(t.Context(), front, WithInterval(100*time.Millisecond))
			if (err == nil) != c.ok || (err != nil && !usageCode(err)) {
				t.Errorf("%s on %s: %v", front, c.base, err)
			}
		}
	}
}

// Without HOME or XDG_CONFIG_HOME no settings file can be named: the
// defaults apply, as for a file that does not exist. A named file that is
// missing is an error.
func TestSettingsWithoutAHome(t *testing.T) {
	f := testFactory(t, map[string]string{})
	c, err := f.Settings()
	if err != nil || c.Exists {
		t.Fatalf("%v %v", c, err)
	}
	f = testFactory(t, map[string]string{})
	f.Globals.Config = filepath.Join(t.TempDir(), "missing.toml")
	if _, err := f.Settings(); err == nil || !usageCode(err) || !strings.Contains(err.Error(), "stratop config check") {
		t.Errorf("missing --config: %v", err)
	}
}

// Read-only and require-reason carry the setting that made them, and the
// runner built from a context refuses with those words.
func TestPolicyNamesItsSource(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "s.toml")
	if err := os.WriteFile(path, []byte("require_reason = true\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	f := testFactory(t, map[string]string{"HOME": dir, "STRATOP_READ_ONLY": "yes"})
	f.Globals.Config = path
	c, err := f.Local(CLI)
	if err != nil {
		t.Fatal(err)
	}
	if c.Policy.ReadOnlyBy != "STRATOP_READ_ONLY=yes" || c.Policy.RequireReasonBy != "require_reason in "+path {
		t.Errorf("%+v", c.Policy)
	}
	f.Globals.ReadOnly = true
	if c, _ := f.Local(CLI); c.Policy.ReadOnlyBy != "STRATOP_READ_ONLY=yes" {
		t.Errorf("the flag took the source of a setting already read-only: %q", c.Policy.ReadOnlyBy)
	}
	r := c.Runner(nil, nil)
	if err := r.CheckRoute("POST", true, ""); err == nil || !strings.Contains(err.Error(), "STRATOP_READ_ONLY=yes") {
		t.Errorf("refusal %v", err)
	}
}
