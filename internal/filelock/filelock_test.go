package filelock

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
)

// Writers that read, change and write one file under the lock lose no
// change: each holds its own open lock file, as separate processes do.
func TestWritersUnderTheLockLoseNoChange(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state")
	counter, lock := filepath.Join(dir, "n"), filepath.Join(dir, "n.lock")
	var wg sync.WaitGroup
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 50; i++ {
				err := With(lock, func() error {
					b, _ := os.ReadFile(counter)
					n, _ := strconv.Atoi(string(b))
					return os.WriteFile(counter, []byte(strconv.Itoa(n+1)), 0o600)
				})
				if err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	b, err := os.ReadFile(counter)
	if err != nil || string(b) != "200" {
		t.Fatalf("the counter reads %q (%v), want 200", b, err)
	}
	fi, err := os.Stat(dir)
	if err != nil || fi.Mode().Perm() != 0o700 {
		t.Errorf("the lock's directory: %v, %v; want mode 0700", fi, err)
	}
}

func TestHoldIsExclusiveUntilReleased(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state", "x.lock")
	release, err := Hold(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Hold(path); !errors.Is(err, ErrHeld) {
		t.Fatalf("a second Hold: %v, want ErrHeld", err)
	}
	release()
	again, err := Hold(path)
	if err != nil {
		t.Fatalf("Hold after release: %v", err)
	}
	again()
}
