package watch

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestWatchListStoreKeepsTheListPrivately(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "integrations", "h_443-abc")
	s := NewWatchListStore(filepath.Join(dir, "watches.json"))
	if w, err := s.Load(); err != nil || !w.Empty() {
		t.Fatalf("a missing file: %+v, %v", w, err)
	}
	if err := s.Save(WatchList{Strategies: []int64{9, 3, 9}, Users: []string{"u1"}}, 1); err != nil {
		t.Fatal(err)
	}
	got, err := NewWatchListStore(s.Path()).Load()
	if err != nil || !slices.Equal(got.Strategies, []int64{3, 9}) || !slices.Equal(got.Users, []string{"u1"}) {
		t.Fatalf("read back %+v, %v", got, err)
	}
	if err := s.Save(WatchList{}, 1); err != nil { // older than the one written: dropped
		t.Fatal(err)
	}
	if again, _ := s.Load(); len(again.Strategies) != 2 {
		t.Fatalf("an older save overwrote a newer one: %+v", again)
	}
	fi, err := os.Stat(s.Path())
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("file mode %v, %v", fi, err)
	}
	if di, err := os.Stat(dir); err != nil || di.Mode().Perm() != 0o700 {
		t.Errorf("dir mode %v, %v", di, err)
	}
	if err := os.WriteFile(s.Path(), []byte("{not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Load(); err == nil {
		t.Error("a corrupt file reads as a list")
	}
	if err := s.Save(WatchList{Users: []string{"u2"}}, 2); err != nil {
		t.Fatalf("a corrupt file blocks saving: %v", err)
	}
}

// The follower reads the file again only when it changed, says a change,
// and keeps the last good list through a file that cannot be read.
func TestWatchListFollowerTakesChanges(t *testing.T) {
	s := NewWatchListStore(filepath.Join(t.TempDir(), "watches.json"))
	if err := s.Save(WatchList{Strategies: []int64{1}}, 1); err != nil {
		t.Fatal(err)
	}
	var said []string
	f, err := FollowWatchList(s, func(format string, args ...any) { said = append(said, format) })
	if err != nil || !slices.Equal(f.Items().Strategies, []int64{1}) {
		t.Fatalf("%+v %v", f.Items(), err)
	}
	if _, changed := f.Next(); changed {
		t.Fatal("an untouched file is a change")
	}
	// A new modification time, whatever the file system's resolution.
	bump := func() {
		t.Helper()
		later := time.Now().Add(time.Duration(len(said)+1) * time.Second)
		if err := os.Chtimes(s.Path(), later, later); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Save(WatchList{Strategies: []int64{1, 2}}, 2); err != nil {
		t.Fatal(err)
	}
	bump()
	sc, changed := f.Next()
	if !changed || sc.Kind != ScopeWatched || !slices.Equal(sc.Strategies, []int64{1, 2}) {
		t.Fatalf("the change: %+v %v", sc, changed)
	}
	if err := os.WriteFile(s.Path(), []byte("{half"), 0o600); err != nil {
		t.Fatal(err)
	}
	bump()
	if _, changed := f.Next(); changed || !slices.Equal(f.Items().Strategies, []int64{1, 2}) {
		t.Fatalf("a broken file changed the list to %+v", f.Items())
	}
	if len(said) != 2 || !strings.Contains(said[1], "could not be read") {
		t.Errorf("said %q", said)
	}
}
