package integration

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// writeFile writes a test file, creating its directory.
func writeFile(t *testing.T, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o600); err != nil {
		t.Fatal(err)
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return string(b)
}

// listMerger is the watch package's merge, as the context wires it.
func listMerger(t *testing.T) WatchListMerger {
	return func(path string, strategies []int64, users []string) error {
		var cur struct {
			Strategies []int64  `json:"strategies"`
			Users      []string `json:"users"`
		}
		if b, err := os.ReadFile(path); err == nil {
			if err := json.Unmarshal(b, &cur); err != nil {
				t.Fatal(err)
			}
		}
		cur.Strategies = slices.Compact(slices.Sorted(slices.Values(append(cur.Strategies, strategies...))))
		cur.Users = slices.Compact(slices.Sorted(slices.Values(append(cur.Users, users...))))
		b, _ := json.Marshal(cur)
		return os.WriteFile(path, b, 0o600)
	}
}

func cursor(host, scope string) string {
	return `{"version":1,"host":"` + host + `","scope":"` + scope + `","rows":[]}`
}

// The old layout, keyed by profile: prod and eu name one integration,
// staging another; "a" and "a-b" are two profiles whose old cursor names
// share a prefix; default once watched another host (the environment's)
// under its name. Each profile's files move once into its integration's
// directory and nothing is lost.
func TestMigrateMovesOnceAndLosesNothing(t *testing.T) {
	root := t.TempDir()
	shared := mustNew(t, "https://api.example.com", "key-1")
	staging := mustNew(t, "https://staging.example.com:8443", "key-2")
	ab := mustNew(t, "https://ab.example.com", "key-3")

	writeFile(t, filepath.Join(root, "history-prod.json"), `{"history":"prod"}`)
	writeFile(t, filepath.Join(root, "history-eu.json"), `{"history":"eu"}`)
	writeFile(t, filepath.Join(root, "history-staging.json"), `{"history":"staging"}`)
	writeFile(t, filepath.Join(root, "watch", "prod-integration.json"), cursor("api.example.com", "integration"))
	writeFile(t, filepath.Join(root, "watch", "prod-users-1x2y.json"), cursor("api.example.com:443", "users-1x2y"))
	writeFile(t, filepath.Join(root, "watch", "eu-integration.json"), cursor("api.example.com", "integration"))
	writeFile(t, filepath.Join(root, "watch", "default-integration.json"), cursor("elsewhere.example.com", "integration"))
	writeFile(t, filepath.Join(root, "watch", "a-b-integration.json"), cursor("ab.example.com", "integration"))
	writeFile(t, filepath.Join(root, "prod", "alerts.json"), `{"open":"prod"}`)
	writeFile(t, filepath.Join(root, "prod", "sink-pager", "000000000001.json"), `{"msg":"undelivered"}`)
	writeFile(t, filepath.Join(root, "prod", "watch", "prod-integration.json"), cursor("api.example.com", "integration"))
	writeFile(t, filepath.Join(root, "eu", "alerts.json"), `{"open":"eu"}`)
	writeFile(t, filepath.Join(root, "watches.json"), `{"prod":{"strategies":[3,1]},"eu":{"strategies":[2],"users":["u9"]},"staging":{"users":["s1"]}}`)
	writeFile(t, filepath.Join(root, "audit.jsonl"), "{}\n")

	prod, err := Migrate(root, "prod", shared, listMerger(t))
	if err != nil || !prod.Done() {
		t.Fatalf("prod: %+v %v", prod, err)
	}
	d := DirOf(root, shared)
	if got := readFile(t, d.History()); got != `{"history":"prod"}` {
		t.Errorf("history %s", got)
	}
	if got := readFile(t, filepath.Join(d.Cursors(), "integration.json")); !strings.Contains(got, "api.example.com") {
		t.Errorf("cursor %s", got)
	}
	readFile(t, filepath.Join(d.Cursors(), "users-1x2y.json"))
	readFile(t, filepath.Join(d.Alerts(), "alerts.json"))
	if got := readFile(t, filepath.Join(d.Alerts(), "sink-pager", "000000000001.json")); got != `{"msg":"undelivered"}` {
		t.Errorf("outbox %s", got)
	}
	readFile(t, filepath.Join(d.ServeCursors(), "integration.json"))
	if !strings.Contains(prod.String(), "moved profile prod's state") || !strings.Contains(prod.String(), d.Path) {
		t.Errorf("the line says %q", prod.String())
	}

	// Once: a second start moves nothing and says nothing.
	if again, err := Migrate(root, "prod", shared, listMerger(t)); err != nil || again.Done() || again.String() != "" {
		t.Fatalf("again: %+v %v", again, err)
	}

	// eu names the same integration: its watched items merge, its other
	// files are kept beside, whole.
	eu, err := Migrate(root, "eu", shared, listMerger(t))
	if err != nil || !eu.Done() || len(eu.Beside) != 3 {
		t.Fatalf("eu: %+v %v", eu, err)
	}
	if got := readFile(t, filepath.Join(d.Path, "history-from-eu.json")); got != `{"history":"eu"}` {
		t.Errorf("eu's history %s", got)
	}
	readFile(t, filepath.Join(d.Cursors(), "integration-from-eu.json"))
	if got := readFile(t, filepath.Join(d.Path, "alert-from-eu", "alerts.json")); got != `{"open":"eu"}` {
		t.Errorf("eu's alerts %s", got)
	}
	if got := readFile(t, d.Watched()); got != `{"strategies":[1,2,3],"users":["u9"]}` {
		t.Errorf("merged watches %s", got)
	}

	// staging: another integration, another directory.
	if st, err := Migrate(root, "staging", staging, listMerger(t)); err != nil || !st.Done() {
		t.Fatalf("staging: %+v %v", st, err)
	}
	if got := readFile(t, DirOf(root, staging).History()); got != `{"history":"staging"}` {
		t.Errorf("staging's history %s", got)
	}
	// The old watches file is gone once every profile in it moved.
	if _, err := os.Stat(filepath.Join(root, "watches.json")); !os.IsNotExist(err) {
		t.Errorf("watches.json: %v", err)
	}

	// "a" takes nothing of "a-b"; "a-b" takes its own.
	if a, err := Migrate(root, "a", ab, listMerger(t)); err != nil || a.Done() {
		t.Errorf("a: %+v %v", a, err)
	}
	if x, err := Migrate(root, "a-b", ab, listMerger(t)); err != nil || !x.Done() {
		t.Errorf("a-b: %+v %v", x, err)
	}

	// default's cursor was written for another host: it is not the
	// profile's integration's and stays where it was, as does the audit log.
	def := mustNew(t, "https://api.example.com", "key-1")
	if m, err := Migrate(root, "default", def, listMerger(t)); err != nil || m.Done() {
		t.Errorf("default: %+v %v", m, err)
	}
	readFile(t, filepath.Join(root, "watch", "default-integration.json"))
	readFile(t, filepath.Join(root, "audit.jsonl"))

	// Every directory made is private.
	_ = filepath.WalkDir(filepath.Join(root, DirsName), func(p string, e os.DirEntry, err error) error {
		if err == nil && e.IsDir() {
			if fi, _ := e.Info(); fi.Mode().Perm() != 0o700 {
				t.Errorf("%s: mode %v", p, fi.Mode().Perm())
			}
		}
		return nil
	})
}

// A profile name that would reach outside the state root moves nothing.
func TestMigrateRefusesAPathAsAProfile(t *testing.T) {
	root := t.TempDir()
	writeFile(t, filepath.Join(root, "x", "alerts.json"), "{}")
	for _, p := range []string{"../x", "..", "a/b"} {
		if m, err := Migrate(root, p, mustNew(t, "https://h", "k"), nil); err != nil || m.Done() {
			t.Errorf("%q: %+v %v", p, m, err)
		}
	}
}
