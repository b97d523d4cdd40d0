package keys

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/internal/testkit"
)

func TestSaveRefusesBadInputBeforeTouchingTheStore(t *testing.T) {
	m := newTestManager(t, nil, forbiddenStore{t, "keyring"})
	cases := []struct {
		name  string
		prof  Profile
		creds api.Credentials
		want  string
	}{
		{"p", Profile{BaseURL: "http://api.example.com", Store: StoreKeyring}, canary, "clear text"},
		{"p", Profile{BaseURL: "https://h.example", Store: "vault"}, canary, "unknown credential store"},
		{"p", Profile{BaseURL: "https://h.example", Store: StoreKeyring}, api.Credentials{Key: canaryKey}, "the API secret is empty"},
		{"p", Profile{BaseURL: "https://h.example", Store: StoreKeyring}, api.Credentials{Key: "a b", Secret: "s"}, "API key contains a space"},
		{"a/b", Profile{BaseURL: "https://h.example", Store: StoreKeyring}, canary, "invalid profile name"},
	}
	for _, c := range cases {
		_, err := m.Save(t.Context(), c.name, c.prof, c.creds)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Save(%q, %+v) = %v; want %q", c.name, c.prof, err, c.want)
		}
	}
	if _, err := os.Stat(m.ProfilesPath()); !errors.Is(err, os.ErrNotExist) {
		t.Error("a refused save wrote the profiles file")
	}
}

func TestSaveMovingToAnotherStoreRemovesTheOldCopy(t *testing.T) {
	ks := NewMemStore()
	m := newTestManager(t, nil, ks)
	if _, err := m.Save(t.Context(), "p", Profile{BaseURL: "https://h.example", Store: StoreFile}, canary); err != nil {
		t.Fatal(err)
	}
	if warnings, err := m.Save(t.Context(), "p", Profile{BaseURL: "https://h.example", Store: StoreKeyring}, canary); err != nil || len(warnings) != 0 {
		t.Fatal(warnings, err)
	}
	if _, err := os.Stat(m.CredentialsPath()); !errors.Is(err, os.ErrNotExist) {
		t.Error("the plaintext copy stayed behind after moving to the keyring")
	}
	if ks.Len() != 1 {
		t.Error("the keyring does not hold the credentials")
	}
	// Back to the file store while the keyring is down: saved, with a warning.
	ks.FailWith(&KeyringError{Reason: ReasonTimeout, Detail: "timed out after 3s"})
	warnings, err := m.Save(t.Context(), "p", Profile{BaseURL: "https://h.example", Store: StoreFile}, canary)
	if err != nil || len(warnings) != 1 || !strings.Contains(warnings[0], "the old copy in the system keyring could not be removed: keyring: timed out after 3s") {
		t.Errorf("warnings = %q, err = %v", warnings, err)
	}
}

func TestSaveToAnUnavailableKeyringSavesNothing(t *testing.T) {
	ks := NewMemStore()
	ks.FailWith(&KeyringError{Reason: ReasonNoDBus, Detail: "no D-Bus session: DBUS_SESSION_BUS_ADDRESS is not set and dbus-launch was not found"})
	m := newTestManager(t, nil, ks)
	_, err := m.Save(t.Context(), "p", Profile{BaseURL: "https://h.example", Store: StoreKeyring}, canary)
	if !errors.Is(err, ErrKeyringUnavailable) || !strings.Contains(err.Error(), "saving the credentials in the system keyring (nothing was saved): keyring: no D-Bus session") {
		t.Fatalf("err = %v", err)
	}
	if files := testkit.FilesIn(t, filepath.Dir(m.ProfilesPath())); len(files) != 0 {
		t.Errorf("files written: %v", files)
	}
}

func TestRemove(t *testing.T) {
	ks := NewMemStore()
	m := newTestManager(t, nil, ks)
	ctx := t.Context()
	if _, err := m.Save(ctx, "p", Profile{BaseURL: "https://h.example", Store: StoreKeyring}, canary); err != nil {
		t.Fatal(err)
	}

	// Keyring down: the profile is kept so the secret is not orphaned.
	ks.FailWith(&KeyringError{Reason: ReasonLocked, Detail: "the keyring is locked"})
	_, err := m.Remove(ctx, "p")
	if err == nil || !strings.Contains(err.Error(), `profile "p" is kept, so you can retry`) {
		t.Fatalf("err = %v", err)
	}
	if p, _ := m.LoadProfiles(); len(p.Names()) != 1 {
		t.Error("the profile was removed although its secret was not")
	}

	ks.FailWith(nil)
	r, err := m.Remove(ctx, "p")
	if err != nil || !r.ProfileExisted || !r.HadCredentials || r.Store != StoreKeyring {
		t.Fatalf("Remove = %+v, %v", r, err)
	}
	if ks.Len() != 0 {
		t.Error("secret still in the keyring")
	}
	if p, _ := m.LoadProfiles(); len(p.Names()) != 0 {
		t.Error("profile still listed")
	}

	_, err = m.Remove(ctx, "p")
	if err == nil || !strings.Contains(err.Error(), `no profile "p" in `+m.ProfilesPath()) {
		t.Errorf("second Remove = %v", err)
	}

	// A leftover keyring entry without a profile (interrupted login) goes too.
	_ = ks.Set(ctx, "orphan", canary)
	if r, err := m.Remove(ctx, "orphan"); err != nil || r.ProfileExisted || !r.HadCredentials {
		t.Errorf("orphan: %+v %v", r, err)
	}
}

func TestListMasksTheKeyAndNeverShowsTheSecret(t *testing.T) {
	ks := NewMemStore()
	m := newTestManager(t, nil, ks)
	ctx := t.Context()
	_, _ = m.Save(ctx, "a", Profile{BaseURL: "https://a.example", Store: StoreKeyring}, canary)
	_, _ = m.Save(ctx, "b", Profile{BaseURL: "http://127.0.0.1:1", Store: StoreFile}, canary)
	writeProfiles(t, m, `{"profiles":{
		"a":{"base_url":"https://a.example","store":"keyring"},
		"b":{"base_url":"http://127.0.0.1:1","store":"file"},
		"c":{"base_url":"https://c.example","store":"keyring"}}}`)
	list, err := m.List(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 3 {
		t.Fatalf("list = %+v", list)
	}
	for _, st := range list[:2] {
		if !st.Present || st.MaskedKey != api.MaskKey(canaryKey) || st.MaskedKey == canaryKey {
			t.Errorf("%s: %+v", st.Name, st)
		}
	}
	if list[2].Present || list[2].Problem != "" {
		t.Errorf("c should be plainly missing: %+v", list[2])
	}
	ks.FailWith(&KeyringError{Reason: ReasonTimeout, Detail: "timed out after 3s"})
	ks2 := newTestManager(t, nil, ks)
	writeProfiles(t, ks2, `{"profiles":{"a":{"base_url":"https://a.example","store":"keyring"}}}`)
	list, _ = ks2.List(ctx)
	if list[0].Present || list[0].Problem != "keyring: timed out after 3s" {
		t.Errorf("unknown state should carry the reason: %+v", list[0])
	}
}
