package testkit

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/api/sandbox"
)

// readPOSTs are the interface's routes that read although they are POSTs.
var readPOSTs = []string{
	"/strategies/getDashBoardStats", "/strategies/getStrategies", "/strategies/getFilteredStrategies",
	"/getClientPools", "/getUserPools", "/getTokenBalance",
}

// Sandbox is the sandbox on loopback (no simulation ticks: data changes
// only when a request changes it) that keeps every request that could
// change state, so a test says what arrived, not what the code meant to
// send.
type Sandbox struct {
	SB     *sandbox.Sandbox
	URL    string
	Client *api.Client
	mu     sync.Mutex
	writes []string
}

// NewSandbox starts one; opts come after WithTick(0).
func NewSandbox(t testing.TB, opts ...sandbox.Option) *Sandbox {
	t.Helper()
	s := &Sandbox{SB: sandbox.New(append([]sandbox.Option{sandbox.WithTick(0)}, opts...)...)}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && !isReadPOST(r.URL.Path) {
			s.mu.Lock()
			s.writes = append(s.writes, r.Method+" "+r.URL.Path)
			s.mu.Unlock()
		}
		s.SB.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(s.SB.Close)
	s.URL = srv.URL
	c, err := api.New(srv.URL, api.WithCredentials(api.Credentials{Key: sandbox.DemoKey, Secret: sandbox.DemoSecret}), api.WithRetries(0))
	if err != nil {
		t.Fatal(err)
	}
	s.Client = c
	return s
}

// Writes are the requests that arrived and could change state, in order.
func (s *Sandbox) Writes() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.writes...)
}

func isReadPOST(path string) bool {
	for _, p := range readPOSTs {
		if strings.HasSuffix(path, p) {
			return true
		}
	}
	return false
}
