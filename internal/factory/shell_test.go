package factory

import (
	"slices"
	"testing"

	"github.com/stratop/stratop/action"
	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/keys"
)

// The demo's sandbox is kept in no profile: a shell line reaches it through
// the environment, naming its address of this run and its credentials,
// while the demo runs. A profile's integration needs nothing in front.
func TestShellEnvReachesTheDemoAndNothingElseNeedsIt(t *testing.T) {
	f := testFactory(t, map[string]string{"HOME": t.TempDir()})
	demo, err := f.Demo(Dashboard, "http://127.0.0.1:40123", api.Credentials{Key: "demo-key", Secret: "demo-secret"})
	if err != nil {
		t.Fatal(err)
	}
	env, while := demo.ShellEnv()
	want := []action.EnvVar{{Name: keys.EnvBaseURL, Value: "http://127.0.0.1:40123"}, {Name: keys.EnvAPIKey, Value: "demo-key"}, {Name: keys.EnvAPISecret, Value: "demo-secret"}}
	if !slices.Equal(env, want) || while == "" {
		t.Fatalf("demo's shell env = %v, %q; want %v and when it works", env, while, want)
	}

	f = testFactory(t, map[string]string{"HOME": t.TempDir(), keys.EnvAPIKey: "KEY-0123456789", keys.EnvAPISecret: "SECRET-0123456789",
		keys.EnvBaseURL: "http://127.0.0.1:9"})
	c, err := f.Resolve(t.Context(), Dashboard)
	if err != nil {
		t.Fatal(err)
	}
	if env, while := c.ShellEnv(); env != nil || while != "" {
		t.Fatalf("a profile's context sets %v (%q) in front of its lines: its secret would be shown", env, while)
	}
}
