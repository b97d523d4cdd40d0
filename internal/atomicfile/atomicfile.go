// Package atomicfile writes stratop's own files (profiles, credentials,
// watches, the watch cursor, history, alert state) so that a reader sees the
// old file or the new one, never a mix, and a crash leaves no half-written
// file: 0600 files in 0700 directories, since they name users and
// strategies of the integration, which is nobody else's business on a
// shared server.
package atomicfile

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
)

// Permissions of everything written here: only the owner reads it.
const (
	DirPerm  os.FileMode = 0o700
	FilePerm os.FileMode = 0o600
)

// EnsureDir creates dir with 0700 and tightens it to 0700 if it exists with
// group or other bits: it is stratop's own directory.
func EnsureDir(dir string) error {
	if err := os.MkdirAll(dir, DirPerm); err != nil {
		return fmt.Errorf("creating %s: %w", dir, err)
	}
	if runtime.GOOS == "windows" {
		return nil
	}
	fi, err := os.Stat(dir)
	if err != nil {
		return err
	}
	if fi.Mode().Perm()&0o077 != 0 {
		if err := os.Chmod(dir, DirPerm); err != nil {
			return fmt.Errorf("restricting %s to mode 0700: %w", dir, err)
		}
	}
	return nil
}

// Write replaces path with data, mode 0600: a temporary file in the same
// directory, fsynced, renamed over path, then the directory fsynced.
func Write(path string, data []byte) error {
	return WriteFunc(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// WriteFunc is Write with the content produced by write (an encoder
// streaming into the file); when write fails the old file stays.
func WriteFunc(path string, write func(io.Writer) error) (err error) {
	dir := filepath.Dir(path)
	if err := EnsureDir(dir); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	tmpName := tmp.Name()
	defer func() {
		if err != nil {
			_ = tmp.Close()
			_ = os.Remove(tmpName)
		}
	}()
	if err := tmp.Chmod(FilePerm); err != nil && runtime.GOOS != "windows" {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := write(tmp); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := tmp.Sync(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := os.Rename(tmpName, path); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	SyncDir(dir)
	return nil
}

// SyncDir makes the rename durable where the platform allows fsync on a
// directory; failure only weakens durability, never correctness.
func SyncDir(dir string) {
	if runtime.GOOS == "windows" {
		return
	}
	d, err := os.Open(dir)
	if err != nil {
		return
	}
	_ = d.Sync()
	_ = d.Close()
}
