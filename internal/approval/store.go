package approval

import (
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/stratop/stratop/internal/atomicfile"
	"github.com/stratop/stratop/internal/filelock"
)

// File names inside the integration's state directory.
const (
	FileName = "approvals.json"
	lockName = "approvals.lock"
)

// MaxPending bounds the requests waiting at once: an agent in a loop
// cannot grow the file, or a person's list, without end.
const MaxPending = 100

// keepDecided is how long a decided or expired request stays in the
// file, so `stratop approve` can say what became of it.
const keepDecided = 24 * time.Hour

// Errors of the store; Error wraps them with the request's id.
var (
	ErrNotFound     = errors.New("no such request")
	ErrExpired      = errors.New("the request expired")
	ErrDecided      = errors.New("the request was already decided")
	ErrTooMany      = errors.New("too many requests are waiting")
	ErrIntegration  = errors.New("the request belongs to another integration")
	errCorruptStore = errors.New("the approvals file is not readable")
)

// Error is a refusal of the store about one request, in words.
type Error struct {
	ID   string
	Kind error
	Msg  string
}

func (e *Error) Error() string { return "request " + e.ID + ": " + e.Msg }
func (e *Error) Unwrap() error { return e.Kind }

// Store is the pending requests of one integration.
type Store struct {
	dir string
	ttl time.Duration
	now func() time.Time
}

// Option configures a Store.
type Option func(*Store)

// WithTTL sets how long a request waits (DefaultTTL).
func WithTTL(d time.Duration) Option { return func(s *Store) { s.ttl = d } }

// WithClock replaces time.Now (tests).
func WithClock(now func() time.Time) Option { return func(s *Store) { s.now = now } }

// New is the store in dir, the integration's state directory. Nothing is
// read or created until it is used.
func New(dir string, opts ...Option) *Store {
	s := &Store{dir: dir, ttl: DefaultTTL, now: time.Now}
	for _, o := range opts {
		o(s)
	}
	return s
}

// Path is the file of the requests.
func (s *Store) Path() string { return filepath.Join(s.dir, FileName) }

// Now is the store's clock.
func (s *Store) Now() time.Time { return s.now() }

// Add records r as pending with a new id and its expiry, and returns it.
func (s *Store) Add(r Request) (Request, error) {
	err := s.update(func(all []Request) ([]Request, error) {
		now := s.now()
		waiting := 0
		for _, o := range all {
			if o.StateAt(now) == Pending {
				waiting++
			}
		}
		if waiting >= MaxPending {
			return nil, fmt.Errorf("%w: %d wait for a person already; nothing recorded", ErrTooMany, waiting)
		}
		id, err := newID(all)
		if err != nil {
			return nil, err
		}
		r.ID, r.State, r.Created, r.Expires = id, Pending, now, now.Add(s.ttl)
		r.Decided, r.By, r.Outcome = time.Time{}, "", ""
		return append(all, r), nil
	})
	return r, err
}

// Get returns the request id.
func (s *Store) Get(id string) (Request, error) {
	all, err := s.List()
	if err != nil {
		return Request{}, err
	}
	i := slices.IndexFunc(all, func(r Request) bool { return r.ID == id })
	if i < 0 {
		return Request{}, &Error{ID: id, Kind: ErrNotFound, Msg: "no such request for this integration (it may have been decided more than a day ago, or belong to another profile)"}
	}
	return all[i], nil
}

// List returns every request kept, oldest first.
func (s *Store) List() ([]Request, error) {
	var all []Request
	err := filelock.With(s.lockPath(), func() error {
		var err error
		all, err = s.read()
		return err
	})
	return all, err
}

// Waiting returns the requests a person can still decide, oldest first.
func (s *Store) Waiting() ([]Request, error) {
	all, err := s.List()
	if err != nil {
		return nil, err
	}
	now := s.now()
	return slices.DeleteFunc(all, func(r Request) bool { return r.StateAt(now) != Pending }), nil
}

// Claim marks the pending request id approved by by, and returns it. Only
// one claim of a request succeeds, whichever process asks; an expired or
// decided request is refused (ErrExpired, ErrDecided).
func (s *Store) Claim(id, by string) (Request, error) {
	return s.decide(id, Approved, by)
}

// Reject marks the request id rejected by by. An expired request may be
// rejected too (it then says so in the list); a decided one may not.
func (s *Store) Reject(id, by string) (Request, error) {
	return s.decide(id, Rejected, by)
}

// SetOutcome records what approving the request did.
func (s *Store) SetOutcome(id, outcome string) error {
	return s.update(func(all []Request) ([]Request, error) {
		for i := range all {
			if all[i].ID == id {
				all[i].Outcome = outcome
				return all, nil
			}
		}
		return nil, &Error{ID: id, Kind: ErrNotFound, Msg: "no such request"}
	})
}

func (s *Store) decide(id string, to State, by string) (Request, error) {
	var out Request
	err := s.update(func(all []Request) ([]Request, error) {
		now := s.now()
		for i := range all {
			r := &all[i]
			if r.ID != id {
				continue
			}
			switch st := r.StateAt(now); {
			case st == Expired && to == Approved:
				return nil, &Error{ID: id, Kind: ErrExpired, Msg: "it expired at " + r.Expires.UTC().Format(time.RFC3339) + " and can no longer be approved: nothing sent; the agent may ask again"}
			case st != Pending && st != Expired:
				return nil, &Error{ID: id, Kind: ErrDecided, Msg: "it was already " + string(st) + " by " + r.By + " at " + r.Decided.UTC().Format(time.RFC3339)}
			}
			r.State, r.By, r.Decided = to, by, now
			out = *r
			return all, nil
		}
		return nil, &Error{ID: id, Kind: ErrNotFound, Msg: "no such request for this integration"}
	})
	return out, err
}

// update reads the file, lets fn change the list, drops what is kept no
// longer, and replaces the file, all under the lock.
func (s *Store) update(fn func([]Request) ([]Request, error)) error {
	return filelock.With(s.lockPath(), func() error {
		all, err := s.read()
		if err != nil {
			return err
		}
		all, err = fn(all)
		if err != nil {
			return err
		}
		cut := s.now().Add(-keepDecided)
		all = slices.DeleteFunc(all, func(r Request) bool {
			end := r.Decided
			if end.IsZero() {
				end = r.Expires
			}
			return end.Before(cut)
		})
		data, err := json.MarshalIndent(all, "", "  ")
		if err != nil {
			return err
		}
		return atomicfile.Write(s.Path(), append(data, '\n'))
	})
}

func (s *Store) read() ([]Request, error) {
	data, err := os.ReadFile(s.Path())
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var all []Request
	if err := json.Unmarshal(data, &all); err != nil {
		// Fail closed: a damaged file approves nothing and records nothing
		// more until a person looks at it.
		return nil, fmt.Errorf("%w (%s): %v", errCorruptStore, s.Path(), err)
	}
	return all, nil
}

func (s *Store) lockPath() string { return filepath.Join(s.dir, lockName) }

// idAlphabet leaves out letters and digits read one for another.
const idAlphabet = "abcdefghjkmnpqrstuvwxyz23456789"

// newID is 8 random characters of idAlphabet, not used in all: short
// enough to type, too many to guess.
func newID(all []Request) (string, error) {
	for {
		var b [8]byte
		if _, err := rand.Read(b[:]); err != nil {
			return "", err
		}
		for i := range b {
			b[i] = idAlphabet[int(b[i])%len(idAlphabet)]
		}
		id := string(b[:])
		if !slices.ContainsFunc(all, func(r Request) bool { return r.ID == id }) {
			return id, nil
		}
	}
}
