package keys

import (
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/stratop/stratop/api"
)

func TestResolveEnvironmentNeverTouchesTheStores(t *testing.T) {
	env := map[string]string{EnvAPIKey: canaryKey, EnvAPISecret: canarySecret, EnvBaseURL: "https://env.example.com/"}
	m := newTestManager(t, env, forbiddenStore{t, "keyring"})
	// A file-store profile exists: it must not be read either.
	writeProfiles(t, m, `{"profiles":{"default":{"base_url":"https://profile.example.com","store":"file"}}}`)
	if err := os.WriteFile(m.CredentialsPath(), []byte("not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	r, err := m.Resolve(t.Context(), "", "")
	if err != nil {
		t.Fatal(err)
	}
	want := Resolved{Profile: "default", BaseURL: "https://env.example.com", Creds: canary, Source: SourceEnv, ProfileBaseURL: "https://profile.example.com"}
	if r != want {
		t.Errorf("got %+v\nwant %+v", r, want)
	}
}

func TestResolveBaseURLPrecedence(t *testing.T) {
	env := map[string]string{EnvAPIKey: canaryKey, EnvAPISecret: canarySecret}
	m := newTestManager(t, env, forbiddenStore{t, "keyring"})
	writeProfiles(t, m, `{"profiles":{"default":{"base_url":"https://profile.example.com","store":"keyring"}}}`)

	r, err := m.Resolve(t.Context(), "", "")
	if err != nil || r.BaseURL != "https://profile.example.com" {
		t.Errorf("profile URL: %v %v", r.BaseURL, err)
	}
	env[EnvBaseURL] = "https://env.example.com"
	if r, _ = m.Resolve(t.Context(), "", ""); r.BaseURL != "https://env.example.com" {
		t.Errorf("STRATOP_BASE_URL should beat the profile: %v", r.BaseURL)
	}
	if r, _ = m.Resolve(t.Context(), "", "https://flag.example.com"); r.BaseURL != "https://flag.example.com" {
		t.Errorf("--base-url should beat STRATOP_BASE_URL: %v", r.BaseURL)
	}
	_, err = m.Resolve(t.Context(), "", "http://flag.example.com")
	if !errors.Is(err, ErrNoCredentials) || !strings.Contains(err.Error(), "--base-url: the base URL uses http:// for flag.example.com") {
		t.Errorf("insecure flag URL: %v", err)
	}
	env[EnvBaseURL] = "http://env.example.com"
	_, err = m.Resolve(t.Context(), "", "")
	if err == nil || !strings.Contains(err.Error(), "STRATOP_BASE_URL: the base URL uses http://") {
		t.Errorf("insecure env URL: %v", err)
	}
}

func TestResolveEnvironmentWithoutAnyBaseURL(t *testing.T) {
	env := map[string]string{EnvAPIKey: canaryKey, EnvAPISecret: canarySecret}
	m := newTestManager(t, env, forbiddenStore{t, "keyring"})
	_, err := m.Resolve(t.Context(), "", "")
	want := `stratop: credentials come from STRATOP_API_KEY and STRATOP_API_SECRET, but there is no base URL: set STRATOP_BASE_URL or pass --base-url (profile "default" has none)`
	if err == nil || err.Error() != want {
		t.Errorf("err = %v\nwant  %s", err, want)
	}
	if !errors.Is(err, ErrNoCredentials) {
		t.Error("should match ErrNoCredentials (exit code 2)")
	}
}

func TestResolveOneVariableAloneIsAnError(t *testing.T) {
	cases := map[string]struct {
		env  map[string]string
		want string
	}{
		"key only": {map[string]string{EnvAPIKey: canaryKey},
			`stratop: STRATOP_API_KEY is set but STRATOP_API_SECRET is not: set both, or unset STRATOP_API_KEY to use profile "default"'s stored credentials`},
		"secret only": {map[string]string{EnvAPISecret: canarySecret},
			`stratop: STRATOP_API_SECRET is set but STRATOP_API_KEY is not: set both, or unset STRATOP_API_SECRET to use profile "default"'s stored credentials`},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			m := newTestManager(t, c.env, forbiddenStore{t, "keyring"})
			_, err := m.Resolve(t.Context(), "", "https://h.example")
			if err == nil || err.Error() != c.want {
				t.Errorf("err = %v\nwant  %s", err, c.want)
			}
			if !errors.Is(err, ErrNoCredentials) {
				t.Error("should match ErrNoCredentials")
			}
			assertNoSecret(t, "error", err.Error())
		})
	}
}

func TestResolveFromTheKeyring(t *testing.T) {
	ks := NewMemStore()
	m := newTestManager(t, map[string]string{EnvProfile: "prod"}, ks)
	if _, err := m.Save(t.Context(), "prod", Profile{BaseURL: "https://prod.example.com", Store: StoreKeyring}, canary); err != nil {
		t.Fatal(err)
	}
	// A file store holding other credentials for the same profile must be
	// ignored: the profile chose the keyring.
	if err := m.file.Set(t.Context(), "prod", api.Credentials{Key: "file-key-0000000", Secret: "file-secret"}); err != nil {
		t.Fatal(err)
	}
	r, err := m.Resolve(t.Context(), "", "")
	if err != nil {
		t.Fatal(err)
	}
	if r.Creds != canary || r.Source != SourceKeyring || r.BaseURL != "https://prod.example.com" || r.Profile != "prod" {
		t.Errorf("got %+v", r)
	}
}

func TestResolveFromTheFileStoreOnlyWhenChosen(t *testing.T) {
	m := newTestManager(t, nil, forbiddenStore{t, "keyring"})
	writeProfiles(t, m, `{"profiles":{"lab":{"base_url":"http://127.0.0.1:8787","store":"file"}}}`)
	if err := m.file.Set(t.Context(), "lab", canary); err != nil {
		t.Fatal(err)
	}
	r, err := m.Resolve(t.Context(), "lab", "")
	if err != nil {
		t.Fatal(err)
	}
	if r.Creds != canary || r.Source != SourceFile {
		t.Errorf("got %+v", r)
	}
}

func TestResolveNoCredentialsScreenWithoutDBus(t *testing.T) {
	ks := NewMemStore()
	ks.FailWith(classifyOn("linux", "read", "default", &exec.Error{Name: "dbus-launch", Err: exec.ErrNotFound}, fakeEnv(nil)))
	m := newTestManager(t, nil, ks)
	_, err := m.Resolve(t.Context(), "", "")
	var nc *NoCredentialsError
	if !errors.As(err, &nc) || !errors.Is(err, ErrNoCredentials) || !errors.Is(err, ErrKeyringUnavailable) {
		t.Fatalf("err = %v", err)
	}
	want := `stratop: no credentials for profile "default" (no such profile in ` + m.ProfilesPath() + `).

Checked, in order:
  environment  STRATOP_API_KEY and STRATOP_API_SECRET are not set
  keyring      no D-Bus session: DBUS_SESSION_BUS_ADDRESS is not set and dbus-launch was not found
  file store   not chosen (stratop reads it only for a profile saved with: stratop login --store file)

Fix it with one of:
  1. Export the credentials for this shell (read -s keeps the secret off the screen and out of the history):
       export STRATOP_BASE_URL=https://api.example.com
       read -rs STRATOP_API_KEY; read -rs STRATOP_API_SECRET; export STRATOP_API_KEY STRATOP_API_SECRET
  2. Keep them in a file only you can read (mode 0600) instead of a keyring:
       stratop login --store file --base-url https://api.example.com
  3. Start a keyring for this session; log in the same way first (the keyring is kept
     under ~/.local/share/keyrings, encrypted with PASSWORD):
       dbus-run-session -- sh -c 'echo -n PASSWORD | gnome-keyring-daemon --unlock --components=secrets; stratop'`
	if err.Error() != want {
		t.Errorf("screen:\n%s\n\nwant:\n%s", err, want)
	}
}

func TestResolveNoCredentialsReasons(t *testing.T) {
	cases := []struct {
		name      string
		keyErr    error
		wantLine  string
		wantFixes []string
	}{
		{"timeout", timeoutError("read", 3*time.Second),
			"keyring      timed out after 3s (a locked keyring may be waiting",
			[]string{"gnome-keyring-daemon --unlock", "stratop login --store file"}},
		{"locked", &KeyringError{Reason: ReasonLocked, Detail: "the keyring is locked and could not be unlocked here (the unlock prompt was dismissed or cannot be shown)"},
			"keyring      the keyring is locked and could not be unlocked here",
			[]string{"dbus-run-session -- sh -c 'echo -n PASSWORD | gnome-keyring-daemon --unlock --components=secrets; stratop'"}},
		{"no secret service", &KeyringError{Reason: ReasonNoSecretService, Detail: "no Secret Service on the D-Bus session (nothing provides org.freedesktop.secrets: gnome-keyring-daemon or KeePassXC is not running)"},
			"keyring      no Secret Service on the D-Bus session",
			[]string{"export STRATOP_BASE_URL", "stratop login --store file"}},
		{"not found", nil,
			`keyring      no credentials stored for profile "default"`,
			[]string{"1. Log in (key and secret are read without echo):\n       stratop login --base-url https://api.example.com"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ks := NewMemStore()
			if c.keyErr != nil {
				ks.FailWith(c.keyErr)
			}
			m := newTestManager(t, nil, ks)
			_, err := m.Resolve(t.Context(), "", "")
			if err == nil {
				t.Fatal("want an error")
			}
			for _, want := range append([]string{c.wantLine, "environment  STRATOP_API_KEY and STRATOP_API_SECRET are not set", "file store   not chosen"}, c.wantFixes...) {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("screen lacks %q:\n%s", want, err)
				}
			}
		})
	}
}

func TestResolveFileStoreProblems(t *testing.T) {
	m := newTestManager(t, map[string]string{EnvProfile: "lab"}, forbiddenStore{t, "keyring"})
	writeProfiles(t, m, `{"profiles":{"lab":{"base_url":"http://127.0.0.1:8787","store":"file"}}}`)

	_, err := m.Resolve(t.Context(), "", "")
	for _, want := range []string{
		`keyring      not used: profile "lab" keeps its credentials in the file store`,
		"file store   no credentials file at " + m.CredentialsPath() + "\n",
		"stratop login --profile lab --store file",
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("missing file: screen lacks %q:\n%v", want, err)
		}
	}

	if err := m.file.Set(t.Context(), "lab", canary); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(m.CredentialsPath(), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = m.Resolve(t.Context(), "", "")
	if !errors.Is(err, ErrInsecureFile) || !strings.Contains(err.Error(), "1. Restrict the file as the message above says (chmod 600 "+m.CredentialsPath()+")") {
		t.Errorf("insecure file screen:\n%v", err)
	}
	assertNoSecret(t, "screen", err.Error())
}

func TestResolveProfileWithoutBaseURLOrBrokenProfiles(t *testing.T) {
	ks := NewMemStore()
	m := newTestManager(t, nil, ks)
	_ = ks.Set(t.Context(), "default", canary) // left behind by an interrupted login
	_, err := m.Resolve(t.Context(), "", "")
	if !errors.Is(err, ErrNoCredentials) || !strings.Contains(err.Error(), `the profile has no base URL: run stratop login --base-url https://... (a stored secret is sent only to the URL it was saved for)`) {
		t.Errorf("err = %v", err)
	}
	// A secret saved for no URL is sent to none.
	if r, err := m.Resolve(t.Context(), "", "https://h.example"); !errors.Is(err, ErrOtherHost) || !errors.Is(err, ErrNoCredentials) || r.Creds == canary {
		t.Errorf("with --base-url a keyring entry saved for no URL: %v %v", r, err)
	}

	writeProfiles(t, m, "{broken")
	_, err = m.Resolve(t.Context(), "", "")
	if !errors.Is(err, ErrNoCredentials) || !strings.Contains(err.Error(), "profiles     the profiles file "+m.ProfilesPath()+" is not valid JSON") {
		t.Errorf("err = %v", err)
	}
}
