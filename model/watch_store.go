package model

// Watches persist per profile in one file of the state directory,
// $XDG_STATE_HOME/stratop/watches.json: a JSON object from profile name to
// the watched strategy ids and user external ids. The file is private
// (0600 in a 0700 directory, like the audit log: it names users) and is
// replaced whole through a temporary file and a rename, so a crash leaves
// the old file or the new one, never half of either.

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sync"

	"github.com/stratop/stratop/internal/atomicfile"
)

// Watches is what one profile watches.
type Watches struct {
	Strategies []int64  `json:"strategies,omitempty"`
	Users      []string `json:"users,omitempty"`
}

// WatchStore reads and writes the watches file. Saves run in commands; the
// store serialises them and drops a save older than one already written.
type WatchStore struct {
	path string

	mu      sync.Mutex
	written uint64 // version of the last save written
}

// NewWatchStore keeps watches in dir/watches.json (dir is the state
// directory, e.g. $XDG_STATE_HOME/stratop).
func NewWatchStore(dir string) *WatchStore {
	return &WatchStore{path: filepath.Join(dir, "watches.json")}
}

// Path is the file of the store.
func (s *WatchStore) Path() string { return s.path }

// readAll reads every profile's watches; a missing file is none.
func (s *WatchStore) readAll() (map[string]Watches, error) {
	b, err := os.ReadFile(s.path)
	if errors.Is(err, fs.ErrNotExist) {
		return map[string]Watches{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", s.path, err)
	}
	all := map[string]Watches{}
	if err := json.Unmarshal(b, &all); err != nil {
		return nil, fmt.Errorf("%s is not valid JSON", filepath.Base(s.path))
	}
	return all, nil
}

// Load is the profile's watches. A file that cannot be read or parsed is an
// error with no watches; the caller says so and starts with none.
func (s *WatchStore) Load(profile string) (Watches, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	all, err := s.readAll()
	if err != nil {
		return Watches{}, err
	}
	return all[profile], nil
}

// Save replaces the profile's watches, keeping the other profiles'. version
// orders saves: one older than a save already written is skipped. A corrupt
// file is replaced rather than kept failing every save.
func (s *WatchStore) Save(profile string, w Watches, version uint64) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if version <= s.written {
		return nil
	}
	all, err := s.readAll()
	if err != nil {
		all = map[string]Watches{}
	}
	w.Strategies = slices.Sorted(slices.Values(w.Strategies))
	w.Users = slices.Sorted(slices.Values(w.Users))
	if len(w.Strategies) == 0 && len(w.Users) == 0 {
		delete(all, profile)
	} else {
		all[profile] = w
	}
	b, err := json.MarshalIndent(all, "", "  ")
	if err != nil {
		return err
	}
	if err := atomicfile.Write(s.path, append(b, '\n')); err != nil {
		return err
	}
	s.written = version
	return nil
}
