package integration

import (
	"path/filepath"
	"strings"

	"github.com/stratop/stratop/internal/atomicfile"
)

// DirsName is the folder under the state root that holds one directory per
// integration; kept apart from the root so that no integration's name can
// meet a file the root holds (the audit log, the old layout).
const DirsName = "integrations"

// DirName is the integration's directory name: host_port and the key's
// hash, readable in a listing (http_ in front for http, so that the same
// host and port under both schemes stay two). Characters a file name
// should not hold become '_'.
func (id ID) DirName() string {
	var b strings.Builder
	if id.Scheme != "https" {
		b.WriteString(id.Scheme + "_")
	}
	for _, r := range id.Host {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '-', r == '.':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	b.WriteString("_" + id.Port + "-" + id.KeyHash)
	return strings.TrimLeft(b.String(), ".")
}

// Dir is an integration's state directory and the files inside it; one
// owner per file: the engines take their path from here.
type Dir struct {
	Path string
}

// DirOf is id's directory under the state root, not created.
func DirOf(stateRoot string, id ID) Dir {
	return Dir{Path: filepath.Join(stateRoot, DirsName, id.DirName())}
}

// Open returns id's directory under the state root, creating it (0700, and
// tightening a looser one) when missing.
func Open(stateRoot string, id ID) (Dir, error) {
	d := DirOf(stateRoot, id)
	if err := atomicfile.EnsureDir(d.Path); err != nil {
		return Dir{}, err
	}
	return d, nil
}

// Files inside an integration's directory.
const (
	HistoryFileName = "history.json"
	WatchedFileName = "watches.json"
	CursorDirName   = "watch"
	AlertDirName    = "alert"
	ServeLockName   = "serve.lock"
	CommandsName    = "commands.jsonl"
)

// History is the file of the integration's counts over time.
func (d Dir) History() string { return filepath.Join(d.Path, HistoryFileName) }

// Watched is the watched strategies and users.
func (d Dir) Watched() string { return filepath.Join(d.Path, WatchedFileName) }

// Cursors is the directory of the watch engine's cursors, one per scope.
func (d Dir) Cursors() string { return filepath.Join(d.Path, CursorDirName) }

// Alerts is the directory of serve's alert state, open alerts and outboxes.
func (d Dir) Alerts() string { return filepath.Join(d.Path, AlertDirName) }

// ServeCursors is the directory of serve's own watch cursors, kept with its
// alert state (apart from `stratop watch`'s, which a watch running beside
// serve keeps).
func (d Dir) ServeCursors() string { return filepath.Join(d.Alerts(), CursorDirName) }

// Commands is the dashboard's command line history.
func (d Dir) Commands() string { return filepath.Join(d.Path, CommandsName) }

// ServeLock is the lock file the active `stratop serve` holds.
func (d Dir) ServeLock() string { return filepath.Join(d.Path, ServeLockName) }
