package atomicfile_test

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stratop/stratop/internal/atomicfile"
	"github.com/stratop/stratop/internal/testkit"
)

func TestWriteFileAtomicReplacesAndLeavesNoTempFiles(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "cfg")
	path := filepath.Join(dir, "f.json")
	for _, content := range []string{"one", "two"} {
		if err := atomicfile.Write(path, []byte(content)); err != nil {
			t.Fatal(err)
		}
		if b, _ := os.ReadFile(path); string(b) != content {
			t.Errorf("content = %q, want %q", b, content)
		}
	}
	if got := testkit.FilesIn(t, dir); len(got) != 1 || got[0] != "f.json" {
		t.Errorf("files after writes = %v, want only f.json", got)
	}
	if runtime.GOOS != "windows" {
		testkit.AssertMode(t, path, 0o600)
		testkit.AssertMode(t, dir, 0o700)
	}
}

func TestWriteAtomicFailureKeepsOldFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f.json")
	if err := atomicfile.Write(path, []byte("old content")); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("disk full")
	err := atomicfile.WriteFunc(path, func(w io.Writer) error {
		_, _ = w.Write([]byte("half of the new"))
		return boom
	})
	if !errors.Is(err, boom) || !strings.Contains(err.Error(), path) {
		t.Fatalf("err = %v; want the cause and the path", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "old content" {
		t.Errorf("old file changed to %q", b)
	}
	if got := testkit.FilesIn(t, dir); len(got) != 1 {
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
	if err := atomicfile.Write(path, []byte("x")); err == nil {
		t.Fatal("rename over a non-empty directory should fail")
	}
	if got := testkit.FilesIn(t, dir); len(got) != 0 {
		t.Errorf("temp file left behind: %v", got)
	}
}
