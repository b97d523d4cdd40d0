package watch

import (
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stratop/stratop/api"
)

// A second watcher of one profile and scope watches without a cursor and
// says so: the first's cursor is never overwritten by the second's
// progress. Once the first is gone, a new watcher keeps the cursor again.
func TestASecondWatcherKeepsNoCursor(t *testing.T) {
	w := newWorld(t, 2, 6)
	dir := t.TempDir()
	opts := Options{Scope: Strategies(1, 2), CursorDir: dir, Interval: 20 * time.Millisecond}
	first, stopFirst := running(t, w, opts)
	cursor := CursorPath(first.opts)
	waitFor(t, "the first's cursor", func() bool { _, err := os.Stat(cursor); return err == nil })

	var mu sync.Mutex
	var notices []string
	var rec recorder
	second := opts
	second.Meter = NewMeter() // the world's meter is the first's while both run
	second.Emit = rec.emit
	second.Notice = func(s string) { mu.Lock(); notices = append(notices, s); mu.Unlock() }
	e2, stopSecond := running(t, w, second)
	waitFor(t, "the second's notice", func() bool { mu.Lock(); defer mu.Unlock(); return len(notices) == 1 })
	if !strings.Contains(notices[0], "another stratop process keeps the state") {
		t.Fatalf("notice %q", notices[0])
	}
	// The second still watches: a change is reported by it.
	waitFor(t, "the second's first cycle", func() bool { return e2.Stats().Baselined })
	w.sb.SetStrategyStatus(2, api.StatusPaused)
	waitFor(t, "the change, by the second", func() bool { return len(rec.find(KindStatus, 2)) == 1 })
	stopSecond()
	stopFirst()

	// The first has gone: the next watcher takes the cursor, says nothing.
	notices = nil
	third := opts
	third.Notice = second.Notice
	e3, stop := running(t, w, third)
	waitFor(t, "the third's first cycle", func() bool { return e3.Stats().Baselined })
	stop()
	if len(notices) != 0 || e3.cursorPath() == "" {
		t.Fatalf("the third keeps no cursor: %q", notices)
	}
}
