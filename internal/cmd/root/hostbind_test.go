package root

import (
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/internal/factory"
	"github.com/stratop/stratop/keys"
)

// loggingServer is a loopback server that keeps every request it was sent,
// headers and body, as bytes: what an address not saved for a profile
// would have learnt.
type loggingServer struct {
	srv  *httptest.Server
	mu   sync.Mutex
	seen []string
}

func newLoggingServer(t *testing.T) *loggingServer {
	l := &loggingServer{}
	l.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		dump, _ := httputil.DumpRequest(r, true)
		l.mu.Lock()
		l.seen = append(l.seen, string(dump))
		l.mu.Unlock()
		http.Error(w, `{"message":"nope"}`, http.StatusUnauthorized)
	}))
	t.Cleanup(l.srv.Close)
	return l
}

func (l *loggingServer) requests() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), l.seen...)
}

// saveFileProfile saves a file-store profile for baseURL the way
// `stratop login --store file` does (no keyring is touched).
func saveFileProfile(t *testing.T, name, baseURL string) {
	t.Helper()
	m, err := keys.New(keys.Config{Dir: filepath.Join(os.Getenv("XDG_CONFIG_HOME"), "stratop"), Keyring: keys.NewMemStore()})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.Save(t.Context(), name, keys.Profile{BaseURL: baseURL, Store: keys.StoreFile},
		api.Credentials{Key: canaryKey, Secret: canarySecret}); err != nil {
		t.Fatal(err)
	}
}

func TestCLIStoredSecretNeverReachesAnotherAddress(t *testing.T) {
	e := newCLIEnv(t)
	other := newLoggingServer(t)
	saveFileProfile(t, "prod", e.srv.URL)
	s := e.strategyWith(api.StatusActive, false)
	t.Setenv("STRATOP_API_KEY", "")
	t.Setenv("STRATOP_API_SECRET", "")
	t.Setenv("STRATOP_BASE_URL", "")

	// The profile works on its own host.
	e.ok("--profile", "prod", "strategies", "list", "-o", "json")

	commands := [][]string{
		{"strategies", "list"},
		{"strategies", "halt", id(s), "--yes"},
		{"api", "GET", "strategies"},
		{"users", "list"},
	}
	for _, args := range commands {
		_, errOut, code := e.run("", append(args, "--profile", "prod", "--base-url", other.srv.URL)...)
		if code != 2 || !strings.Contains(errOut, "saved for") || !strings.Contains(errOut, "STRATOP_API_KEY") {
			t.Errorf("%v --base-url other: exit %d, stderr %q; want 2 explaining the binding", args, code, errOut)
		}
	}
	t.Setenv("STRATOP_BASE_URL", other.srv.URL)
	for _, args := range commands {
		if _, errOut, code := e.run("", append(args, "--profile", "prod")...); code != 2 || !strings.Contains(errOut, "STRATOP_BASE_URL") {
			t.Errorf("%v with STRATOP_BASE_URL other: exit %d, stderr %q; want 2 naming the variable", args, code, errOut)
		}
	}
	if got := other.requests(); len(got) != 0 {
		t.Fatalf("the other address received %d requests:\n%s", len(got), got[0])
	}
	if e.status(s.ID) != api.StatusActive {
		t.Errorf("halted through another address")
	}

	// Credentials from the environment may go there; the stored ones still
	// never do.
	t.Setenv("STRATOP_API_KEY", "ENVKEY-for-the-other-host-000")
	t.Setenv("STRATOP_API_SECRET", "ENVSECRET-for-the-other-host-000")
	if _, _, code := e.run("", "--profile", "prod", "strategies", "list", "-o", "json"); code != 2 {
		t.Errorf("the other host's 401: exit %d, want 2", code)
	}
	got := other.requests()
	if len(got) == 0 {
		t.Fatal("environment credentials were not sent to the address they were given for")
	}
	for _, req := range got {
		if strings.Contains(req, canarySecret) || strings.Contains(req, canaryKey) {
			t.Fatalf("the stored credentials reached the other address:\n%s", req)
		}
		if !strings.Contains(req, "ENVSECRET-for-the-other-host-000") {
			t.Errorf("the request did not carry the environment's credentials:\n%s", req)
		}
	}
}

func TestDashboardTargetWearsTheProfileOnlyOnItsHost(t *testing.T) {
	e := newCLIEnv(t)
	other := newLoggingServer(t)
	saveFileProfile(t, "prod", e.srv.URL)
	t.Setenv("STRATOP_BASE_URL", "")
	resolve := func(baseURL string) (factory.Target, error) {
		f := factory.New()
		f.Globals = factory.Globals{Profile: "prod", BaseURL: baseURL}
		c, err := f.Resolve(t.Context(), factory.Dashboard)
		if err != nil {
			return factory.Target{}, err
		}
		return c.Target, nil
	}
	target, err := resolve("")
	if err != nil || !target.ProfileHost {
		t.Errorf("own host: %+v %v; want ProfileHost", target.ProfileHost, err)
	}
	target, err = resolve(other.srv.URL)
	if err != nil || target.ProfileHost || target.BaseURL != other.srv.URL {
		t.Errorf("environment credentials on another host: ProfileHost %v, %s, %v; want false", target.ProfileHost, target.BaseURL, err)
	}
}
