package keys

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	gokeyring "github.com/zalando/go-keyring"

	"github.com/stratop/stratop/api"
)

// KeyringService is the keyring's service name for stratop entries; the
// account is the profile name. One entry per profile holds the key and the
// secret together as JSON ({"key":...,"secret":...}), so they are written,
// read and removed as one (one unlock prompt, never a key without a secret).
const KeyringService = "stratop"

// MaxKeyringItemBytes caps one keyring entry (the JSON of key and secret) on
// every platform. Windows Credential Manager refuses a blob above 2560 bytes
// and macOS caps service, account and password together near 3000; a
// conservative 2048 gives the same answer everywhere, before anything is written.
const MaxKeyringItemBytes = 2048

// keyringBackend is the part of go-keyring the store uses; tests replace it
// to simulate hangs and failures without a real keyring.
type keyringBackend interface {
	Get(service, user string) (string, error)
	Set(service, user, password string) error
	Delete(service, user string) error
}

// osKeyring is the real backend: go-keyring's package functions.
type osKeyring struct{}

func (osKeyring) Get(service, user string) (string, error) { return gokeyring.Get(service, user) }
func (osKeyring) Set(service, user, pw string) error       { return gokeyring.Set(service, user, pw) }
func (osKeyring) Delete(service, user string) error        { return gokeyring.Delete(service, user) }

// KeyringStore keeps credentials in the OS keyring. Every call runs in its
// own goroutine and is abandoned after the timeout, so a hung D-Bus call (a
// locked keyring waiting for a prompt nobody sees) cannot block the caller.
// What it read is cached for the life of the store, and once the keyring
// proves unusable as a whole (no D-Bus, no Secret Service, a timeout) later
// calls fail at once with the same error instead of waiting again.
type KeyringStore struct {
	backend keyringBackend
	service string
	timeout time.Duration
	getenv  func(string) string

	mu    sync.Mutex
	cache map[string]cachedRead
	down  *KeyringError
}

// cachedRead is the outcome of one Get: credentials or not found.
type cachedRead struct {
	creds api.Credentials
	err   error
}

// NewKeyringStore returns the OS keyring store with the given per-call
// timeout; getenv (nil: none) feeds the error advice.
func NewKeyringStore(timeout time.Duration, getenv func(string) string) *KeyringStore {
	return newKeyringStore(osKeyring{}, timeout, getenv)
}

func newKeyringStore(b keyringBackend, timeout time.Duration, getenv func(string) string) *KeyringStore {
	if timeout <= 0 {
		timeout = DefaultKeyringTimeout
	}
	if getenv == nil {
		getenv = func(string) string { return "" }
	}
	return &KeyringStore{backend: b, service: KeyringService, timeout: timeout, getenv: getenv, cache: map[string]cachedRead{}}
}

// Timeout is the bound on each call.
func (s *KeyringStore) Timeout() time.Duration { return s.timeout }

// Get implements Store; a result (found or not found) is cached.
func (s *KeyringStore) Get(ctx context.Context, profile string) (api.Credentials, error) {
	s.mu.Lock()
	if c, ok := s.cache[profile]; ok {
		s.mu.Unlock()
		return c.creds, c.err
	}
	s.mu.Unlock()
	v, err := s.call(ctx, "read", profile, func() (string, error) { return s.backend.Get(s.service, profile) })
	var creds api.Credentials
	if err == nil {
		creds, err = decodeItem(v)
		if err != nil {
			err = &KeyringError{Op: "read", Reason: ReasonOther, Detail: fmt.Sprintf("profile %q: %v", profile, err)}
		}
	}
	if err == nil || errors.Is(err, ErrNotFound) {
		s.mu.Lock()
		s.cache[profile] = cachedRead{creds: creds, err: err}
		s.mu.Unlock()
	}
	return creds, err
}

// Set implements Store. An entry larger than MaxKeyringItemBytes is refused
// before the keyring is called.
func (s *KeyringStore) Set(ctx context.Context, profile string, creds api.Credentials) error {
	item, err := encodeItem(creds)
	if err != nil {
		return err
	}
	if n := len(item); n > MaxKeyringItemBytes {
		return &KeyringError{Op: "save", Reason: ReasonTooLarge, Detail: fmt.Sprintf(
			"the key and secret take %d bytes as a keyring entry; stratop allows at most %d on every platform (Windows caps an entry near 2.5 KB), so use --store file for credentials this large",
			n, MaxKeyringItemBytes)}
	}
	_, err = s.call(ctx, "save", profile, func() (string, error) { return "", s.backend.Set(s.service, profile, item) })
	if err != nil {
		return scrub(err, creds)
	}
	s.mu.Lock()
	s.cache[profile] = cachedRead{creds: creds}
	s.mu.Unlock()
	return nil
}

// Delete implements Store.
func (s *KeyringStore) Delete(ctx context.Context, profile string) error {
	_, err := s.call(ctx, "delete", profile, func() (string, error) { return "", s.backend.Delete(s.service, profile) })
	if err == nil || errors.Is(err, ErrNotFound) {
		s.mu.Lock()
		delete(s.cache, profile)
		s.mu.Unlock()
	}
	return err
}

// call runs fn in a goroutine and waits for it, the timeout or ctx, whichever
// comes first. An abandoned fn finishes (or hangs) on its own; its result
// goes to a buffered channel nobody reads, so the goroutine never blocks on it.
func (s *KeyringStore) call(ctx context.Context, op, profile string, fn func() (string, error)) (string, error) {
	s.mu.Lock()
	down := s.down
	s.mu.Unlock()
	if down != nil {
		return "", down
	}
	type result struct {
		v   string
		err error
	}
	done := make(chan result, 1)
	go func() {
		v, err := fn()
		done <- result{v, err}
	}()
	timer := time.NewTimer(s.timeout)
	defer timer.Stop()
	var ke *KeyringError
	select {
	case r := <-done:
		if r.err == nil {
			return r.v, nil
		}
		ke = classify(op, profile, r.err, s.getenv)
	case <-timer.C:
		ke = timeoutError(op, s.timeout)
	case <-ctx.Done():
		return "", ctx.Err()
	}
	if ke.sessionWide() {
		s.mu.Lock()
		s.down = ke
		s.mu.Unlock()
	}
	return "", ke
}

// scrub replaces the key and secret in an error's text, should a lower layer
// ever echo them; the classified errors do not, this is a second wall.
func scrub(err error, creds api.Credentials) error {
	if err == nil {
		return nil
	}
	msg := err.Error()
	clean := msg
	if creds.Secret != "" {
		clean = strings.ReplaceAll(clean, creds.Secret, "[REDACTED]")
	}
	if creds.Key != "" {
		clean = strings.ReplaceAll(clean, creds.Key, api.MaskKey(creds.Key))
	}
	if clean == msg {
		return err
	}
	return &scrubbedError{msg: clean, err: err}
}

// scrubbedError keeps errors.Is working on an error whose text was cleaned.
// It has no Unwrap on purpose: the original text must not be reachable.
type scrubbedError struct {
	msg string
	err error
}

func (e *scrubbedError) Error() string        { return e.msg }
func (e *scrubbedError) Is(target error) bool { return errors.Is(e.err, target) }

// Redact returns err with the key and secret of creds replaced in its text
// (the key by its mask, the secret by "[REDACTED]"): a last wall for
// messages built around credentials. errors.Is still sees the original.
func Redact(err error, creds api.Credentials) error { return scrub(err, creds) }
