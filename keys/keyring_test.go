package keys

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	gokeyring "github.com/zalando/go-keyring"

	"github.com/stratop/stratop/api"
)

// fakeBackend stands in for go-keyring: a map, an injectable error, and a
// gate that makes every call hang until the test ends.
type fakeBackend struct {
	mu    sync.Mutex
	items map[string]string
	err   error
	hang  chan struct{}
	calls int
}

func newFakeBackend(t *testing.T) *fakeBackend {
	return &fakeBackend{items: map[string]string{}}
}

// hangUntilCleanup makes calls block like a D-Bus call waiting for a prompt.
func (f *fakeBackend) hangUntilCleanup(t *testing.T) {
	f.hang = make(chan struct{})
	t.Cleanup(func() { close(f.hang) })
}

func (f *fakeBackend) enter() error {
	f.mu.Lock()
	f.calls++
	hang, err := f.hang, f.err
	f.mu.Unlock()
	if hang != nil {
		<-hang
	}
	return err
}

func (f *fakeBackend) Get(service, user string) (string, error) {
	if err := f.enter(); err != nil {
		return "", err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	v, ok := f.items[service+"/"+user]
	if !ok {
		return "", gokeyring.ErrNotFound
	}
	return v, nil
}

func (f *fakeBackend) Set(service, user, pw string) error {
	if err := f.enter(); err != nil {
		return err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.items[service+"/"+user] = pw
	return nil
}

func (f *fakeBackend) Delete(service, user string) error {
	if err := f.enter(); err != nil {
		return err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, ok := f.items[service+"/"+user]; !ok {
		return gokeyring.ErrNotFound
	}
	delete(f.items, service+"/"+user)
	return nil
}

func (f *fakeBackend) callCount() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.calls
}

func TestKeyringStoreRoundTripAsOneJSONItem(t *testing.T) {
	b := newFakeBackend(t)
	s := newKeyringStore(b, time.Minute, nil)
	ctx := t.Context()
	if _, err := s.Get(ctx, "p"); !errors.Is(err, ErrNotFound) || !strings.Contains(err.Error(), `no credentials stored for profile "p"`) {
		t.Fatalf("Get of nothing = %v", err)
	}
	if err := s.Set(ctx, "p", canary); err != nil {
		t.Fatal(err)
	}
	item := b.items[KeyringService+"/p"]
	if item != `{"key":"`+canaryKey+`","secret":"`+canarySecret+`"}` {
		t.Errorf("stored item = %q", item)
	}
	got, err := s.Get(ctx, "p")
	if err != nil || got != canary {
		t.Fatalf("Get = %v, %v", got, err)
	}
	if err := s.Delete(ctx, "p"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Get(ctx, "p"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Get after Delete = %v", err)
	}
	if err := s.Delete(ctx, "p"); !errors.Is(err, ErrNotFound) {
		t.Errorf("second Delete = %v", err)
	}
}

func TestKeyringStoreCachesReads(t *testing.T) {
	b := newFakeBackend(t)
	b.items[KeyringService+"/p"] = `{"key":"k-123456789012","secret":"s"}`
	s := newKeyringStore(b, time.Minute, nil)
	for range 3 {
		if _, err := s.Get(t.Context(), "p"); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Get(t.Context(), "absent"); !errors.Is(err, ErrNotFound) {
			t.Fatal(err)
		}
	}
	if n := b.callCount(); n != 2 {
		t.Errorf("backend called %d times for 6 reads of 2 profiles, want 2", n)
	}
}

func TestKeyringStoreTimesOutAHungCall(t *testing.T) {
	b := newFakeBackend(t)
	b.hangUntilCleanup(t)
	s := newKeyringStore(b, 20*time.Millisecond, nil)

	_, err := s.Get(t.Context(), "p")
	var ke *KeyringError
	if !errors.As(err, &ke) || ke.Reason != ReasonTimeout || ke.Timeout != 20*time.Millisecond {
		t.Fatalf("err = %#v", err)
	}
	if !errors.Is(err, ErrKeyringUnavailable) || errors.Is(err, ErrNotFound) {
		t.Error("a timeout is 'unavailable', not 'not found'")
	}
	want := "keyring: timed out after 20ms (a locked keyring may be waiting for an unlock prompt on another display; STRATOP_KEYRING_TIMEOUT sets the limit)"
	if err.Error() != want {
		t.Errorf("text = %q\nwant   %q", err, want)
	}
	// The keyring is now known to hang: later calls fail at once with the
	// same answer instead of starting another call.
	before := b.callCount()
	if err := s.Set(t.Context(), "p", canary); !errors.Is(err, ErrKeyringUnavailable) {
		t.Errorf("Set after a timeout = %v", err)
	}
	if b.callCount() != before {
		t.Error("a call was started on a keyring known to hang")
	}
}

func TestKeyringStoreHonoursCancellation(t *testing.T) {
	b := newFakeBackend(t)
	b.hangUntilCleanup(t)
	s := newKeyringStore(b, time.Hour, nil)
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := s.Get(ctx, "p"); !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
}

func TestKeyringStoreRefusesTooLargeBeforeCalling(t *testing.T) {
	b := newFakeBackend(t)
	s := newKeyringStore(b, time.Minute, nil)
	big := api.Credentials{Key: "k", Secret: strings.Repeat("s", MaxKeyringItemBytes)}
	err := s.Set(t.Context(), "p", big)
	if !errors.Is(err, ErrTooLarge) {
		t.Fatalf("err = %v, want ErrTooLarge", err)
	}
	for _, want := range []string{"2048", "Windows caps an entry near 2.5 KB", "--store file"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
	if strings.Contains(err.Error(), "ssssssss") {
		t.Error("error quotes the secret")
	}
	if b.callCount() != 0 {
		t.Error("the keyring was called with an oversized item")
	}
	// Exactly at the limit is accepted.
	fits := api.Credentials{Key: "k", Secret: strings.Repeat("s", MaxKeyringItemBytes-len(`{"key":"k","secret":""}`))}
	if err := s.Set(t.Context(), "p", fits); err != nil {
		t.Errorf("an item of exactly %d bytes was refused: %v", MaxKeyringItemBytes, err)
	}
}

func TestKeyringStoreRejectsAForeignEntryWithoutQuotingIt(t *testing.T) {
	b := newFakeBackend(t)
	b.items[KeyringService+"/p"] = "plain-" + canarySecret
	s := newKeyringStore(b, time.Minute, nil)
	_, err := s.Get(t.Context(), "p")
	if err == nil || !strings.Contains(err.Error(), "not a stratop key and secret") {
		t.Fatalf("err = %v", err)
	}
	assertNoSecret(t, "error", err.Error())
}

func TestKeyringStoreErrorsNeverCarryTheSecret(t *testing.T) {
	b := newFakeBackend(t)
	b.err = fmt.Errorf("backend echoed %s and %s", canaryKey, canarySecret)
	s := newKeyringStore(b, time.Minute, nil)
	err := s.Set(t.Context(), "p", canary)
	if err == nil {
		t.Fatal("want an error")
	}
	assertNoSecret(t, "error", err.Error())
	if !strings.Contains(err.Error(), api.MaskKey(canaryKey)) {
		t.Errorf("the key should be masked, not dropped: %q", err)
	}
}

func TestKeyringStoreIsSafeForConcurrentUse(t *testing.T) {
	b := newFakeBackend(t)
	s := newKeyringStore(b, time.Minute, nil)
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			p := fmt.Sprintf("p%d", i%3)
			_ = s.Set(t.Context(), p, canary)
			_, _ = s.Get(t.Context(), p)
			_ = s.Delete(t.Context(), p)
		})
	}
	wg.Wait()
}

func TestMemStoreIsSafeForConcurrentUse(t *testing.T) {
	s := NewMemStore()
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			p := fmt.Sprintf("p%d", i%3)
			_ = s.Set(t.Context(), p, canary)
			_, _ = s.Get(t.Context(), p)
			_ = s.Delete(t.Context(), p)
		})
	}
	wg.Wait()
	if s.Calls() != 24 {
		t.Errorf("calls = %d", s.Calls())
	}
	s.FailWith(errors.New("down"))
	if _, err := s.Get(t.Context(), "p0"); err == nil || err.Error() != "down" {
		t.Errorf("FailWith not honoured: %v", err)
	}
}
