package audit

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/stratop/stratop/integration"
	"github.com/stratop/stratop/internal/filelock"
	"github.com/stratop/stratop/internal/paths"
)

// MaxSize is the size at which the log is rotated: the current file becomes
// PreviousPath (replacing an older one) and a new file is started, so the
// log never takes more than about twice this on disk.
const MaxSize = 10 << 20

// File and directory modes: the log names users and strategies of the
// integration, which is nobody else's business on a shared server.
const (
	FileMode fs.FileMode = 0o600
	DirMode  fs.FileMode = 0o700
)

// DefaultPath is the audit log in stratop's state directory
// (internal/paths): one log for every integration.
func DefaultPath() (string, error) {
	p, err := paths.AuditLog(os.Getenv)
	if err != nil {
		return "", fmt.Errorf("audit log: %w", err)
	}
	return p, nil
}

// PreviousPath is where rotation keeps the previous file.
func PreviousPath(path string) string { return path + ".1" }

// Log is the append-only audit log file: one JSON object per line, each
// line synced to disk before Write returns, so a crash after an intent
// leaves that intent on disk. It is safe for concurrent use; several
// processes may append to the same file: each line is one write to a file
// opened with O_APPEND, under a lock on LockPath that also makes rotation
// happen once however many writers reach MaxSize together.
type Log struct {
	path, profile, host string
	integration         string // integration.ID's canonical form
	maxSize             int64
	now                 func() time.Time

	mu      sync.Mutex
	f       *os.File
	lastErr error // the last failed write, until a write succeeds
	// writer is this Log's liveness lock (taken at the first intent, held
	// until Close or the process ends) and release lets go of it.
	writer  string
	release func()
}

// SetMaxSize changes the size at which the log rotates (MaxSize by
// default): for tests, and for a machine that keeps less.
func (l *Log) SetMaxSize(n int64) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.maxSize = n
}

// Option changes how a Log stamps its entries.
type Option func(*Log)

// ForIntegration stamps every entry written through the log with id when
// the entry names none: readers tell one integration's actions from
// another's by it.
func ForIntegration(id integration.ID) Option {
	return func(l *Log) { l.integration = id.String() }
}

// Open opens (creating it 0600 in a 0700 directory) the log at path. Every
// entry written through it is stamped with profile and host (and the
// integration, given ForIntegration) when the entry leaves them empty.
func Open(path, profile, host string, opts ...Option) (*Log, error) {
	l := &Log{path: path, profile: profile, host: host, maxSize: MaxSize, now: time.Now}
	for _, o := range opts {
		o(l)
	}
	if err := l.open(); err != nil {
		return nil, err
	}
	return l, nil
}

// Path is the file the log writes.
func (l *Log) Path() string { return l.path }

// open creates the directory and the file with private modes, tightening
// them when an earlier version (or the user) left them wider.
func (l *Log) open() error {
	dir := filepath.Dir(l.path)
	if err := os.MkdirAll(dir, DirMode); err != nil {
		return fmt.Errorf("audit log: %w", err)
	}
	if st, err := os.Stat(dir); err == nil && st.Mode().Perm()&^DirMode != 0 {
		_ = os.Chmod(dir, DirMode)
	}
	f, err := os.OpenFile(l.path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, FileMode)
	if err != nil {
		return fmt.Errorf("audit log: %w", err)
	}
	if st, err := f.Stat(); err == nil && st.Mode().Perm()&^FileMode != 0 {
		if err := f.Chmod(FileMode); err != nil {
			_ = f.Close()
			return fmt.Errorf("audit log: %s is readable by others and cannot be made private: %w", l.path, err)
		}
	}
	l.f = f
	return nil
}

// Write appends e as one line, filling Time (UTC) when it is zero and
// Profile and Host when they are empty, then syncs the file. An error means
// the line may not be on disk; Check reports it until a write succeeds.
func (l *Log) Write(e Entry) error {
	if e.Time.IsZero() {
		e.Time = l.now()
	}
	e.Time = e.Time.UTC()
	if e.Profile == "" {
		e.Profile = l.profile
	}
	if e.Host == "" {
		e.Host = l.host
	}
	if e.Integration == "" {
		e.Integration = l.integration
	}
	if e.Outcome == OutcomeNone && e.Writer == "" {
		e.Writer = l.liveness()
	}
	line, err := json.Marshal(e)
	if err != nil {
		return fmt.Errorf("audit log: %w", err)
	}
	line = append(line, '\n')

	l.mu.Lock()
	defer l.mu.Unlock()
	err = l.write(line)
	l.lastErr = err
	return err
}

func (l *Log) write(line []byte) error {
	if l.f == nil {
		if err := l.open(); err != nil {
			return err
		}
	}
	// Every writer, in any process, holds the lock while it decides whether
	// to rotate, rotates and appends; flock is held per open file, so it
	// also orders two Logs of one process.
	var err error
	if lockErr := filelock.With(LockPath(l.path), func() error { err = l.appendLocked(line); return nil }); lockErr != nil {
		return fmt.Errorf("audit log: %w", lockErr)
	}
	return err
}

// appendLocked rotates when the line would pass the size, appends it and
// syncs, with the lock held.
func (l *Log) appendLocked(line []byte) error {
	if err := l.rotateIfNeeded(int64(len(line))); err != nil {
		return err
	}
	if _, err := l.f.Write(line); err != nil {
		return fmt.Errorf("audit log: %w", err)
	}
	if err := l.f.Sync(); err != nil {
		return fmt.Errorf("audit log: %w", err)
	}
	return nil
}

// rotateIfNeeded starts a new file when adding n bytes would pass maxSize.
// It looks at the file at path rather than its own descriptor, so when
// another process rotated first this one follows it to the new file
// instead of rotating again.
func (l *Log) rotateIfNeeded(n int64) error {
	cur, err := l.f.Stat()
	if err != nil {
		return fmt.Errorf("audit log: %w", err)
	}
	onDisk, err := os.Stat(l.path)
	if err != nil || !os.SameFile(cur, onDisk) {
		_ = l.f.Close()
		l.f = nil
		if err := l.open(); err != nil {
			return err
		}
		if onDisk, err = os.Stat(l.path); err != nil {
			return fmt.Errorf("audit log: %w", err)
		}
	}
	if onDisk.Size() == 0 || onDisk.Size()+n <= l.maxSize {
		return nil
	}
	if err := os.Rename(l.path, PreviousPath(l.path)); err != nil {
		return fmt.Errorf("audit log: rotate: %w", err)
	}
	_ = l.f.Close()
	l.f = nil
	return l.open()
}

// Check reports whether the log can be written now: the last write failed,
// or the file cannot be opened for appending (a read-only or missing
// directory). A full disk shows only when a write fails. An action runner
// refuses before asking when Check fails (action.Runner.Check), unless the
// operator overrides it.
func (l *Log) Check() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.lastErr != nil {
		return l.lastErr
	}
	f, err := os.OpenFile(l.path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, FileMode)
	if err != nil {
		return fmt.Errorf("audit log: %w", err)
	}
	return f.Close()
}

// Close closes the file and lets go of the liveness lock: an intent this
// Log wrote without its outcome reads as unknown from then on. A later
// Write opens both again.
func (l *Log) Close() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.release != nil {
		l.release()
		_ = os.Remove(writerPath(l.path, l.writer))
		l.release, l.writer = nil, ""
	}
	if l.f == nil {
		return nil
	}
	err := l.f.Close()
	l.f = nil
	return err
}
