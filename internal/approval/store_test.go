package approval

import (
	"errors"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/stratop/stratop/internal/testkit"
)

type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

func newClock() *clock { return &clock{t: time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)} }

func TestAStoredRequestIsPendingUntilItExpiresAndThenCannotBeClaimed(t *testing.T) {
	c := newClock()
	s := New(t.TempDir(), WithClock(c.now))
	r, err := s.Add(Request{Action: "halt", Integration: "x", Targets: []Target{{Strategy: 4}}})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.ID) != 8 || r.State != Pending || !r.Expires.Equal(c.now().Add(DefaultTTL)) {
		t.Fatalf("added %+v", r)
	}
	testkit.AssertMode(t, s.Path(), 0o600)
	c.add(DefaultTTL - time.Second)
	if w, _ := s.Waiting(); len(w) != 1 {
		t.Fatalf("waiting %+v, want the request", w)
	}
	c.add(time.Second)
	if w, _ := s.Waiting(); len(w) != 0 {
		t.Fatalf("waiting %+v after the expiry", w)
	}
	if _, err := s.Claim(r.ID, "ann"); !errors.Is(err, ErrExpired) {
		t.Fatalf("claim of an expired request: %v", err)
	}
	got, _ := s.Get(r.ID)
	if got.StateAt(c.now()) != Expired {
		t.Fatalf("state %s", got.StateAt(c.now()))
	}
	if _, err := s.Reject(r.ID, "ann"); err != nil {
		t.Fatalf("an expired request cannot be rejected: %v", err)
	}
}

func TestOnlyOneClaimOfARequestSucceeds(t *testing.T) {
	dir := t.TempDir()
	r, err := New(dir).Add(Request{Action: "halt", Targets: []Target{{Strategy: 4}}})
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	won := 0
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// A store each, as separate processes would have.
			if _, err := New(dir).Claim(r.ID, "p"+string(rune('0'+i))); err == nil {
				mu.Lock()
				won++
				mu.Unlock()
			} else if !errors.Is(err, ErrDecided) {
				t.Errorf("claim: %v", err)
			}
		}()
	}
	wg.Wait()
	if won != 1 {
		t.Fatalf("%d claims succeeded, want 1", won)
	}
	if _, err := New(dir).Reject(r.ID, "x"); !errors.Is(err, ErrDecided) {
		t.Fatalf("reject of an approved request: %v", err)
	}
}

func TestTheStoreBoundsWhatWaitsAndForgetsWhatWasDecidedLongAgo(t *testing.T) {
	c := newClock()
	s := New(t.TempDir(), WithClock(c.now))
	for range MaxPending {
		if _, err := s.Add(Request{Action: "halt"}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.Add(Request{Action: "halt"}); !errors.Is(err, ErrTooMany) {
		t.Fatalf("request past the bound: %v", err)
	}
	c.add(DefaultTTL + keepDecided + time.Second)
	if _, err := s.Add(Request{Action: "halt"}); err != nil {
		t.Fatal(err)
	}
	if all, _ := s.List(); len(all) != 1 {
		t.Fatalf("%d requests kept, want the new one", len(all))
	}
	if _, err := s.Get("nosuchid"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("get of an unknown id: %v", err)
	}
}

func TestADamagedFileApprovesNothing(t *testing.T) {
	s := New(t.TempDir())
	r, _ := s.Add(Request{Action: "halt"})
	if err := writeFile(s.Path(), "{not json"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Claim(r.ID, "ann"); err == nil {
		t.Fatal("claimed from a damaged file")
	}
	if _, err := s.Add(Request{Action: "halt"}); err == nil {
		t.Fatal("added to a damaged file (and so dropped what it held)")
	}
}

func writeFile(path, s string) error { return os.WriteFile(path, []byte(s), 0o600) }
