package watch

import (
	"os"
	"slices"
	"time"

	"github.com/stratop/stratop/model"
	"github.com/stratop/stratop/watch"
)

// watchedFile follows the profile's watched items while `stratop watch
// --watched` runs. Each interval it compares the size and modification
// time of watches.json with those of its last read (a stat, not a read)
// and reads the profile's items again only when they moved: the dashboard
// and the CLI replace the file whole, so a change gives it a new time.
type watchedFile struct {
	store   *model.WatchStore
	profile string
	say     func(format string, args ...any)
	size    int64 // -1: there is no file
	mod     time.Time
	failing bool          // the last read failed: said once, not again until it works
	items   model.Watches // as last read, sorted: another profile's change is none of ours
}

// newWatchedFile notes the file as it is now; take it before the first
// Load, so that a change in between is read again at the first interval.
func newWatchedFile(stateDir, profile string, say func(format string, args ...any)) *watchedFile {
	w := &watchedFile{store: model.NewWatchStore(stateDir), profile: profile, say: say}
	w.size, w.mod = w.stat()
	if items, err := w.store.Load(profile); err == nil {
		w.items = sortedWatches(items)
	}
	return w
}

func sortedWatches(w model.Watches) model.Watches {
	return model.Watches{Strategies: slices.Sorted(slices.Values(w.Strategies)), Users: slices.Sorted(slices.Values(w.Users))}
}

func (w *watchedFile) stat() (int64, time.Time) {
	fi, err := os.Stat(w.store.Path())
	if err != nil {
		return -1, time.Time{}
	}
	return fi.Size(), fi.ModTime()
}

// next is the engine's Options.Follow: the profile's watched items when
// the file changed since the last look. A file that cannot be read (half
// edited by hand) keeps the items watched until then, and is read again
// when it changes.
func (w *watchedFile) next() (watch.Scope, bool) {
	size, mod := w.stat()
	if size == w.size && mod.Equal(w.mod) {
		return watch.Scope{}, false
	}
	w.size, w.mod = size, mod
	items, err := w.store.Load(w.profile)
	if err != nil {
		if !w.failing {
			w.say("the watched items could not be read (%v): watching the ones read before", err)
		}
		w.failing = true
		return watch.Scope{}, false
	}
	w.failing = false
	if items = sortedWatches(items); slices.Equal(items.Strategies, w.items.Strategies) && slices.Equal(items.Users, w.items.Users) {
		return watch.Scope{}, false
	}
	w.items = items
	w.say("the watched items changed: %d strategies, %d users", len(items.Strategies), len(items.Users))
	return watch.Watched(items.Strategies, items.Users), true
}
