package dashboard

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/internal/factory"
	"github.com/stratop/stratop/internal/testkit"
	"github.com/stratop/stratop/keys"
)

const (
	canaryKey    = testkit.CanaryKey
	canarySecret = testkit.CanarySecret
)

// switchEnv is the switch's environment and keyring: a config dir with two
// saved profiles and a settings file labelling one of them.
type switchEnv struct {
	env  map[string]string
	keys keys.Config
}

func switchHarness(t *testing.T) (*switchEnv, *profileSwitch) {
	t.Helper()
	t.Setenv("HOME", t.TempDir())
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	h := &switchEnv{env: map[string]string{}}
	h.keys = keys.Config{Dir: filepath.Join(t.TempDir(), "stratop"), Getenv: func(k string) string { return h.env[k] }, Keyring: keys.NewMemStore()}
	m, err := keys.New(h.keys)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"staging", "prod"} {
		prof := keys.Profile{BaseURL: "https://" + p + ".example.com", Store: keys.StoreKeyring}
		if _, err := m.Save(t.Context(), p, prof, api.Credentials{Key: canaryKey, Secret: canarySecret}); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(t.TempDir(), "config.toml")
	if err := os.WriteFile(path, []byte("[profiles.prod]\nlabel = \"PROD\"\nread_only = true\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	getenv := func(k string) string { return h.env[k] }
	f := &factory.Factory{Getenv: getenv, Keys: h.keys}
	f.Globals.Config = path
	sw := &profileSwitch{f: f}
	t.Cleanup(sw.Close)
	return h, sw
}

func TestProfileSwitchListsAndConnects(t *testing.T) {
	_, sw := switchHarness(t)
	list, err := sw.List(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 2 || list[0].Name != "prod" || list[0].Label != "PROD" || list[1].Name != "staging" || list[1].Label != "" {
		t.Fatalf("list %+v", list)
	}
	// The switch resolves the profile through the factory as the start
	// does: the policy names the setting that made prod read-only.
	var got *factory.Context
	sw.f.Resolved = func(c *factory.Context) { got = c }
	conn, err := sw.Connect(t.Context(), "prod")
	if err != nil {
		t.Fatal(err)
	}
	if conn.Profile != "prod" || conn.Client.Host() != "prod.example.com" || len(conn.Options) == 0 {
		t.Errorf("connection %+v", conn)
	}
	if got == nil || got.Front != factory.Dashboard || got.Profile != "prod" || got.Integration.Host != "prod.example.com" ||
		!got.Policy.ReadOnly || !strings.HasPrefix(got.Policy.ReadOnlyBy, "read_only of profile prod in ") {
		t.Errorf("the switch resolved %+v", got)
	}
}

func TestProfileSwitchExplainsWhatFails(t *testing.T) {
	h, sw := switchHarness(t)
	if _, err := sw.Connect(t.Context(), "qa"); err == nil || !strings.Contains(err.Error(), `"qa"`) {
		t.Errorf("unknown profile: %v", err)
	}
	h.env["STRATOP_API_KEY"], h.env["STRATOP_API_SECRET"] = canaryKey, canarySecret
	for _, call := range []func() error{
		func() error { _, err := sw.List(t.Context()); return err },
		func() error { _, err := sw.Connect(t.Context(), "prod"); return err },
	} {
		err := call()
		if err == nil || !strings.Contains(err.Error(), "STRATOP_API_KEY") {
			t.Errorf("credentials from the environment must pin the profile: %v", err)
		}
		if err != nil && (strings.Contains(err.Error(), canaryKey) || strings.Contains(err.Error(), canarySecret)) {
			t.Error("the error leaks a credential")
		}
	}
	delete(h.env, "STRATOP_API_KEY")
	delete(h.env, "STRATOP_API_SECRET")
	h.env["STRATOP_BASE_URL"] = "https://elsewhere.example.com"
	if _, err := sw.List(t.Context()); err == nil || !strings.Contains(err.Error(), "STRATOP_BASE_URL") {
		t.Errorf("a base URL from the environment must pin the profile: %v", err)
	}
}
