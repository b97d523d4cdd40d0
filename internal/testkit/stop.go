package testkit

import (
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
