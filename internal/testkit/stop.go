package testkit

import (
	"os"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/teatest"
)

// Stop quits a test program and waits (up to 5 s) until it has returned,
// for a test's cleanup. Quit alone only asks: a program still running when
// the test's temporary directories are removed may write its state into
// them during the removal, and the removal fails with "directory not
// empty". A program that does not return in time is logged, not failed:
// the test has already said what it tests.
func Stop(t testing.TB, tm *teatest.TestModel) {
	_ = tm.Quit()
	tm.WaitFinished(t, teatest.WithFinalTimeout(5*time.Second), teatest.WithTimeoutFn(func(tb testing.TB) {
		tb.Log("the program had not returned 5 s after quit")
	}))
}

// StateDir is a temporary directory for a program's state files, removed
// when the test ends. Unlike t.TempDir it tries the removal again: a read
// the program started before it quit (a poll of the approvals or alerts,
// which opens their lock files) may still create a file while the first
// removal runs.
func StateDir(t testing.TB) string {
	dir, err := os.MkdirTemp("", "stratop-state-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		var err error
		for range 20 {
			if err = os.RemoveAll(dir); err == nil {
				return
			}
			time.Sleep(10 * time.Millisecond)
		}
		t.Errorf("removing the state directory: %v", err)
	})
	return dir
}
