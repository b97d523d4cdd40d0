package keys

import (
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/stratop/stratop/internal/testkit"
)

func TestNormalizeBaseURL(t *testing.T) {
	ok := map[string]string{
		"https://API.Example.com/":          "https://api.example.com",
		"https://api.example.com/api/v1":    "https://api.example.com",
		"https://api.example.com/x/api/v1/": "https://api.example.com/x",
		"http://localhost:8787":             "http://localhost:8787",
		"http://127.0.0.1:8787/":            "http://127.0.0.1:8787",
		"http://127.9.9.9":                  "http://127.9.9.9",
		"http://[::1]:8080":                 "http://[::1]:8080",
		" https://h.example ":               "https://h.example",
	}
	for in, want := range ok {
		got, err := NormalizeBaseURL(in)
		if err != nil || got != want {
			t.Errorf("NormalizeBaseURL(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	bad := map[string]string{
		"":                                "empty",
		"api.example.com":                 "must start with https://",
		"ftp://api.example.com":           "must start with https://",
		"http://api.example.com":          "clear text",
		"http://10.0.0.1":                 "clear text",
		"http://localhost.evil.com":       "clear text",
		"https://user:pw@api.example.com": "user name or password",
		"https://api.example.com/?a=1":    "query or fragment",
		"https://api.example.com/#f":      "query or fragment",
		"https://":                        "no host",
		"https://h\x1b[2J":                "not a valid URL",
	}
	for in, want := range bad {
		_, err := NormalizeBaseURL(in)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("NormalizeBaseURL(%q) error = %v; want %q", in, err, want)
		}
		if err != nil && strings.Contains(err.Error(), "pw@") {
			t.Errorf("error quotes user info: %v", err)
		}
	}
}

func TestProfilesRoundTripAndPermissions(t *testing.T) {
	m := newTestManager(t, nil, NewMemStore())
	p, err := m.LoadProfiles()
	if err != nil || len(p.Names()) != 0 {
		t.Fatalf("missing file should load as empty: %v %v", p.Names(), err)
	}
	if err := p.Set("prod", Profile{BaseURL: "https://api.example.com/", Store: StoreKeyring}); err != nil {
		t.Fatal(err)
	}
	if err := p.Set("lab", Profile{BaseURL: "http://127.0.0.1:8787", Store: StoreFile}); err != nil {
		t.Fatal(err)
	}
	if err := p.Save(); err != nil {
		t.Fatal(err)
	}
	again, err := m.LoadProfiles()
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(again.Names(), ","); got != "lab,prod" {
		t.Errorf("names = %s", got)
	}
	if prod, _ := again.Get("prod"); prod.BaseURL != "https://api.example.com" || prod.Store != StoreKeyring {
		t.Errorf("prod = %+v", prod)
	}
	if runtime.GOOS == "windows" {
		return
	}
	testkit.AssertMode(t, m.ProfilesPath(), 0o600)
	testkit.AssertMode(t, m.Dir(), 0o700)
}

func TestProfilesSaveTightensALooseDirectory(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no Unix permissions")
	}
	m := newTestManager(t, nil, NewMemStore())
	if err := os.MkdirAll(m.Dir(), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(m.Dir(), 0o755); err != nil {
		t.Fatal(err)
	}
	p, _ := m.LoadProfiles()
	_ = p.Set("a", Profile{BaseURL: "https://h.example", Store: StoreKeyring})
	if err := p.Save(); err != nil {
		t.Fatal(err)
	}
	testkit.AssertMode(t, m.Dir(), 0o700)
}

func TestProfilesFileRejectsBadEntries(t *testing.T) {
	cases := map[string]string{
		`{`: "not valid JSON",
		`{"profiles":{"p":{"base_url":"http://api.example.com","store":"keyring"}}}`: "clear text",
		`{"profiles":{"p":{"base_url":"https://h.example","store":"vault"}}}`:        "unknown credential store",
		`{"profiles":{"../p":{"base_url":"https://h.example","store":"file"}}}`:      "invalid profile name",
	}
	for body, want := range cases {
		m := newTestManager(t, nil, NewMemStore())
		writeProfiles(t, m, body)
		_, err := m.LoadProfiles()
		if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), m.ProfilesPath()) {
			t.Errorf("LoadProfiles(%s) = %v; want an error naming the file and %q", body, err, want)
		}
	}
}

func TestProfilesFileNeverHoldsASecret(t *testing.T) {
	m := newTestManager(t, nil, NewMemStore())
	if _, err := m.Save(t.Context(), "p", Profile{BaseURL: "https://h.example", Store: StoreKeyring}, canary); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(m.ProfilesPath())
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(b), canarySecret) || strings.Contains(string(b), canaryKey) {
		t.Errorf("profiles.json holds credentials: %s", b)
	}
}
