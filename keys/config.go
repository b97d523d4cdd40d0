package keys

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/stratop/stratop/internal/atomicfile"
	"github.com/stratop/stratop/internal/paths"
)

// Names of the environment variables stratop reads for credentials, so
// messages and tests spell them the same way.
const (
	EnvProfile        = "STRATOP_PROFILE"
	EnvBaseURL        = "STRATOP_BASE_URL"
	EnvAPIKey         = "STRATOP_API_KEY"
	EnvAPISecret      = "STRATOP_API_SECRET"
	EnvKeyringTimeout = "STRATOP_KEYRING_TIMEOUT"
)

// DefaultProfile is the profile used when neither --profile nor
// STRATOP_PROFILE names one.
const DefaultProfile = "default"

// DefaultKeyringTimeout bounds every keyring call unless
// STRATOP_KEYRING_TIMEOUT says otherwise: long enough for a healthy Secret
// Service, short enough that a hung D-Bus call does not look like a hang.
const DefaultKeyringTimeout = 3 * time.Second

// maxKeyringTimeout caps STRATOP_KEYRING_TIMEOUT so a typo cannot make
// stratop wait for hours.
const maxKeyringTimeout = 10 * time.Minute

// File names inside the config directory.
const (
	profilesFileName    = paths.ProfilesFileName
	credentialsFileName = "credentials.json"
)

// Config tells a Manager where its files live and how to read the
// environment; the zero value is the real thing (internal/paths' ConfigDir,
// os.Getenv, the OS keyring). Tests set every field.
type Config struct {
	// Dir holds profiles.json and, when chosen, credentials.json.
	// Empty means internal/paths' ConfigDir (XDG_CONFIG_HOME, else
	// HOME/.config, on every system).
	Dir string
	// Getenv reads the environment; nil means os.Getenv.
	Getenv func(string) string
	// Keyring replaces the OS keyring store; nil means go-keyring bounded by
	// STRATOP_KEYRING_TIMEOUT. Tests pass a *MemStore.
	Keyring Store
}

// Manager resolves, saves, lists and removes credentials and profiles. It is
// safe for concurrent use; the keyring store it opens caches what it read.
type Manager struct {
	dir     string
	getenv  func(string) string
	keyring Store
	file    *FileStore
	// writeFile replaces a file atomically; tests make it fail.
	writeFile func(path string, data []byte) error
	// dirErr is why there is no config directory (no HOME); only the
	// operations that need a file report it.
	dirErr error
}

// New returns a Manager for cfg. Without a config directory (no HOME and no
// XDG_CONFIG_HOME) it still resolves credentials from the environment; only
// what needs a file fails, saying why. The error result is reserved for
// configurations that cannot work at all.
func New(cfg Config) (*Manager, error) {
	m := &Manager{dir: cfg.Dir, getenv: cfg.Getenv, keyring: cfg.Keyring, writeFile: atomicfile.Write}
	if m.getenv == nil {
		m.getenv = os.Getenv
	}
	if m.dir == "" {
		// The same directory as the settings file on every system (on
		// macOS the OS config dir would put the two apart).
		dir, err := paths.ConfigDir(m.getenv)
		if err != nil {
			m.dirErr = fmt.Errorf("no config directory for stratop's profiles (set HOME or XDG_CONFIG_HOME): %w", err)
		} else {
			m.dir = dir
		}
	}
	m.file = NewFileStore(filepath.Join(m.dir, credentialsFileName))
	if m.keyring == nil {
		timeout, err := ParseKeyringTimeout(m.getenv(EnvKeyringTimeout))
		if err != nil {
			// Not fatal here: the environment may supply credentials and the
			// keyring never be needed. Every keyring call reports it instead.
			m.keyring = brokenStore{err: &KeyringError{Op: "open", Reason: ReasonConfig, Detail: err.Error(), Err: err}}
		} else {
			m.keyring = NewKeyringStore(timeout, m.getenv)
		}
	}
	return m, nil
}

// Dir is the directory holding profiles.json (and credentials.json when the
// file store is used).
func (m *Manager) Dir() string { return m.dir }

// ProfilesPath is the path of the profiles file.
func (m *Manager) ProfilesPath() string { return filepath.Join(m.dir, profilesFileName) }

// CredentialsPath is the path of the opt-in file store.
func (m *Manager) CredentialsPath() string { return m.file.Path() }

// Getenv reads the environment the Manager was given, so commands built on
// it see the same variables as resolution does.
func (m *Manager) Getenv(name string) string { return m.getenv(name) }

// Store returns the store of the given kind.
func (m *Manager) Store(kind StoreKind) (Store, error) {
	switch kind {
	case StoreKeyring:
		return m.keyring, nil
	case StoreFile:
		if m.dirErr != nil {
			return nil, m.dirErr
		}
		return m.file, nil
	}
	return nil, fmt.Errorf("unknown credential store %q (use keyring or file)", string(kind))
}

// ProfileName picks the profile: the flag, else STRATOP_PROFILE, else
// "default", and checks that it is a valid name.
func (m *Manager) ProfileName(flag string) (string, error) {
	name := strings.TrimSpace(flag)
	if name == "" {
		name = strings.TrimSpace(m.getenv(EnvProfile))
	}
	if name == "" {
		name = DefaultProfile
	}
	if err := ValidateProfileName(name); err != nil {
		return "", err
	}
	return name, nil
}

// profileNameRE is compiled at its first use: a bounded repetition compiles
// to a large program, and most starts never check a name.
var profileNameRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$`)
})

// ValidateProfileName accepts 1-64 letters, digits, '.', '_' and '-',
// starting with a letter or digit: a name that is safe as a keyring account,
// in a file and on the terminal.
func ValidateProfileName(name string) error {
	if !profileNameRE().MatchString(name) {
		return fmt.Errorf("invalid profile name %q: use 1-64 letters, digits, '.', '_' or '-', starting with a letter or digit", name)
	}
	return nil
}

// ParseKeyringTimeout reads STRATOP_KEYRING_TIMEOUT: a Go duration ("5s",
// "1500ms") or a number of seconds ("5", "0.5"). Empty means the default.
func ParseKeyringTimeout(v string) (time.Duration, error) {
	v = strings.TrimSpace(v)
	if v == "" {
		return DefaultKeyringTimeout, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		secs, ferr := strconv.ParseFloat(v, 64)
		if ferr != nil {
			return 0, fmt.Errorf("%s=%q is not a duration (use e.g. 5s or 5)", EnvKeyringTimeout, v)
		}
		d = time.Duration(secs * float64(time.Second))
	}
	if d <= 0 || d > maxKeyringTimeout {
		return 0, fmt.Errorf("%s=%q is out of range (use more than 0 and at most %s)", EnvKeyringTimeout, v, maxKeyringTimeout)
	}
	return d, nil
}

// errNoBaseURL is wrapped by resolution errors that found credentials but no
// base URL to use them with.
var errNoBaseURL = errors.New("no base URL")
