package keys

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sync"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/internal/atomicfile"
)

// maxCredentialsFileBytes bounds what the file store reads: a file this
// large is not one stratop wrote.
const maxCredentialsFileBytes = 1 << 20

// FileStore keeps credentials in plaintext JSON in one file, mode 0600, in a
// 0700 directory, replaced atomically on every change. It is used only for a
// profile whose owner chose it (`stratop login --store file`), and it refuses
// to read or extend a file that group or others can read.
type FileStore struct {
	path string
	mu   sync.Mutex // serialises read-modify-write within the process
}

// credentialsFile is the on-disk shape: {"profiles": {"name": {"key", "secret"}}}.
type credentialsFile struct {
	Profiles map[string]storedItem `json:"profiles"`
}

// NewFileStore returns the file store at path (not created until Set).
func NewFileStore(path string) *FileStore { return &FileStore{path: path} }

// Path is the file the store reads and writes.
func (s *FileStore) Path() string { return s.path }

// Get implements Store.
func (s *FileStore) Get(ctx context.Context, profile string) (api.Credentials, error) {
	if err := ctx.Err(); err != nil {
		return api.Credentials{}, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	f, err := s.read()
	if err != nil {
		return api.Credentials{}, err
	}
	it, ok := f.Profiles[profile]
	if !ok {
		return api.Credentials{}, fmt.Errorf("no credentials for profile %q in %s: %w", profile, s.path, ErrNotFound)
	}
	if it.Key == "" || it.Secret == "" {
		return api.Credentials{}, fmt.Errorf("the entry for profile %q in %s lacks a key or secret (run stratop login --store file again)", profile, s.path)
	}
	return api.Credentials{Key: it.Key, Secret: it.Secret}, nil
}

// Set implements Store.
func (s *FileStore) Set(ctx context.Context, profile string, creds api.Credentials) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	f, err := s.read()
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if f.Profiles == nil {
		f.Profiles = map[string]storedItem{}
	}
	f.Profiles[profile] = storedItem{Key: creds.Key, Secret: creds.Secret}
	return s.write(f)
}

// Delete implements Store; the file goes away with its last profile.
func (s *FileStore) Delete(ctx context.Context, profile string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	f, err := s.read()
	if errors.Is(err, fs.ErrNotExist) {
		return notFound(profile)
	}
	if err != nil {
		return err
	}
	if _, ok := f.Profiles[profile]; !ok {
		return notFound(profile)
	}
	delete(f.Profiles, profile)
	if len(f.Profiles) == 0 {
		if err := os.Remove(s.path); err != nil {
			return fmt.Errorf("removing %s: %w", s.path, err)
		}
		atomicfile.SyncDir(filepath.Dir(s.path))
		return nil
	}
	return s.write(f)
}

// read loads the file after checking that it is a regular file only its
// owner can read. A missing file wraps fs.ErrNotExist (and ErrNotFound, so a
// Get of a never-written store reads "no credentials").
func (s *FileStore) read() (credentialsFile, error) {
	var f credentialsFile
	fi, err := os.Lstat(s.path)
	if errors.Is(err, fs.ErrNotExist) {
		return f, missingFileError{path: s.path}
	}
	if err != nil {
		return f, fmt.Errorf("reading the file store: %w", err)
	}
	if !fi.Mode().IsRegular() {
		return f, fmt.Errorf("the file store %s is not a regular file (a symlink or device); remove it and run stratop login --store file", s.path)
	}
	if perm := fi.Mode().Perm(); perm&0o077 != 0 && runtime.GOOS != "windows" {
		return f, fmt.Errorf("the file store %s is readable by group or others (mode %04o), so stratop will not use it; fix it with: chmod 600 %s: %w",
			s.path, perm, s.path, ErrInsecureFile)
	}
	if fi.Size() > maxCredentialsFileBytes {
		return f, fmt.Errorf("the file store %s is larger than %d bytes; it is not a stratop credentials file", s.path, maxCredentialsFileBytes)
	}
	b, err := os.ReadFile(s.path)
	if err != nil {
		return f, fmt.Errorf("reading the file store: %w", err)
	}
	if err := json.Unmarshal(b, &f); err != nil {
		// The JSON error could quote the content: say where, not what.
		return credentialsFile{}, fmt.Errorf("the file store %s is not valid JSON; fix or remove it and run stratop login --store file", s.path)
	}
	return f, nil
}

// write replaces the file atomically with f (JSON sorts the profile names).
func (s *FileStore) write(f credentialsFile) error {
	b, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		return errors.New("cannot encode the file store")
	}
	return atomicfile.Write(s.path, append(b, '\n'))
}

// missingFileError is a file store that was never written: it matches both
// ErrNotFound (no credentials) and fs.ErrNotExist (nothing to extend).
type missingFileError struct{ path string }

func (e missingFileError) Error() string { return "no credentials file at " + e.path }

func (e missingFileError) Is(target error) bool {
	return target == ErrNotFound || target == fs.ErrNotExist
}
