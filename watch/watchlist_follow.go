package watch

import (
	"os"
	"time"
)

// WatchListFollower follows an integration's watched items while a watch of
// them runs (Options.Follow). Each interval it compares the size and
// modification time of the file with those of its last read (a stat, not a
// read) and reads the list again only when they moved: every writer
// replaces the file whole, so a change gives it a new time.
type WatchListFollower struct {
	store   *WatchListStore
	say     func(format string, args ...any)
	size    int64 // -1: there is no file
	mod     time.Time
	failing bool      // the last read failed: said once, not again until it works
	items   WatchList // as last read, sorted
}

// FollowWatchList notes the file as it is now and reads it: Items is the
// list to start with. say receives what an operator should read (a change
// of the list, a file that cannot be read); it is called on the engine's
// goroutine.
func FollowWatchList(store *WatchListStore, say func(format string, args ...any)) (*WatchListFollower, error) {
	w := &WatchListFollower{store: store, say: say}
	w.size, w.mod = w.stat()
	items, err := store.Load()
	w.items = items.Sorted()
	return w, err
}

// Items is the list as last read.
func (w *WatchListFollower) Items() WatchList { return w.items }

func (w *WatchListFollower) stat() (int64, time.Time) {
	fi, err := os.Stat(w.store.Path())
	if err != nil {
		return -1, time.Time{}
	}
	return fi.Size(), fi.ModTime()
}

// Next is the engine's Options.Follow: the watched items' scope when the
// list changed since the last look. A file that cannot be read (half edited
// by hand) keeps the items watched until then, and is read again when it
// changes.
func (w *WatchListFollower) Next() (Scope, bool) {
	size, mod := w.stat()
	if size == w.size && mod.Equal(w.mod) {
		return Scope{}, false
	}
	w.size, w.mod = size, mod
	items, err := w.store.Load()
	if err != nil {
		if !w.failing {
			w.say("the watched items could not be read (%v): watching the ones read before", err)
		}
		w.failing = true
		return Scope{}, false
	}
	w.failing = false
	if items.Equal(w.items) {
		return Scope{}, false
	}
	w.items = items.Sorted()
	w.say("the watched items changed: %d strategies, %d users", len(items.Strategies), len(items.Users))
	return w.items.Scope(), true
}
