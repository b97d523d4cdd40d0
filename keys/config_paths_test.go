package keys

import (
	"path/filepath"
	"testing"
)

// Without a Dir the profiles file sits beside the settings file, resolved
// from the Manager's own environment (never the process's, never the OS
// config directory, which on macOS is elsewhere).
func TestProfilesFollowTheXDGConfigDirectory(t *testing.T) {
	cfgHome := t.TempDir()
	env := map[string]string{"XDG_CONFIG_HOME": cfgHome, "HOME": t.TempDir()}
	m, err := New(Config{Getenv: func(k string) string { return env[k] }, Keyring: NewMemStore()})
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(cfgHome, "stratop", "profiles.json"); m.ProfilesPath() != want {
		t.Errorf("profiles at %q, want %q", m.ProfilesPath(), want)
	}
	delete(env, "XDG_CONFIG_HOME")
	m, _ = New(Config{Getenv: func(k string) string { return env[k] }, Keyring: NewMemStore()})
	if want := filepath.Join(env["HOME"], ".config", "stratop", "profiles.json"); m.ProfilesPath() != want {
		t.Errorf("profiles at %q, want %q", m.ProfilesPath(), want)
	}
}
