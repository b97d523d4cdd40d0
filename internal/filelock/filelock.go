// Package filelock orders the writers of one of stratop's files across
// processes (serve, watch, the dashboard, a command): an exclusive advisory
// lock (flock) on a lock file beside it, held while a writer reads, merges
// and replaces the file.
package filelock

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"golang.org/x/sys/unix"

	"github.com/stratop/stratop/internal/atomicfile"
)

// With runs fn holding the exclusive lock of the lock file at path,
// creating it (0600, in a 0700 directory) when missing. The file is never
// removed: removing it would let two writers lock two different files.
// flock is held per open file, so two writers of one process are ordered
// too.
func With(path string, fn func() error) error {
	release, err := lock(path, unix.LOCK_EX)
	if err != nil {
		return err
	}
	defer release()
	return fn()
}

// ErrHeld is returned by Hold when another open file holds the lock.
var ErrHeld = errors.New("lock: held by another process")

// Hold takes the exclusive lock of the lock file at path without waiting
// and keeps it until release is called (or the process ends: the kernel
// lets go of a dead holder's lock, so a crash never leaves it stuck). It
// returns ErrHeld when another holds it.
func Hold(path string) (release func(), err error) {
	release, err = lock(path, unix.LOCK_EX|unix.LOCK_NB)
	if errors.Is(err, unix.EWOULDBLOCK) {
		return nil, ErrHeld
	}
	return release, err
}

// lock opens the lock file at path (creating it, 0600 in a 0700
// directory) and flocks it with how; release closes it, which lets go.
func lock(path string, how int) (release func(), err error) {
	if err := atomicfile.EnsureDir(filepath.Dir(path)); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, atomicfile.FilePerm)
	if err != nil {
		return nil, fmt.Errorf("lock: %w", err)
	}
	for {
		err = unix.Flock(int(f.Fd()), how)
		if !errors.Is(err, unix.EINTR) {
			break
		}
	}
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("lock %s: %w", path, err)
	}
	return func() { f.Close() }, nil
}
