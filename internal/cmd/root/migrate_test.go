package root

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stratop/stratop/history"
	"github.com/stratop/stratop/integration"
	"github.com/stratop/stratop/watch"
)

// A machine with the old layout (state keyed by profile name): two profiles
// naming one integration, and the environment naming another host. The
// first command of each profile moves its files once, saying so on stderr
// in one line; nothing is lost; the profiles share the state after; the
// environment's integration takes nothing of the profile's.
func TestOldStateMovesOnceIntoTheProfilesIntegration(t *testing.T) {
	e := newCLIEnv(t)
	saveFileProfile(t, "prod", e.srv.URL)
	saveFileProfile(t, "eu", e.srv.URL)
	t.Setenv("STRATOP_API_KEY", "")
	t.Setenv("STRATOP_API_SECRET", "")
	t.Setenv("STRATOP_BASE_URL", "")
	root := filepath.Join(e.state, "stratop")
	writeOld := func(name, data string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(filepath.Join(root, name)), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, name), []byte(data), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	h := history.New()
	h.Add(history.Sample{Time: time.Now().Add(-10 * time.Minute), Counts: map[string]int{"active": 999}, Users: -1})
	if err := history.Save(filepath.Join(root, "history-prod.json"), h); err != nil {
		t.Fatal(err)
	}
	writeOld("watches.json", `{"prod":{"strategies":[1]},"eu":{"strategies":[2],"users":["u9"]},"staging":{"users":["s1"]}}`)
	writeOld("prod/alerts.json", `{"open":[]}`)
	writeOld("history-staging.json", "staging's")

	dir := e.integrationDir()
	out, errOut, code := e.run("", "stats", "--profile", "prod", "--history", "24h", "-o", "json")
	if code != 0 || strings.Count(errOut, "moved profile prod's state") != 1 || strings.Count(errOut, "\n") != 1 {
		t.Fatalf("first start of prod: exit %d, stderr %q", code, errOut)
	}
	if !strings.Contains(out, `"active": 999`) {
		t.Errorf("prod's history is not read from its integration's directory:\n%s", out)
	}
	if _, err := os.Stat(filepath.Join(dir.Alerts(), "alerts.json")); err != nil {
		t.Errorf("prod's alert state did not move: %v", err)
	}
	// Once.
	if _, errOut, code := e.run("", "stats", "--profile", "prod", "--history", "24h", "-o", "json"); code != 0 || errOut != "" {
		t.Errorf("second start of prod: exit %d, stderr %q", code, errOut)
	}
	// eu names the same integration: its watched items join prod's, and
	// it reads the history prod left.
	out, errOut, code = e.run("", "stats", "--profile", "eu", "--history", "24h", "-o", "json")
	if code != 0 || !strings.Contains(errOut, "moved profile eu's state") || !strings.Contains(out, `"active": 999`) {
		t.Fatalf("eu: exit %d, stderr %q, out %s", code, errOut, out)
	}
	w, err := watch.ReadWatchList(dir.Watched())
	if err != nil || !slices.Equal(w.Strategies, []int64{1, 2}) || !slices.Equal(w.Users, []string{"u9"}) {
		t.Errorf("the merged watched items: %+v, %v", w, err)
	}

	// The environment names another integration under the name staging:
	// it gets its own directory, and staging's old files stay.
	t.Setenv("STRATOP_BASE_URL", e.srv.URL)
	t.Setenv("STRATOP_API_KEY", "another-key")
	t.Setenv("STRATOP_API_SECRET", canarySecret)
	if _, errOut, code := e.run("", "stats", "--profile", "staging", "--history", "1h", "-o", "json"); code != 0 || strings.Contains(errOut, "moved") {
		t.Errorf("the environment's integration: exit %d, stderr %q", code, errOut)
	}
	if b, err := os.ReadFile(filepath.Join(root, "history-staging.json")); err != nil || string(b) != "staging's" {
		t.Errorf("staging's old history: %q, %v", b, err)
	}
	envID, _ := integration.New(e.srv.URL, "another-key")
	if _, err := os.Stat(integration.DirOf(root, envID).History()); !os.IsNotExist(err) {
		t.Errorf("the environment's integration has a history: %v", err)
	}
}
