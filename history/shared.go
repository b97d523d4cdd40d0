package history

// One profile's history file has several writers: `stratop serve`,
// `stratop watch` and every dashboard open on the profile. Each keeps the
// samples it took since its last write and, at the write, adds them to the
// file as it is then, under an exclusive lock, and writes the result
// atomically. Writing a writer's whole history instead would let the last
// writer drop what the others wrote since it read the file. Adding only
// unsaved samples (never a whole history into another) also keeps the
// merge from counting a bucket's reads twice. When the file is still the
// one the writer last read or wrote (nobody else wrote since), the writer's
// history is the file and its samples already: it is written without
// reading the file again, which costs far more than writing it.

import (
	"errors"
	"io"
	"os"

	"github.com/stratop/stratop/internal/atomicfile"
	"github.com/stratop/stratop/internal/filelock"
)

// LockPath is the lock file beside the history file. It is never removed:
// removing it would let two writers lock two different files.
func LockPath(path string) string { return path + ".lock" }

// withLock runs fn holding the file's lock.
func withLock(path string, fn func() error) error { return filelock.With(LockPath(path), fn) }

// SaveSamples adds samples (a writer's, taken since its last write) to the
// history file at path and returns the history the file now holds: the
// other writers' samples with these. A file that is missing starts empty;
// one that cannot be decoded is replaced by mine (the writer's whole
// history, which already holds the samples), as a damaged file would
// otherwise stop every writer for good.
func SaveSamples(path string, samples []Sample, mine *History) (*History, error) {
	var merged *History
	err := withLock(path, func() error {
		if cur, err := os.Stat(path); err == nil && sameFile(mine.stamp, cur) {
			merged = mine.Clone()
			return writeStamped(path, merged)
		}
		disk, err := Load(path)
		var fe *FileError
		switch {
		case err == nil:
			for _, s := range samples {
				disk.Add(s)
			}
			merged = disk
		case errors.As(err, &fe) && fe.Op == "decode":
			merged = mine.Clone()
		default:
			return err
		}
		return writeStamped(path, merged)
	})
	if err != nil {
		var fe *FileError
		if errors.As(err, &fe) {
			return nil, err
		}
		return nil, &FileError{Path: path, Op: "write", Err: err}
	}
	merged.MarkSaved()
	return merged, nil
}

// writeStamped writes h to path and stamps h with the file written (the
// caller holds the lock, so it is this write's).
func writeStamped(path string, h *History) error {
	h.stamp = nil
	if err := atomicfile.WriteFunc(path, func(w io.Writer) error { return Encode(w, h) }); err != nil {
		return err
	}
	if fi, err := os.Stat(path); err == nil {
		h.stamp = fi
	}
	return nil
}

// sameFile says cur is the file stamped (the same inode, size and time):
// every write renames a new file into place, so any write since differs.
func sameFile(stamp, cur os.FileInfo) bool {
	return stamp != nil && os.SameFile(stamp, cur) && stamp.Size() == cur.Size() && stamp.ModTime().Equal(cur.ModTime())
}
