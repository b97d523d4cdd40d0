package keys

import (
	"errors"
	"os"
	"strings"
	"testing"
)

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
