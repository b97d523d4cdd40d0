package keys

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/stratop/stratop/api"
)

// Source says where resolved credentials came from.
type Source string

// The sources, in resolution order.
const (
	SourceEnv     Source = "environment"
	SourceKeyring Source = "keyring"
	SourceFile    Source = "file"
)

// Resolved is what the dashboard connects with.
type Resolved struct {
	Profile string
	BaseURL string // normalised: the URL actually used
	Creds   api.Credentials
	Source  Source
	// ProfileBaseURL is the base URL the profile was saved with ("" when
	// it has none), and ProfileHostMatches says BaseURL has its scheme,
	// host and port: only then may the profile's label and colour be shown.
	ProfileBaseURL     string
	ProfileHostMatches bool
}

// ErrOtherHost: stored credentials were asked for a base URL other than
// the one they were saved for. It matches ErrNoCredentials too.
var ErrOtherHost = errors.New("stored credentials are bound to the base URL they were saved for")

// Resolve finds the base URL and credentials for a profile (profileFlag, else
// STRATOP_PROFILE, else "default"):
//
//  1. STRATOP_API_KEY + STRATOP_API_SECRET, both or neither (one alone is an
//     error naming the missing one). The stores are not touched.
//  2. Otherwise the store the profile chose: the keyring (the default, also
//     for a profile not yet created) or the file store. The file store is
//     never read for a keyring profile: no silent fallback to plaintext.
//
// The base URL is baseURLFlag, else STRATOP_BASE_URL, else the profile's.
// Stored credentials are sent only to the scheme, host and port the profile
// was saved with: another base URL from the flag or the environment needs
// credentials from the environment too (else ErrOtherHost). Every error
// matches ErrNoCredentials; a *NoCredentialsError lists each source
// checked, why it failed and how to fix it.
func (m *Manager) Resolve(ctx context.Context, profileFlag, baseURLFlag string) (Resolved, error) {
	name, err := m.ProfileName(profileFlag)
	if err != nil {
		return Resolved{}, resolveErr(err.Error(), err)
	}
	key, secret := m.getenv(EnvAPIKey), m.getenv(EnvAPISecret)
	switch {
	case key != "" && secret != "":
		return m.resolveFromEnv(name, baseURLFlag, api.Credentials{Key: key, Secret: secret})
	case key != "":
		return Resolved{}, resolveErr(fmt.Sprintf("%s is set but %s is not: set both, or unset %s to use profile %q's stored credentials",
			EnvAPIKey, EnvAPISecret, EnvAPIKey, name), nil)
	case secret != "":
		return Resolved{}, resolveErr(fmt.Sprintf("%s is set but %s is not: set both, or unset %s to use profile %q's stored credentials",
			EnvAPISecret, EnvAPIKey, EnvAPISecret, name), nil)
	}

	nc := &NoCredentialsError{Profile: name, ProfilesPath: m.ProfilesPath(), CredentialsPath: m.CredentialsPath()}
	nc.add(Check{Source: "environment", Problem: EnvAPIKey + " and " + EnvAPISecret + " are not set"})
	profiles, err := m.LoadProfiles()
	if err != nil {
		nc.add(Check{Source: "profiles", Problem: err.Error(), Err: err})
		return Resolved{}, nc
	}
	prof, known := profiles.Get(name)
	nc.ProfileKnown = known
	kind := StoreKeyring
	if known {
		kind = prof.Store
	}
	nc.Store = kind
	store, err := m.Store(kind)
	if err != nil {
		return Resolved{}, resolveErr(err.Error(), err)
	}
	creds, err := store.Get(ctx, name)
	if err != nil {
		if ctx.Err() != nil {
			return Resolved{}, ctx.Err()
		}
		switch kind {
		case StoreKeyring:
			nc.add(Check{Source: "keyring", Problem: strings.TrimPrefix(err.Error(), "keyring: "), Err: err})
			nc.add(Check{Source: "file store", Problem: "not chosen (stratop reads it only for a profile saved with: stratop login --store file)"})
		case StoreFile:
			nc.add(Check{Source: "keyring", Problem: fmt.Sprintf("not used: profile %q keeps its credentials in the file store", name)})
			nc.add(Check{Source: "file store", Problem: err.Error(), Err: err})
		}
		return Resolved{}, nc
	}
	override := firstNonEmpty(baseURLFlag, m.getenv(EnvBaseURL))
	base := firstNonEmpty(override, prof.BaseURL)
	if base == "" {
		return Resolved{}, resolveErr(fmt.Sprintf("%s holds credentials for profile %q but the profile has no base URL: run stratop login%s --base-url https://... (a stored secret is sent only to the URL it was saved for), or set %s and %s with %s",
			kind.Describe(), name, profileArg(name), EnvAPIKey, EnvAPISecret, EnvBaseURL), errNoBaseURL)
	}
	norm, err := m.checkURL(base, baseURLFlag)
	if err != nil {
		return Resolved{}, err
	}
	saved, _ := NormalizeBaseURL(prof.BaseURL)
	if override != "" && (saved == "" || !SameOrigin(norm, saved)) {
		return Resolved{}, m.otherHostErr(name, kind, norm, saved, baseURLFlag)
	}
	return Resolved{Profile: name, BaseURL: norm, Creds: creds, Source: Source(kind), ProfileBaseURL: saved, ProfileHostMatches: true}, nil
}

// otherHostErr refuses to send a stored secret to a URL it was not saved
// for, naming both and the ways on.
func (m *Manager) otherHostErr(name string, kind StoreKind, url, saved, flag string) error {
	from := EnvBaseURL
	if flag != "" {
		from = "--base-url"
	}
	savedFor := "no base URL"
	if saved != "" {
		savedFor = Origin(saved)
	}
	return resolveErr(fmt.Sprintf("%s names %s, but profile %q's credentials in %s were saved for %s: a stored secret is sent only to the scheme, host and port it was saved for. "+
		"For another host set %s and %s (for that host), or save them with: stratop login%s --base-url %s; or drop %s",
		from, Origin(url), name, kind.Describe(), savedFor, EnvAPIKey, EnvAPISecret, profileArg(name), url, from), ErrOtherHost)
}

// resolveFromEnv completes environment credentials with a base URL; the
// profiles file is read only when neither flag nor STRATOP_BASE_URL gives one.
func (m *Manager) resolveFromEnv(name, baseURLFlag string, creds api.Credentials) (Resolved, error) {
	if err := CheckCredentials(creds); err != nil {
		return Resolved{}, resolveErr(fmt.Sprintf("%s/%s: %v", EnvAPIKey, EnvAPISecret, err), err)
	}
	base := firstNonEmpty(baseURLFlag, m.getenv(EnvBaseURL))
	if base == "" {
		profiles, err := m.LoadProfiles()
		if err != nil {
			return Resolved{}, resolveErr(fmt.Sprintf("credentials come from %s and %s, but there is no base URL: set %s or pass --base-url (%v)",
				EnvAPIKey, EnvAPISecret, EnvBaseURL, err), err)
		}
		if p, ok := profiles.Get(name); ok {
			base = p.BaseURL
		}
	}
	if base == "" {
		return Resolved{}, resolveErr(fmt.Sprintf("credentials come from %s and %s, but there is no base URL: set %s or pass --base-url (profile %q has none)",
			EnvAPIKey, EnvAPISecret, EnvBaseURL, name), errNoBaseURL)
	}
	norm, err := m.checkURL(base, baseURLFlag)
	if err != nil {
		return Resolved{}, err
	}
	r := Resolved{Profile: name, BaseURL: norm, Creds: creds, Source: SourceEnv}
	if profiles, err := m.LoadProfiles(); err == nil {
		if p, ok := profiles.Get(name); ok {
			r.ProfileBaseURL, _ = NormalizeBaseURL(p.BaseURL)
			r.ProfileHostMatches = r.ProfileBaseURL != "" && SameOrigin(norm, r.ProfileBaseURL)
		}
	}
	return r, nil
}

// checkURL normalises the chosen base URL, naming where it came from.
func (m *Manager) checkURL(base, flag string) (string, error) {
	norm, err := NormalizeBaseURL(base)
	if err == nil {
		return norm, nil
	}
	from := "the profile's base URL"
	switch base {
	case flag:
		from = "--base-url"
	case m.getenv(EnvBaseURL):
		from = EnvBaseURL
	}
	return "", resolveErr(from+": "+err.Error(), err)
}

// resolveError is a resolution failure that is not a list of checks.
type resolveError struct {
	msg   string
	cause error
}

func resolveErr(msg string, cause error) error {
	return &resolveError{msg: "stratop: " + msg, cause: cause}
}

func (e *resolveError) Error() string { return e.msg }
func (e *resolveError) Unwrap() error { return e.cause }

// Is matches ErrNoCredentials.
func (e *resolveError) Is(target error) bool { return target == ErrNoCredentials }

func firstNonEmpty(vs ...string) string {
	for _, v := range vs {
		if v = strings.TrimSpace(v); v != "" {
			return v
		}
	}
	return ""
}

// profileArg is " --profile NAME" for a profile other than the default, for
// commands quoted in messages.
func profileArg(name string) string {
	if name == DefaultProfile {
		return ""
	}
	return " --profile " + name
}

// IsKeyringUnavailable reports whether err says the keyring cannot be used
// at all (as opposed to holding no entry).
func IsKeyringUnavailable(err error) bool { return errors.Is(err, ErrKeyringUnavailable) }
