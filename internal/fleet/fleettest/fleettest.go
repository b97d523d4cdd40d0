// Package fleettest sets up the saved profiles of a fleet test.
package fleettest

import (
	"context"
	"testing"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/api/sandbox"
	"github.com/stratop/stratop/internal/factory"
	"github.com/stratop/stratop/keys"
)

// Profile is a saved profile of a fleet test: its name, the base URL
// it names and the secret saved with the sandbox's key ("" for the right
// one).
type Profile struct {
	Name, URL, Secret string
}

// Factory is a factory on temp config and state directories and an
// in-memory keyring holding the profiles; env is its environment, which a
// test may add to before resolving (a settings file: STRATOP_CONFIG).
func Factory(t testing.TB, profiles ...Profile) (*factory.Factory, map[string]string) {
	t.Helper()
	env := map[string]string{"HOME": t.TempDir(), "XDG_CONFIG_HOME": t.TempDir(), "XDG_STATE_HOME": t.TempDir()}
	getenv := func(k string) string { return env[k] }
	f := &factory.Factory{Getenv: getenv, Keys: keys.Config{Dir: t.TempDir(), Getenv: getenv, Keyring: keys.NewMemStore()}}
	m, err := f.KeyManager()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range profiles {
		secret := p.Secret
		if secret == "" {
			secret = sandbox.DemoSecret
		}
		if _, err := m.Save(context.Background(), p.Name, keys.Profile{BaseURL: p.URL, Store: keys.StoreKeyring},
			api.Credentials{Key: sandbox.DemoKey, Secret: secret}); err != nil {
			t.Fatal(err)
		}
	}
	return f, env
}
