package watch

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stratop/stratop/api"
)

// A state directory that cannot be written is reported while the watch
// goes on, and no longer once the state is saved again: a full disk is
// seen when it happens and when it is over, not at the end of the watch.
func TestSaveErrorIsReportedAndClearsWhenTheStateIsSavedAgain(t *testing.T) {
	w := newWorld(t, 2, 4)
	state := t.TempDir()
	var rec recorder
	e, _ := running(t, w, Options{Scope: Strategies(1, 2), CursorDir: state, Interval: 20 * time.Millisecond, Emit: rec.emit})
	cursor := CursorPath(e.opts)
	waitFor(t, "the first save", func() bool { _, err := os.Stat(cursor); return err == nil })
	// A file where the cursor's directory is: nothing can be written there,
	// even by root.
	dir := filepath.Dir(cursor)
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dir, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	w.sb.SetStrategyStatus(1, api.StatusPaused)
	waitFor(t, "a save error", func() bool { return e.SaveError() != nil })
	if len(rec.find(KindStatus, 1)) != 1 {
		t.Fatalf("the change was not reported while the state could not be saved: %+v", rec.all())
	}
	if err := os.Remove(dir); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the error to clear", func() bool { return e.SaveError() == nil })
	if _, err := os.Stat(cursor); err != nil {
		t.Fatalf("no cursor after the error cleared: %v", err)
	}
}
