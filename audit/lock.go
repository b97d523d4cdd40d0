package audit

import (
	"fmt"
	"os"

	"golang.org/x/sys/unix"
)

// LockPath is the lock file beside the log. Every writer, in any process,
// holds it while it decides whether to rotate, rotates and appends, so two
// writers near MaxSize cannot both rename (the second rename would replace
// the first's previous file, and every line in it would be lost).
func LockPath(path string) string { return path + ".lock" }

// fileLock is an exclusive advisory lock (flock) on a file that is never
// removed: removing it would let two writers lock two different files.
type fileLock struct{ f *os.File }

func openLock(path string) (*fileLock, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, FileMode)
	if err != nil {
		return nil, fmt.Errorf("audit log: lock: %w", err)
	}
	return &fileLock{f: f}, nil
}

// lock waits for the lock; flock is held per open file, so it also orders
// two Logs of one process.
func (l *fileLock) lock() error {
	for {
		err := unix.Flock(int(l.f.Fd()), unix.LOCK_EX)
		if err != unix.EINTR {
			if err != nil {
				return fmt.Errorf("audit log: lock: %w", err)
			}
			return nil
		}
	}
}

func (l *fileLock) unlock() { _ = unix.Flock(int(l.f.Fd()), unix.LOCK_UN) }

func (l *fileLock) close() error { return l.f.Close() }
