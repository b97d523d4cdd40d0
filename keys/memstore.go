package keys

import (
	"context"
	"sync"

	"github.com/stratop/stratop/api"
)

// MemStore is an in-memory Store for tests: safe for concurrent use and
// local to its value (go-keyring's MockInit swaps a process-wide provider,
// which races between parallel tests). An error set with FailWith is
// returned by every call, to stand in for an unavailable keyring.
type MemStore struct {
	mu    sync.Mutex
	items map[string]api.Credentials
	err   error
	calls int
}

// NewMemStore returns an empty MemStore.
func NewMemStore() *MemStore { return &MemStore{items: map[string]api.Credentials{}} }

// FailWith makes every later call return err (nil restores normal service).
func (s *MemStore) FailWith(err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.err = err
}

// Calls counts Get, Set and Delete calls, so a test can prove a store was
// never touched.
func (s *MemStore) Calls() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.calls
}

// Len is the number of profiles with credentials.
func (s *MemStore) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.items)
}

// Get implements Store.
func (s *MemStore) Get(ctx context.Context, profile string) (api.Credentials, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calls++
	if err := s.fail(ctx); err != nil {
		return api.Credentials{}, err
	}
	c, ok := s.items[profile]
	if !ok {
		return api.Credentials{}, notFound(profile)
	}
	return c, nil
}

// Set implements Store.
func (s *MemStore) Set(ctx context.Context, profile string, creds api.Credentials) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calls++
	if err := s.fail(ctx); err != nil {
		return err
	}
	if s.items == nil {
		s.items = map[string]api.Credentials{}
	}
	s.items[profile] = creds
	return nil
}

// Delete implements Store.
func (s *MemStore) Delete(ctx context.Context, profile string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calls++
	if err := s.fail(ctx); err != nil {
		return err
	}
	if _, ok := s.items[profile]; !ok {
		return notFound(profile)
	}
	delete(s.items, profile)
	return nil
}

// fail is the injected error or the context's; s.mu is held.
func (s *MemStore) fail(ctx context.Context) error {
	if s.err != nil {
		return s.err
	}
	return ctx.Err()
}
