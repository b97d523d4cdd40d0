package keys

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/stratop/stratop/api"
)

// Store keeps one API key and secret per profile. Implementations bound
// every call (the keyring by a timeout, the others by being local) and never
// put the secret in an error.
type Store interface {
	// Get returns the profile's credentials, or an error matching
	// ErrNotFound when the store holds none for it.
	Get(ctx context.Context, profile string) (api.Credentials, error)
	// Set stores (or replaces) the profile's credentials.
	Set(ctx context.Context, profile string, creds api.Credentials) error
	// Delete removes the profile's credentials; ErrNotFound when there were none.
	Delete(ctx context.Context, profile string) error
}

// StoreKind names where a profile keeps its credentials.
type StoreKind string

// The stores a profile can choose.
const (
	// StoreKeyring is the OS keyring (Secret Service, macOS Keychain,
	// Windows Credential Manager): the default.
	StoreKeyring StoreKind = "keyring"
	// StoreFile is a 0600 JSON file in the config directory, used only when
	// the user chose it with `stratop login --store file`.
	StoreFile StoreKind = "file"
)

// ParseStoreKind accepts "keyring" or "file".
func ParseStoreKind(s string) (StoreKind, error) {
	switch k := StoreKind(strings.ToLower(strings.TrimSpace(s))); k {
	case StoreKeyring, StoreFile:
		return k, nil
	}
	return "", fmt.Errorf("unknown credential store %q: use keyring or file", s)
}

// Describe is how messages name the store.
func (k StoreKind) Describe() string {
	switch k {
	case StoreKeyring:
		return "the system keyring"
	case StoreFile:
		return "the file store"
	}
	return string(k)
}

// Sentinels for errors.Is across every store.
var (
	// ErrNotFound: the store holds no credentials for the profile.
	ErrNotFound = errors.New("no credentials stored")
	// ErrKeyringUnavailable: the keyring could not be used at all (no D-Bus
	// session, no Secret Service, locked, timed out, misconfigured).
	ErrKeyringUnavailable = errors.New("keyring unavailable")
	// ErrTooLarge: the key and secret do not fit in a keyring entry.
	ErrTooLarge = errors.New("credentials too large for the keyring")
	// ErrInsecureFile: the file store is readable by group or others.
	ErrInsecureFile = errors.New("credentials file readable by others")
	// ErrNoCredentials matches every resolution failure: exit code 2.
	ErrNoCredentials = errors.New("no usable credentials")
)

// storedItem is the JSON shape of one profile's credentials in a store.
// api.Credentials redacts itself in JSON on purpose, so stores marshal this
// private type instead, and nowhere else.
type storedItem struct {
	Key    string `json:"key"`
	Secret string `json:"secret"`
}

// encodeItem is the keyring's one-entry form of a key and secret: both in one
// item, so they are written, read and deleted together (one prompt, never a
// key without its secret).
func encodeItem(c api.Credentials) (string, error) {
	b, err := json.Marshal(storedItem{Key: c.Key, Secret: c.Secret})
	if err != nil {
		return "", errors.New("cannot encode credentials")
	}
	return string(b), nil
}

// decodeItem reads encodeItem's form. Its errors never quote the item.
func decodeItem(s string) (api.Credentials, error) {
	var it storedItem
	if err := json.Unmarshal([]byte(s), &it); err != nil || it.Key == "" || it.Secret == "" {
		return api.Credentials{}, errors.New("the stored entry is not a stratop key and secret (run stratop login again)")
	}
	return api.Credentials{Key: it.Key, Secret: it.Secret}, nil
}

// CheckCredentials refuses an empty key or secret and characters that would
// not survive an HTTP header (control characters, spaces inside).
func CheckCredentials(c api.Credentials) error {
	for _, f := range []struct{ name, v string }{{"API key", c.Key}, {"API secret", c.Secret}} {
		if f.v == "" {
			return fmt.Errorf("the %s is empty", f.name)
		}
		for _, r := range f.v {
			if r <= ' ' || r == 0x7f {
				return fmt.Errorf("the %s contains a space or control character", f.name)
			}
		}
	}
	return nil
}

// brokenStore answers every call with the same error: a keyring that cannot
// even be configured (bad STRATOP_KEYRING_TIMEOUT).
type brokenStore struct{ err error }

func (b brokenStore) Get(context.Context, string) (api.Credentials, error) {
	return api.Credentials{}, b.err
}
func (b brokenStore) Set(context.Context, string, api.Credentials) error { return b.err }
func (b brokenStore) Delete(context.Context, string) error               { return b.err }

// notFound is the ErrNotFound error of the local stores.
func notFound(profile string) error {
	return fmt.Errorf("no credentials stored for profile %q: %w", profile, ErrNotFound)
}
