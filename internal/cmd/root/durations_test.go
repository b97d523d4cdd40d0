package root

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/stratop/stratop/audit"
	"github.com/stratop/stratop/internal/factory"
)

// Every duration flag of every command takes days: one written with
// pflag's own duration would refuse "2d".
func TestEveryDurationFlagTakesDays(t *testing.T) {
	n := 0
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		check := func(f *pflag.Flag) {
			if f.Value.Type() != "duration" {
				return
			}
			n++
			if err := f.Value.Set("2d"); err != nil {
				t.Errorf("%s --%s refuses 2d: %v", c.CommandPath(), f.Name, err)
			} else if got := f.Value.String(); got != "2d" && got != (48*time.Hour).String() {
				t.Errorf("%s --%s: 2d reads as %s", c.CommandPath(), f.Name, got)
			}
		}
		c.LocalFlags().VisitAll(check)
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(newRootCmd(factory.New()))
	if n < 4 {
		t.Fatalf("found %d duration flags; the walk misses commands", n)
	}
}

func TestAuditSinceTakesDays(t *testing.T) {
	e := newCLIEnv(t)
	dir := filepath.Join(e.state, "stratop")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	for i, age := range []time.Duration{3 * 24 * time.Hour, 10 * 24 * time.Hour} {
		for _, o := range []audit.Outcome{audit.OutcomeNone, audit.OutcomeDone} {
			line, _ := json.Marshal(audit.Entry{Seq: strconv.Itoa(i), Time: time.Now().Add(-age), Action: "halt", StrategyIDs: []int64{int64(i + 1)}, Outcome: o})
			log.Write(append(line, '\n'))
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "audit.jsonl"), log.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	for since, want := range map[string]int{"1d": 0, "7d": 1, "1.5d12h": 0, "14d": 2} {
		out, errOut, code := e.run("", "audit", "--since", since, "-o", "json")
		var recs []audit.Record
		if err := json.Unmarshal([]byte(out), &recs); code != 0 || err != nil || len(recs) != want {
			t.Errorf("audit --since %s: exit %d, %d records (want %d): %v %s", since, code, len(recs), want, err, errOut)
		}
	}
	if _, errOut, code := e.run("", "audit", "--since", "a week"); code != 2 || !strings.Contains(errOut, "7d") {
		t.Errorf("audit --since 'a week': exit %d, want 2 and an example: %s", code, errOut)
	}
}
