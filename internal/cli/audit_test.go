package cli

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stratop/stratop/audit"
	"github.com/stratop/stratop/integration"
)

// Two integrations on one host under one profile name: the table names each
// action's integration, and a filter keeps one integration's actions only.
func TestAuditNamesAndFiltersTheIntegration(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	ids := map[string]integration.ID{}
	for _, key := range []string{"key-eu", "key-us"} {
		id, err := integration.New("https://h.example", key)
		if err != nil {
			t.Fatal(err)
		}
		ids[key] = id
		l, err := audit.Open(path, "default", "h.example", audit.ForIntegration(id))
		if err != nil {
			t.Fatal(err)
		}
		if err := l.Write(audit.Entry{Seq: key, Action: "suspend", StrategyIDs: []int64{298}, Outcome: audit.OutcomeDone}); err != nil {
			t.Fatal(err)
		}
		_ = l.Close()
	}
	eu, us := ids["key-eu"], ids["key-us"]

	var out bytes.Buffer
	if err := Audit(IO{Out: &out}, path, Table, 0, time.Now()); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "INTEGRATION") || !strings.Contains(out.String(), eu.Label()) || !strings.Contains(out.String(), us.Label()) {
		t.Fatalf("the table does not name both integrations:\n%s", out.String())
	}

	f, err := audit.ParseFilter(eu.String())
	if err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if err := Audit(IO{Out: &out}, path, Table, 0, time.Now(), f); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), eu.Label()) || strings.Contains(out.String(), us.KeyHash) {
		t.Errorf("filtered to %s, the table shows:\n%s", eu.Label(), out.String())
	}
}
