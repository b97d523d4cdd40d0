package audit

// Liveness of a writer: each Log holds an exclusive lock on a file of its
// own beside the log from its first intent until it closes; the kernel
// lets go of it when the process ends, however it ends. A reader that
// finds an intent without an outcome tells "still being sent" from "never
// answered" by whether that lock is still held.

import (
	"errors"
	"os"
	"path/filepath"
	"strings"

	"github.com/google/uuid"

	"github.com/stratop/stratop/internal/filelock"
)

// writersDir holds the writers' liveness locks.
func writersDir(path string) string { return path + ".writers" }

func writerPath(path, writer string) string { return filepath.Join(writersDir(path), writer) }

// liveness takes this Log's liveness lock once and returns its name; ""
// when it cannot be taken (readers then go by the intent's deadline).
// Callers hold no lock of l: it is taken under l.mu here.
func (l *Log) liveness() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.writer != "" {
		return l.writer
	}
	id := uuid.NewString()
	release, err := filelock.Hold(writerPath(l.path, id))
	if err != nil {
		return ""
	}
	l.writer, l.release = id, release
	return id
}

// WriterAlive reports whether the writer named in an entry of the log at
// path still runs. A writer that is gone (its lock free, or its lock file
// removed when it closed) is not; the lock file of one that died is
// removed here. An unnamed or malformed writer is reported alive: only a
// deadline tells then.
func WriterAlive(path, writer string) bool {
	if writer == "" || strings.ContainsAny(writer, `/\`) || writer == "." || writer == ".." {
		return true
	}
	p := writerPath(path, writer)
	if _, err := os.Stat(p); errors.Is(err, os.ErrNotExist) {
		return false
	}
	release, err := filelock.Hold(p)
	if errors.Is(err, filelock.ErrHeld) {
		return true
	}
	if err != nil {
		return true
	}
	_ = os.Remove(p)
	release()
	return false
}
