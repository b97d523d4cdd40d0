package keys

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func TestWriteFileAtomicReplacesAndLeavesNoTempFiles(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "cfg")
	path := filepath.Join(dir, "f.json")
	for _, content := range []string{"one", "two"} {
		if err := writeFileAtomic(path, []byte(content)); err != nil {
			t.Fatal(err)
		}
		if b, _ := os.ReadFile(path); string(b) != content {
			t.Errorf("content = %q, want %q", b, content)
		}
	}
	if got := filesIn(t, dir); len(got) != 1 || got[0] != "f.json" {
		t.Errorf("files after writes = %v, want only f.json", got)
	}
	if runtime.GOOS != "windows" {
		assertMode(t, path, 0o600)
		assertMode(t, dir, 0o700)
	}
}

func TestWriteAtomicFailureKeepsOldFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f.json")
	if err := writeFileAtomic(path, []byte("old content")); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("disk full")
	err := writeAtomic(path, func(w io.Writer) error {
		_, _ = w.Write([]byte("half of the new"))
		return boom
	})
	if !errors.Is(err, boom) || !strings.Contains(err.Error(), path) {
		t.Fatalf("err = %v; want the cause and the path", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "old content" {
		t.Errorf("old file changed to %q", b)
	}
	if got := filesIn(t, dir); len(got) != 1 {
		t.Errorf("temp file left behind: %v", got)
	}
}

func TestWriteAtomicRenameFailureLeavesNoTempFile(t *testing.T) {
	dir := t.TempDir()
	// A non-empty directory where the file should go: the rename fails.
	path := filepath.Join(dir, "f.json")
	if err := os.MkdirAll(filepath.Join(path, "occupied"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := writeFileAtomic(path, []byte("x")); err == nil {
		t.Fatal("rename over a non-empty directory should fail")
	}
	if got := filesIn(t, dir); len(got) != 0 {
		t.Errorf("temp file left behind: %v", got)
	}
}

func TestSaveRollsBackCredentialsWhenTheProfileCannotBeWritten(t *testing.T) {
	ks := NewMemStore()
	m := newTestManager(t, nil, ks)
	if _, err := m.Save(t.Context(), "a", Profile{BaseURL: "https://a.example", Store: StoreKeyring}, canary); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(m.ProfilesPath())
	m.writeFile = func(string, []byte) error { return errors.New("no space left on device") }

	_, err := m.Save(t.Context(), "b", Profile{BaseURL: "https://b.example", Store: StoreKeyring}, canary)
	if err == nil || !strings.Contains(err.Error(), "the credentials were not kept") || !strings.Contains(err.Error(), "no space left") {
		t.Fatalf("err = %v", err)
	}
	if _, err := ks.Get(t.Context(), "b"); !errors.Is(err, ErrNotFound) {
		t.Errorf("credentials of a failed save were kept: %v", err)
	}
	if _, err := ks.Get(t.Context(), "a"); err != nil {
		t.Errorf("another profile's credentials were lost: %v", err)
	}
	if after, _ := os.ReadFile(m.ProfilesPath()); string(after) != string(before) {
		t.Error("old profiles file changed")
	}
	assertNoSecret(t, "error", err.Error())

	// Re-saving an existing profile in the same store cannot restore the
	// old pair; the message says what happened instead of claiming a rollback.
	_, err = m.Save(t.Context(), "a", Profile{BaseURL: "https://a.example", Store: StoreKeyring}, canary)
	if err == nil || !strings.Contains(err.Error(), "replaced the old ones") {
		t.Errorf("err = %v", err)
	}
}
