package cli

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stratop/stratop/audit"
)

// An action whose sender still runs and waits reads "in flight", never
// "outcome unknown"; once its sender is gone, or its deadline passed, with
// no outcome line, the outcome is unknown. The same rule as the
// dashboard's Activity (audit.Record.InFlight).
func TestAuditSaysInFlightUntilNoOutcomeIsComing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	now := time.Now()
	sender, err := audit.Open(path, "default", "h.example")
	if err != nil {
		t.Fatal(err)
	}
	if err := sender.Write(audit.Entry{Seq: "waiting", Action: "suspend", StrategyIDs: []int64{7}, Deadline: now.Add(time.Minute)}); err != nil {
		t.Fatal(err)
	}
	if err := sender.Write(audit.Entry{Seq: "late", Action: "resume", StrategyIDs: []int64{8}, Deadline: now.Add(-time.Second)}); err != nil {
		t.Fatal(err)
	}
	table := func() string {
		t.Helper()
		var out bytes.Buffer
		if err := Audit(IO{Out: &out}, path, Table, 0, now); err != nil {
			t.Fatal(err)
		}
		return out.String()
	}
	line := func(v, what string) string {
		for _, l := range strings.Split(v, "\n") {
			if strings.Contains(l, what) {
				return l
			}
		}
		t.Fatalf("no %s line:\n%s", what, v)
		return ""
	}
	v := table()
	if l := line(v, "suspend"); !strings.Contains(l, "in flight") || strings.Contains(l, "unknown") {
		t.Errorf("a waiting action: %q", l)
	}
	if l := line(v, "resume"); !strings.Contains(l, "outcome unknown (no outcome recorded by its deadline)") {
		t.Errorf("an action past its deadline: %q", l)
	}

	var out bytes.Buffer
	if err := Audit(IO{Out: &out}, path, JSON, 0, now); err != nil {
		t.Fatal(err)
	}
	var got []struct {
		Seq      string `json:"seq"`
		Outcome  string `json:"outcome"`
		Pending  bool   `json:"pending"`
		InFlight bool   `json:"inFlight"`
	}
	if err := json.Unmarshal(out.Bytes(), &got); err != nil || len(got) != 2 {
		t.Fatalf("-o json: %v\n%s", err, out.String())
	}
	for _, r := range got {
		switch r.Seq {
		case "waiting":
			if !r.InFlight || r.Outcome != "" || !r.Pending {
				t.Errorf("waiting as JSON: %+v", r)
			}
		case "late":
			if r.InFlight || r.Outcome != "unknown" {
				t.Errorf("late as JSON: %+v", r)
			}
		}
	}

	_ = sender.Close() // the sender ends without recording an outcome
	if l := line(table(), "suspend"); !strings.Contains(l, "outcome unknown (no outcome recorded: its sender ended)") {
		t.Errorf("an action whose sender is gone: %q", l)
	}
}
