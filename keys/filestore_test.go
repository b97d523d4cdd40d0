package keys

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/internal/testkit"
)

func TestFileStoreRoundTrip(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "stratop")
	s := NewFileStore(filepath.Join(dir, "credentials.json"))
	ctx := t.Context()
	if _, err := s.Get(ctx, "p"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Get on a missing file = %v, want ErrNotFound", err)
	}
	other := api.Credentials{Key: "other-key-1234567", Secret: "other-secret"}
	if err := s.Set(ctx, "p", canary); err != nil {
		t.Fatal(err)
	}
	if err := s.Set(ctx, "q", other); err != nil {
		t.Fatal(err)
	}
	if got, err := s.Get(ctx, "p"); err != nil || got != canary {
		t.Fatalf("Get = %v, %v", got, err)
	}
	if runtime.GOOS != "windows" {
		testkit.AssertMode(t, s.Path(), 0o600)
		testkit.AssertMode(t, dir, 0o700)
	}
	if err := s.Delete(ctx, "p"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Get(ctx, "p"); !errors.Is(err, ErrNotFound) {
		t.Errorf("deleted profile still readable: %v", err)
	}
	if got, _ := s.Get(ctx, "q"); got != other {
		t.Errorf("other profile lost: %v", got)
	}
	if err := s.Delete(ctx, "p"); !errors.Is(err, ErrNotFound) {
		t.Errorf("second Delete = %v, want ErrNotFound", err)
	}
	if err := s.Delete(ctx, "q"); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(s.Path()); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the file should go with its last profile: %v", err)
	}
	if got := testkit.FilesIn(t, dir); len(got) != 0 {
		t.Errorf("files left: %v", got)
	}
}

func TestFileStoreRefusesAFileOthersCanRead(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no Unix permissions")
	}
	s := NewFileStore(filepath.Join(t.TempDir(), "credentials.json"))
	if err := s.Set(t.Context(), "p", canary); err != nil {
		t.Fatal(err)
	}
	for _, mode := range []os.FileMode{0o640, 0o604, 0o644} {
		if err := os.Chmod(s.Path(), mode); err != nil {
			t.Fatal(err)
		}
		_, err := s.Get(t.Context(), "p")
		if !errors.Is(err, ErrInsecureFile) {
			t.Fatalf("mode %04o: Get = %v, want ErrInsecureFile", mode, err)
		}
		for _, want := range []string{"readable by group or others", "chmod 600 " + s.Path(), s.Path()} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("mode %04o: error %q lacks %q", mode, err, want)
			}
		}
		assertNoSecret(t, "error", err.Error())
		// Writing must not quietly fix or extend an exposed file either.
		if err := s.Set(t.Context(), "q", canary); !errors.Is(err, ErrInsecureFile) {
			t.Errorf("mode %04o: Set = %v, want ErrInsecureFile", mode, err)
		}
	}
	if err := os.Chmod(s.Path(), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Get(t.Context(), "p"); err != nil {
		t.Errorf("after chmod 600 the file should be usable: %v", err)
	}
}

func TestFileStoreRefusesSymlinksAndGarbage(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "elsewhere.json")
	if err := os.WriteFile(target, []byte(`{"profiles":{}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "credentials.json")
	if err := os.Symlink(target, link); err != nil {
		t.Skip("symlinks unavailable:", err)
	}
	if _, err := NewFileStore(link).Get(t.Context(), "p"); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("symlink: %v", err)
	}
	garbage := filepath.Join(dir, "garbage.json")
	if err := os.WriteFile(garbage, []byte("key="+canarySecret), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := NewFileStore(garbage).Get(t.Context(), "p")
	if err == nil || !strings.Contains(err.Error(), "not valid JSON") {
		t.Errorf("garbage: %v", err)
	}
	assertNoSecret(t, "error", err.Error())
}
