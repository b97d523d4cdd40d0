package integration

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func mustNew(t *testing.T, base, key string) ID {
	t.Helper()
	id, err := New(base, key)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// What makes two integrations one: scheme, host and port (the default port
// filled in, case folded, any path ignored) and the key; nothing else.
func TestIdentity(t *testing.T) {
	same := [][2]string{
		{"https://api.example.com", "https://API.example.com:443/"},
		{"https://api.example.com/partner", "https://api.example.com:443"},
		{"http://127.0.0.1", "http://127.0.0.1:80"},
	}
	for _, p := range same {
		if a, b := mustNew(t, p[0], "k1"), mustNew(t, p[1], "k1"); a != b {
			t.Errorf("%s and %s: %v != %v", p[0], p[1], a, b)
		}
	}
	differ := [][4]string{
		{"https://a.example", "k1", "https://b.example", "k1"},
		{"https://a.example", "k1", "https://a.example:8443", "k1"},
		{"https://a.example", "k1", "http://a.example:443", "k1"},
		{"https://a.example", "k1", "https://a.example", "k2"},
	}
	for _, p := range differ {
		a, b := mustNew(t, p[0], p[1]), mustNew(t, p[2], p[3])
		if a == b || a.DirName() == b.DirName() || a.String() == b.String() {
			t.Errorf("%s %s and %s %s are one: %v, dirs %s %s", p[0], p[1], p[2], p[3], a, a.DirName(), b.DirName())
		}
	}
}

// The key never appears in anything written from an ID.
func TestTheKeyIsOnlyHashed(t *testing.T) {
	key := "pk_live_SECRETISH_KEY_ID"
	id := mustNew(t, "https://h.example", key)
	for _, s := range []string{id.String(), id.Label(), id.DirName(), DirOf("/s", id).Path} {
		if strings.Contains(s, key) || strings.Contains(s, "SECRETISH") {
			t.Errorf("%q holds the key", s)
		}
	}
	if len(id.KeyHash) != KeyHashLen {
		t.Errorf("hash %q", id.KeyHash)
	}
	if none := mustNew(t, "https://h.example", ""); none.KeyHash != noKey {
		t.Errorf("no key hashes to %q", none.KeyHash)
	}
}

func TestParseInvertsString(t *testing.T) {
	for _, base := range []string{"https://h.example", "http://[::1]:8787", "http://127.0.0.1:9"} {
		for _, key := range []string{"k", ""} {
			id := mustNew(t, base, key)
			back, err := Parse(id.String())
			if err != nil || back != id {
				t.Errorf("Parse(%q) = %v, %v; want %v", id.String(), back, err, id)
			}
		}
	}
	for _, bad := range []string{"", "https://h", "https://h#xyz", "ftp://h#0123456789ab", "#0123456789ab"} {
		if _, err := Parse(bad); !errors.Is(err, ErrNotAnID) {
			t.Errorf("Parse(%q): %v", bad, err)
		}
	}
}

func TestNewRefusesWhatNamesNoIntegration(t *testing.T) {
	for _, bad := range []string{"", "api.example.com", "ftp://h", "https://", "://x"} {
		_, err := New(bad, "k")
		var ue *URLError
		if !errors.As(err, &ue) {
			t.Errorf("New(%q): %v", bad, err)
		}
	}
}

// The directory is readable, private, and stays inside the state root
// whatever the host is called.
func TestOpenMakesAPrivateDirectoryInsideTheRoot(t *testing.T) {
	root := t.TempDir()
	id := mustNew(t, "http://[::1]:8787", "k")
	d, err := Open(root, id)
	if err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(d.Path)
	if err != nil || fi.Mode().Perm() != 0o700 {
		t.Fatalf("%s: %v %v", d.Path, fi, err)
	}
	if filepath.Dir(d.Path) != filepath.Join(root, DirsName) {
		t.Errorf("%s is not directly under %s", d.Path, filepath.Join(root, DirsName))
	}
	if want := "http___1_8787-" + id.KeyHash; filepath.Base(d.Path) != want {
		t.Errorf("name %q, want %q", filepath.Base(d.Path), want)
	}
	if https := mustNew(t, "https://Api.Example.com", "k"); !strings.HasPrefix(https.DirName(), "api.example.com_443-") {
		t.Errorf("name %q", https.DirName())
	}
}
