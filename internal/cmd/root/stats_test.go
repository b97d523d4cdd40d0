package root

import (
	"encoding/csv"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/stratop/stratop/history"
)

// TestStatsHistoryPrintsTheKeptHistory writes a history file for an integration
// and reads it back through `stats --history` in every format, with no
// request to the interface.
func TestStatsHistoryPrintsTheKeptHistory(t *testing.T) {
	e := newCLIEnv(t)
	now := time.Now()
	h := history.New()
	start := now.Add(-3 * time.Hour)
	for at := start; at.Before(now); at = at.Add(30 * time.Second) {
		n := int(at.Sub(start) / time.Minute)
		h.Add(history.Sample{Time: at, Counts: map[string]int{"active": 100 + n, "paused": 3}, Users: 40, Latency: 25 * time.Millisecond})
	}
	if err := history.Save(e.integrationDir().History(), h); err != nil {
		t.Fatal(err)
	}
	before := e.requestCount()

	var doc struct {
		Profile string     `json:"profile"`
		Since   *time.Time `json:"since"`
		Step    string     `json:"step"`
		Points  []struct {
			Time      time.Time `json:"time"`
			Active    *float64  `json:"active"`
			Suspended *float64  `json:"suspended"`
		} `json:"points"`
	}
	out := e.ok("stats", "--profile", "ops", "--history", "24h", "-o", "json")
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if doc.Profile != "ops" || doc.Step != "1m0s" || doc.Since == nil || !doc.Since.Equal(start.Truncate(time.Second)) && doc.Since.Sub(start).Abs() > time.Second {
		t.Errorf("profile %q step %q since %v", doc.Profile, doc.Step, doc.Since)
	}
	if len(doc.Points) < 170 || len(doc.Points) > 181 {
		t.Fatalf("3 h at 1 min: %d points", len(doc.Points))
	}
	last := doc.Points[len(doc.Points)-1]
	if last.Active == nil || *last.Active < 275 || last.Suspended != nil {
		t.Errorf("newest point: active %v suspended %v (never read: null)", last.Active, last.Suspended)
	}

	rows, err := csv.NewReader(strings.NewReader(e.ok("stats", "--profile", "ops", "--history", "1h", "-o", "csv"))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(rows[0], ",") != "time,active,suspended,paused,completed,users,latency_ms,errors" {
		t.Errorf("csv head %v", rows[0])
	}
	if len(rows) < 100 || rows[len(rows)-1][3] != "3" || rows[len(rows)-1][2] != "" || rows[len(rows)-1][6] != "25" {
		t.Errorf("csv of an hour at 10 s: %d rows, last %v", len(rows), rows[len(rows)-1])
	}

	chart := e.ok("stats", "--profile", "ops", "--history", "7d", "-o", "chart", "--charts", "ascii", "--width", "50")
	if !strings.Contains(chart, "(since ") || !strings.Contains(chart, "paused  3  +0 over 7d") {
		t.Errorf("chart lacks the since label or the paused level:\n%s", chart)
	}
	for _, l := range strings.Split(strings.TrimRight(chart, "\n"), "\n") {
		if w := ansi.StringWidth(l); w > 50 {
			t.Errorf("a chart line is %d wide: %q", w, l)
		}
		for _, c := range l {
			if c > 0x7e {
				t.Fatalf("ascii chart holds %q", c)
			}
		}
	}
	if !strings.Contains(chart, "#") {
		t.Errorf("the ascii chart draws nothing:\n%s", chart)
	}
	if e.requestCount() != before {
		t.Errorf("stats --history sent %d requests", e.requestCount()-before)
	}
	for _, bad := range [][]string{{"--history", "8d"}, {"--history", "soon"}, {"--history", "1h", "-o", "table"}, {"--history", "1h", "--charts", "dots"}} {
		if _, _, code := e.run("", append([]string{"stats"}, bad...)...); code != 2 {
			t.Errorf("stats %v: exit %d, want 2", bad, code)
		}
	}
	// An integration with no history yet (another key on the host) is an
	// empty history, not an error.
	t.Setenv("STRATOP_API_KEY", "another-key")
	if out := e.ok("stats", "--history", "1h", "-o", "json"); !strings.Contains(out, `"since": null`) {
		t.Errorf("no history: %s", out)
	}
}
