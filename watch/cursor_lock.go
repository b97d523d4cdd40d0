package watch

import (
	"errors"

	"github.com/stratop/stratop/internal/filelock"
)

// One process keeps a cursor. Two watchers of one profile and scope (serve
// as a service, and an operator's `stratop watch` beside it) would each
// save their own progress over the other's, and a restart would resume
// from whichever wrote last. The first takes the cursor's lock for as long
// as it runs; a second watches all the same, from now and without a
// cursor, and says so through Options.Notice. A crashed holder's lock is
// let go by the kernel.

// holdCursor takes the cursor's lock; the returned func lets it go. A lock
// that cannot be taken for another reason (an unwritable state directory)
// leaves the cursor to its own errors, which SaveError reports.
func (e *Engine) holdCursor() (release func()) {
	e.cursorElsewhere = false
	path := CursorPath(e.opts)
	if path == "" {
		return func() {}
	}
	release, err := filelock.Hold(path + ".lock")
	if errors.Is(err, filelock.ErrHeld) {
		e.cursorElsewhere = true
		e.opts.Notice("another stratop process keeps the state of this watch (" + path +
			"): this one starts from now and keeps none, so a restart of it reports only what changes after")
		return func() {}
	}
	if err != nil {
		return func() {}
	}
	return release
}

// cursorPath is the cursor this run keeps, "" when none.
func (e *Engine) cursorPath() string {
	if e.cursorElsewhere {
		return ""
	}
	return CursorPath(e.opts)
}
