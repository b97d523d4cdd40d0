package model

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

func TestWatchStoreKeepsEachProfilesWatchesPrivately(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state", "stratop")
	s := NewWatchStore(dir)
	if w, err := s.Load("prod"); err != nil || len(w.Strategies)+len(w.Users) != 0 {
		t.Fatalf("a missing file: %+v, %v; want no watches and no error", w, err)
	}
	if err := s.Save("prod", Watches{Strategies: []int64{9, 3}, Users: []string{"u1"}}, 1); err != nil {
		t.Fatal(err)
	}
	if err := s.Save("staging", Watches{Strategies: []int64{4}}, 2); err != nil {
		t.Fatal(err)
	}
	prod, err := NewWatchStore(dir).Load("prod")
	if err != nil || !slices.Equal(prod.Strategies, []int64{3, 9}) || !slices.Equal(prod.Users, []string{"u1"}) {
		t.Fatalf("prod: %+v, %v", prod, err)
	}
	if st, _ := s.Load("staging"); !slices.Equal(st.Strategies, []int64{4}) || len(st.Users) != 0 {
		t.Fatalf("staging: %+v", st)
	}
	// A save older than one written is dropped.
	if err := s.Save("prod", Watches{}, 1); err != nil {
		t.Fatal(err)
	}
	if again, _ := s.Load("prod"); len(again.Strategies) != 2 {
		t.Fatalf("an older save overwrote a newer one: %+v", again)
	}
	fi, err := os.Stat(s.Path())
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("file mode %v, %v; want 0600", fi.Mode().Perm(), err)
	}
	di, err := os.Stat(dir)
	if err != nil || di.Mode().Perm() != 0o700 {
		t.Errorf("dir mode %v, %v; want 0700", di.Mode().Perm(), err)
	}
}

func TestCorruptWatchesAreSaidAndReplaced(t *testing.T) {
	dir := t.TempDir()
	s := NewWatchStore(dir)
	if err := os.WriteFile(s.Path(), []byte("{not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	m := New(t.Context(), newFakeAPI(), WithClock(func() time.Time { return t0 }), WithProfile("prod"), WithWatchStore(s))
	m, _ = m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	m, _ = press(m, "5")
	if v := m.View(); !strings.Contains(v, "watches could not be read") || !strings.Contains(v, "starting with none") {
		t.Fatalf("a corrupt watches file is not said in words:\n%s", v)
	}
	if err := s.Save("prod", Watches{Strategies: []int64{1}}, 1); err != nil {
		t.Fatalf("a corrupt file blocks saving: %v", err)
	}
	if w, err := s.Load("prod"); err != nil || !slices.Equal(w.Strategies, []int64{1}) {
		t.Fatalf("after replacing: %+v, %v", w, err)
	}
}

func TestNewLoadsTheProfilesWatches(t *testing.T) {
	s := NewWatchStore(t.TempDir())
	if err := s.Save("prod", Watches{Strategies: []int64{1}}, 1); err != nil {
		t.Fatal(err)
	}
	if err := s.Save("staging", Watches{Strategies: []int64{2, 3}, Users: []string{"u9"}}, 2); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		profile string
		want    string
	}{{"prod", "watching 1 strategy"}, {"staging", "watching 2 strategies, 1 user"}, {"other", "0 entries · / filter"}} {
		m := New(t.Context(), newFakeAPI(), WithClock(func() time.Time { return t0 }), WithProfile(tc.profile), WithWatchStore(s))
		m, _ = m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
		m, _ = press(m, "5")
		if v := m.View(); !strings.Contains(v, tc.want) {
			t.Errorf("profile %s: want %q in:\n%s", tc.profile, tc.want, v)
		}
	}
}
