package alert

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// A board read where no serve ever ran is empty and leaves no directory or
// lock file behind.
func TestBoardOfAMissingDirectoryCreatesNothing(t *testing.T) {
	parent := t.TempDir()
	s := &Store{Dir: filepath.Join(parent, "alert")}
	b, err := s.Board()
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Open) != 0 || len(b.Snoozed) != 0 {
		t.Fatalf("board of nothing: %+v", b)
	}
	if entries, _ := os.ReadDir(parent); len(entries) != 0 {
		t.Fatalf("a read created %s", entries[0].Name())
	}
	if err := s.Snooze("halted", time.Now().Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if b, err = s.Board(); err != nil || len(b.Snoozed) != 1 {
		t.Fatalf("after a snooze: %+v, %v", b, err)
	}
}
