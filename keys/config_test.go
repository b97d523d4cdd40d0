package keys

import (
	"strings"
	"testing"
	"time"
)

func TestParseKeyringTimeout(t *testing.T) {
	ok := map[string]time.Duration{
		"":       DefaultKeyringTimeout,
		"5s":     5 * time.Second,
		"1500ms": 1500 * time.Millisecond,
		"5":      5 * time.Second,
		"0.25":   250 * time.Millisecond,
		" 2s ":   2 * time.Second,
	}
	for in, want := range ok {
		got, err := ParseKeyringTimeout(in)
		if err != nil || got != want {
			t.Errorf("ParseKeyringTimeout(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	bad := map[string]string{
		"abc": "is not a duration",
		"0":   "out of range",
		"-1s": "out of range",
		"11m": "out of range",
		"NaN": "out of range",
	}
	for in, want := range bad {
		_, err := ParseKeyringTimeout(in)
		if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), EnvKeyringTimeout) {
			t.Errorf("ParseKeyringTimeout(%q) error = %v; want it to name %s and say %q", in, err, EnvKeyringTimeout, want)
		}
	}
}

func TestBadKeyringTimeoutIsReportedOnlyWhenTheKeyringIsUsed(t *testing.T) {
	env := map[string]string{EnvKeyringTimeout: "soon", EnvAPIKey: canaryKey, EnvAPISecret: canarySecret, EnvBaseURL: "https://api.example.com"}
	m, err := New(Config{Dir: t.TempDir(), Getenv: fakeEnv(env)})
	if err != nil {
		t.Fatalf("New must not fail on a bad timeout the environment may never need: %v", err)
	}
	if _, err := m.Resolve(t.Context(), "", ""); err != nil {
		t.Fatalf("environment credentials must resolve despite a bad keyring timeout: %v", err)
	}
	delete(env, EnvAPIKey)
	delete(env, EnvAPISecret)
	_, err = m.Resolve(t.Context(), "", "")
	if err == nil || !strings.Contains(err.Error(), `STRATOP_KEYRING_TIMEOUT="soon" is not a duration`) {
		t.Fatalf("keyring check should report the bad timeout, got: %v", err)
	}
	if !IsKeyringUnavailable(err) {
		t.Error("a misconfigured keyring should count as unavailable")
	}
}

func TestProfileNameOrder(t *testing.T) {
	m := newTestManager(t, map[string]string{EnvProfile: "from-env"}, NewMemStore())
	if got, _ := m.ProfileName("from-flag"); got != "from-flag" {
		t.Errorf("flag should win, got %q", got)
	}
	if got, _ := m.ProfileName(""); got != "from-env" {
		t.Errorf("STRATOP_PROFILE should apply without a flag, got %q", got)
	}
	m = newTestManager(t, nil, NewMemStore())
	if got, _ := m.ProfileName(""); got != DefaultProfile {
		t.Errorf("default profile = %q, want %q", got, DefaultProfile)
	}
	for _, bad := range []string{"../x", "a b", "-x", "a/b", strings.Repeat("a", 65), "x\x1b[2J"} {
		if _, err := m.ProfileName(bad); err == nil || !strings.Contains(err.Error(), "invalid profile name") {
			t.Errorf("ProfileName(%q) = %v; want an invalid-name error", bad, err)
		}
	}
}

func TestNoConfigDirectoryStillAllowsTheEnvironment(t *testing.T) {
	t.Setenv("HOME", "")
	t.Setenv("XDG_CONFIG_HOME", "")
	env := map[string]string{EnvAPIKey: canaryKey, EnvAPISecret: canarySecret, EnvBaseURL: "https://h.example"}
	m, err := New(Config{Getenv: fakeEnv(env), Keyring: forbiddenStore{t, "keyring"}})
	if err != nil {
		t.Fatal(err)
	}
	if r, err := m.Resolve(t.Context(), "", ""); err != nil || r.Creds != canary {
		t.Fatalf("env resolution without a config dir: %v %v", r, err)
	}
	if _, err := m.LoadProfiles(); err == nil || !strings.Contains(err.Error(), "set HOME or XDG_CONFIG_HOME") {
		t.Errorf("LoadProfiles = %v", err)
	}
	if _, err := m.Store(StoreFile); err == nil {
		t.Error("a file store without a directory")
	}
}
