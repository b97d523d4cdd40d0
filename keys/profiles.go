package keys

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/netip"
	"net/url"
	"os"
	"sort"
	"strings"
)

// Profile binds a name to a base URL and to the store holding its
// credentials. It never holds a secret.
type Profile struct {
	BaseURL string    `json:"base_url"`
	Store   StoreKind `json:"store"`
}

// Profiles is the content of profiles.json: name -> Profile.
type Profiles struct {
	path  string
	m     map[string]Profile
	write func(path string, data []byte) error
}

// profilesFile is the on-disk shape, versioned for later changes.
type profilesFile struct {
	Version  int                `json:"version"`
	Profiles map[string]Profile `json:"profiles"`
}

// maxProfilesFileBytes bounds what is read: a larger file is not ours.
const maxProfilesFileBytes = 1 << 20

// LoadProfiles reads profiles.json; a missing file is an empty set. Every
// entry is validated, so a hand-edited file cannot smuggle in an insecure URL
// or terminal escapes.
func (m *Manager) LoadProfiles() (*Profiles, error) {
	if m.dirErr != nil {
		return nil, m.dirErr
	}
	p := &Profiles{path: m.ProfilesPath(), m: map[string]Profile{}, write: m.writeFile}
	b, err := readBounded(p.path, maxProfilesFileBytes)
	if errors.Is(err, fs.ErrNotExist) {
		return p, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reading profiles: %w", err)
	}
	var f profilesFile
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, fmt.Errorf("the profiles file %s is not valid JSON; fix or remove it", p.path)
	}
	for name, prof := range f.Profiles {
		if err := ValidateProfileName(name); err != nil {
			return nil, fmt.Errorf("the profiles file %s: %w", p.path, err)
		}
		if err := prof.validate(); err != nil {
			return nil, fmt.Errorf("the profiles file %s, profile %q: %w", p.path, name, err)
		}
		p.m[name] = prof
	}
	return p, nil
}

// validate checks a profile's URL and store.
func (p *Profile) validate() error {
	u, err := NormalizeBaseURL(p.BaseURL)
	if err != nil {
		return err
	}
	p.BaseURL = u
	k, err := ParseStoreKind(string(p.Store))
	if err != nil {
		return err
	}
	p.Store = k
	return nil
}

// Path is the profiles file.
func (p *Profiles) Path() string { return p.path }

// Get returns the named profile.
func (p *Profiles) Get(name string) (Profile, bool) {
	prof, ok := p.m[name]
	return prof, ok
}

// Set adds or replaces a profile after validating it.
func (p *Profiles) Set(name string, prof Profile) error {
	if err := ValidateProfileName(name); err != nil {
		return err
	}
	if err := prof.validate(); err != nil {
		return err
	}
	p.m[name] = prof
	return nil
}

// Delete removes a profile; it reports whether there was one.
func (p *Profiles) Delete(name string) bool {
	_, ok := p.m[name]
	delete(p.m, name)
	return ok
}

// Names lists the profiles in name order.
func (p *Profiles) Names() []string {
	names := make([]string, 0, len(p.m))
	for n := range p.m {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Save writes the profiles atomically, mode 0600 in a 0700 directory.
func (p *Profiles) Save() error {
	b, err := json.MarshalIndent(profilesFile{Version: 1, Profiles: p.m}, "", "  ")
	if err != nil {
		return errors.New("cannot encode profiles")
	}
	return p.write(p.path, append(b, '\n'))
}

// NormalizeBaseURL checks a base URL ({base_url} of the spec) and returns its
// canonical form: https, or http only for a loopback host (localhost,
// 127.0.0.0/8, ::1), no user info, query or fragment; lower-case scheme and
// host; no trailing slash and no trailing /api/v1 (routes live under it).
func NormalizeBaseURL(raw string) (string, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return "", errors.New("the base URL is empty")
	}
	u, err := url.Parse(raw)
	if err != nil {
		// url's errors quote the input, which might hold user info.
		return "", errors.New("the base URL is not a valid URL")
	}
	switch {
	case u.Scheme != "http" && u.Scheme != "https":
		return "", errors.New("the base URL must start with https:// (or http:// for a loopback host)")
	case u.Opaque != "" || u.Hostname() == "":
		return "", errors.New("the base URL has no host")
	case u.User != nil:
		return "", errors.New("the base URL must not contain a user name or password; stratop asks for the key and secret")
	case u.RawQuery != "" || u.ForceQuery || u.Fragment != "":
		return "", errors.New("the base URL must not contain a query or fragment")
	case !isPlainASCII(u.Host):
		// Also keeps invisible and bidi characters out of every message
		// that names the host.
		return "", errors.New("the base URL's host must be plain ASCII (write an international name in its xn-- form)")
	case u.Scheme == "http" && !isLoopbackHost(u.Hostname()):
		return "", fmt.Errorf("the base URL uses http:// for %s: the secret would travel in clear text; use https:// (http:// is allowed only for localhost, 127.0.0.0/8 and ::1)", u.Hostname())
	}
	u.Host = strings.ToLower(u.Host)
	p := strings.TrimRight(u.Path, "/")
	p = strings.TrimSuffix(p, "/api/v1")
	u.Path = strings.TrimRight(p, "/")
	u.RawPath = ""
	return u.String(), nil
}

// isPlainASCII reports whether s holds only printable ASCII.
func isPlainASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] <= ' ' || s[i] >= 0x7f {
			return false
		}
	}
	return true
}

// isLoopbackHost reports localhost or a loopback IP literal; other names are
// not resolved, as a DNS answer could change.
func isLoopbackHost(h string) bool {
	if strings.EqualFold(h, "localhost") {
		return true
	}
	a, err := netip.ParseAddr(h)
	return err == nil && a.Unmap().IsLoopback()
}

// readBounded reads path and fails on a file larger than limit.
func readBounded(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > limit {
		return nil, fmt.Errorf("%s is larger than %d bytes", path, limit)
	}
	return b, nil
}
