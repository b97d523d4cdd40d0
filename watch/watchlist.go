package watch

// The watched items (strategies and users) of one integration, kept in the
// integration's directory (integration.Dir.Watched()): a JSON object with
// the watched strategy ids and user external ids. The dashboard edits it;
// `stratop watch --watched` follows it. The file is private (0600 in a 0700
// directory: it names users) and is replaced whole through a temporary file
// and a rename, so a crash leaves the old file or the new one.

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

// WatchList is what one integration watches.
type WatchList struct {
	Strategies []int64  `json:"strategies,omitempty"`
	Users      []string `json:"users,omitempty"`
}

// Sorted is the list with both members sorted and without repeats, the
// form it is compared and written in.
func (w WatchList) Sorted() WatchList {
	return WatchList{Strategies: slices.Compact(slices.Sorted(slices.Values(w.Strategies))),
		Users: slices.Compact(slices.Sorted(slices.Values(w.Users)))}
}

// Equal reports whether two lists hold the same members.
func (w WatchList) Equal(o WatchList) bool {
	a, b := w.Sorted(), o.Sorted()
	return slices.Equal(a.Strategies, b.Strategies) && slices.Equal(a.Users, b.Users)
}

// Union is every member of either list.
func (w WatchList) Union(o WatchList) WatchList {
	return WatchList{Strategies: append(slices.Clone(w.Strategies), o.Strategies...),
		Users: append(slices.Clone(w.Users), o.Users...)}.Sorted()
}

// Empty reports whether the list watches nothing.
func (w WatchList) Empty() bool { return len(w.Strategies) == 0 && len(w.Users) == 0 }

// Scope is the engine's scope of the list.
func (w WatchList) Scope() Scope { return Watched(w.Strategies, w.Users) }

// WatchListStore reads and writes one integration's watched items. Saves
// are serialised, and one older than a save already written is dropped.
type WatchListStore struct {
	path string

	mu      sync.Mutex
	written uint64 // version of the last save written
}

// NewWatchListStore keeps the list in the file at path.
func NewWatchListStore(path string) *WatchListStore { return &WatchListStore{path: path} }

// Path is the file of the store.
func (s *WatchListStore) Path() string { return s.path }

// Load reads the list; a missing file is an empty list. A file that cannot
// be read or parsed is an error with an empty list: the caller says so and
// starts with none.
func (s *WatchListStore) Load() (WatchList, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return ReadWatchList(s.path)
}

// ReadWatchList reads the list in the file at path (missing: empty).
func ReadWatchList(path string) (WatchList, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return WatchList{}, nil
	}
	if err != nil {
		return WatchList{}, fmt.Errorf("%s: %w", path, err)
	}
	var w WatchList
	if err := json.Unmarshal(b, &w); err != nil {
		return WatchList{}, fmt.Errorf("%s is not valid JSON", filepath.Base(path))
	}
	return w.Sorted(), nil
}

// Save replaces the list. version orders saves: one older than a save
// already written is skipped. A corrupt file is replaced rather than kept
// failing every save.
func (s *WatchListStore) Save(w WatchList, version uint64) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if version <= s.written {
		return nil
	}
	if err := WriteWatchList(s.path, w); err != nil {
		return err
	}
	s.written = version
	return nil
}

// WriteWatchList replaces the file at path with the list.
func WriteWatchList(path string, w WatchList) error {
	b, err := json.MarshalIndent(w.Sorted(), "", "  ")
	if err != nil {
		return err
	}
	return atomicfile.Write(path, append(b, '\n'))
}

// MergeWatchList adds strategies and users to the list in the file at path
// (an integration.WatchListMerger: the one-time move of a profile's old
// watched items). A damaged file is left alone and the merge fails.
func MergeWatchList(path string, strategies []int64, users []string) error {
	cur, err := ReadWatchList(path)
	if err != nil {
		return err
	}
	return WriteWatchList(path, cur.Union(WatchList{Strategies: strategies, Users: users}))
}
