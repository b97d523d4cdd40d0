package keys

import (
	"errors"
	"strings"
	"testing"
)

func TestSameOrigin(t *testing.T) {
	cases := []struct {
		a, b string
		want bool
	}{
		{"https://api.example", "https://api.example/v2", true},
		{"https://api.example", "https://API.example:443", true},
		{"http://127.0.0.1:8080", "http://127.0.0.1:8080/x", true},
		{"https://api.example", "http://api.example", false},
		{"https://api.example", "https://api.example:8443", false},
		{"https://api.example", "https://api.example.evil", false},
		{"http://127.0.0.1:8080", "http://127.0.0.1:8081", false},
		{"http://127.0.0.1:8080", "http://localhost:8080", false},
		{"", "https://api.example", false},
	}
	for _, c := range cases {
		if got := SameOrigin(c.a, c.b); got != c.want {
			t.Errorf("SameOrigin(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

func TestStoredCredentialsGoOnlyToTheirOrigin(t *testing.T) {
	ks := NewMemStore()
	env := map[string]string{}
	m := newTestManager(t, env, ks)
	writeProfiles(t, m, `{"profiles":{"prod":{"base_url":"https://prod.example","store":"keyring"}}}`)
	if err := ks.Set(t.Context(), "prod", canary); err != nil {
		t.Fatal(err)
	}
	r, err := m.Resolve(t.Context(), "prod", "")
	if err != nil || r.BaseURL != "https://prod.example" || !r.ProfileHostMatches || r.Creds != canary {
		t.Fatalf("the profile's own URL: %+v %v", r, err)
	}
	if r, err := m.Resolve(t.Context(), "prod", "https://prod.example:443/api/v1"); err != nil || !r.ProfileHostMatches {
		t.Errorf("the same origin written differently: %+v %v", r, err)
	}
	for _, other := range []string{"https://staging.example", "https://prod.example:8443", "http://127.0.0.1:9"} {
		r, err := m.Resolve(t.Context(), "prod", other)
		if !errors.Is(err, ErrOtherHost) || !errors.Is(err, ErrNoCredentials) || r.Creds == canary {
			t.Errorf("--base-url %s: %+v %v; want ErrOtherHost and no credentials", other, r, err)
			continue
		}
		for _, want := range []string{"--base-url", Origin(other), "https://prod.example:443", "STRATOP_API_KEY"} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("--base-url %s: the message does not name %q: %v", other, want, err)
			}
		}
		assertNoSecret(t, "other host", err.Error())
	}
	env[EnvBaseURL] = "https://staging.example"
	if _, err := m.Resolve(t.Context(), "prod", ""); !errors.Is(err, ErrOtherHost) || !strings.Contains(err.Error(), EnvBaseURL) {
		t.Errorf("a leftover %s: %v", EnvBaseURL, err)
	}
	// Credentials from the environment may go to another host, but the
	// profile's host does not match: no label or colour of the profile.
	env[EnvAPIKey], env[EnvAPISecret] = canaryKey, canarySecret
	r, err = m.Resolve(t.Context(), "prod", "")
	if err != nil || r.BaseURL != "https://staging.example" || r.ProfileHostMatches || r.ProfileBaseURL != "https://prod.example" {
		t.Errorf("environment credentials for another host: %+v %v", r, err)
	}
	env[EnvBaseURL] = "https://prod.example/"
	if r, err = m.Resolve(t.Context(), "prod", ""); err != nil || !r.ProfileHostMatches {
		t.Errorf("environment credentials for the profile's host: %+v %v", r, err)
	}
}
