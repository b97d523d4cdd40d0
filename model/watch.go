package model

// Watches: strategies and users whose changes the Activity polls for in the
// background and announces (notify). The Activity tab owns the set; a list
// tab asks it to toggle one (watchToggleMsg), and the Activity tells every
// tab the new set (watchesMsg) so they can mark watched rows.

import (
	"maps"
	"slices"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/ui"
	"github.com/stratop/stratop/watch"
)

// watchSet is the watched strategies and users. Its maps are never
// modified once shared: a change makes new ones.
type watchSet struct {
	strategies map[int64]bool
	users      map[string]bool
}

func watchSetOf(w watch.WatchList) watchSet {
	s := watchSet{strategies: make(map[int64]bool, len(w.Strategies)), users: make(map[string]bool, len(w.Users))}
	for _, id := range w.Strategies {
		s.strategies[id] = true
	}
	for _, u := range w.Users {
		if u != "" {
			s.users[u] = true
		}
	}
	return s
}

// watches is the set as the store keeps it.
func (s watchSet) watches() watch.WatchList {
	return watch.WatchList{Strategies: slices.Sorted(maps.Keys(s.strategies)), Users: slices.Sorted(maps.Keys(s.users))}
}

// toggled is the set with one strategy (id != 0) or user flipped.
func (s watchSet) toggled(id int64, user string) watchSet {
	if id != 0 {
		s.strategies = toggled(s.strategies, id, !s.strategies[id])
		return s
	}
	next := make(map[string]bool, len(s.users)+1)
	maps.Copy(next, s.users)
	on := !next[user]
	if on {
		next[user] = true
	} else {
		delete(next, user)
	}
	s.users = next
	return s
}

// watchToggleMsg asks the Activity to watch or stop watching a strategy
// (id) or a user (external id).
type watchToggleMsg struct {
	strategy int64
	user     string
}

func watchToggleCmd(id int64, user string) tea.Cmd {
	return func() tea.Msg { return watchToggleMsg{strategy: id, user: user} }
}

// watchesMsg tells every tab the watched set.
type watchesMsg struct{ set watchSet }

// watchSavedMsg is the end of a save of the watches.
type watchSavedMsg struct{ err error }

// saveWatchesCmd writes the set for the profile (version orders saves).
func saveWatchesCmd(store *watch.WatchListStore, set watchSet, version uint64) tea.Cmd {
	if store == nil {
		return nil
	}
	w := set.watches()
	return func() tea.Msg { return watchSavedMsg{err: store.Save(w, version)} }
}

// WithWatchStore keeps the watches in store, the integration's list (WithState
// sets it to the integration directory's): New loads them, so a model built
// for another integration watches that integration's items.
func WithWatchStore(store *watch.WatchListStore) Option { return func(e *env) { e.watchStore = store } }

// loadWatches reads the profile's watches at New, unless they were read
// already (a profile switch reads them in its command, off the UI
// goroutine). A file that cannot be read is said in words on the Activity
// tab and the dashboard starts watching nothing; it is replaced at the next
// save.
func (e *env) loadWatches() {
	if e.watchesRead {
		return
	}
	e.watchStart = watchSetOf(watch.WatchList{})
	if e.watchStore == nil {
		return
	}
	e.setWatches(e.watchStore.Load())
}

// setWatches takes the result of loading the profile's watches.
func (e *env) setWatches(w watch.WatchList, err error) {
	e.watchesRead = true
	if err != nil {
		e.watchStart, e.watchErr = watchSetOf(watch.WatchList{}), ui.WatchesUnreadable(err.Error())
		return
	}
	e.watchStart, e.watchErr = watchSetOf(w), ""
}

// withWatchesRead hands New the watches a command has read already.
func withWatchesRead(w watch.WatchList, err error) Option {
	return func(e *env) { e.setWatches(w, err) }
}
