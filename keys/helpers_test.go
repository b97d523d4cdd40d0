package keys

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stratop/stratop/api"
)

// Canary credentials: any appearance of these in output, errors or files
// other than the chosen store is a leak.
const (
	canaryKey    = "CANARYKEY-0123456789-abcdef"
	canarySecret = "CANARYSECRET-s3cr3t-9876543210"
)

var canary = api.Credentials{Key: canaryKey, Secret: canarySecret}

// fakeEnv is an injectable environment.
func fakeEnv(vars map[string]string) func(string) string {
	return func(k string) string { return vars[k] }
}

// newTestManager returns a Manager on a temp dir with the given environment
// and keyring store.
func newTestManager(t *testing.T, env map[string]string, keyring Store) *Manager {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "stratop")
	m, err := New(Config{Dir: dir, Getenv: fakeEnv(env), Keyring: keyring})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// forbiddenStore fails the test on any call: proof that a store is not touched.
type forbiddenStore struct {
	t    *testing.T
	name string
}

func (f forbiddenStore) Get(context.Context, string) (api.Credentials, error) {
	f.t.Errorf("%s store was read", f.name)
	return api.Credentials{}, errors.New("forbidden")
}

func (f forbiddenStore) Set(context.Context, string, api.Credentials) error {
	f.t.Errorf("%s store was written", f.name)
	return errors.New("forbidden")
}

func (f forbiddenStore) Delete(context.Context, string) error {
	f.t.Errorf("%s store was deleted from", f.name)
	return errors.New("forbidden")
}

// writeProfiles writes a profiles.json directly, as a user might.
func writeProfiles(t *testing.T, m *Manager, body string) {
	t.Helper()
	if err := os.MkdirAll(m.Dir(), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(m.ProfilesPath(), []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
}

// assertNoSecret fails if s contains the canary secret or the full key.
func assertNoSecret(t *testing.T, where, s string) {
	t.Helper()
	if strings.Contains(s, canarySecret) {
		t.Errorf("%s contains the secret: %q", where, s)
	}
	if strings.Contains(s, canaryKey) {
		t.Errorf("%s contains the unmasked key: %q", where, s)
	}
}
