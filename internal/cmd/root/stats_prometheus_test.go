package root

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stratop/stratop/history"
)

// With [team] prometheus set, `stats --history` draws the series a
// Prometheus holds (range queries limited to the integration's serves),
// not the local file, and says so on stderr; with that Prometheus gone it
// says so and prints the local history. No request reaches the
// interface either way.
func TestStatsHistoryFromPrometheus(t *testing.T) {
	e := newCLIEnv(t)
	now := time.Now()
	local := history.New()
	for at := now.Add(-30 * time.Minute); at.Before(now); at = at.Add(10 * time.Second) {
		local.Add(history.Sample{Time: at, Counts: map[string]int{"active": 100, "paused": 3}, Users: 40})
	}
	if err := history.Save(e.integrationDir().History(), local); err != nil {
		t.Fatal(err)
	}

	var mu sync.Mutex
	var queries []string
	t0 := now.Add(-20 * time.Minute).Unix()
	prom := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/v1/query_range" {
			http.NotFound(w, r)
			return
		}
		q := r.FormValue("query")
		mu.Lock()
		queries = append(queries, q)
		mu.Unlock()
		var result string
		switch {
		case strings.HasPrefix(q, "max by (status) (stratop_strategies"):
			result = fmt.Sprintf(`{"metric":{"status":"active"},"values":[[%d,"40"],[%d,"38"],[%d,"37"]]},`+
				`{"metric":{"status":"paused"},"values":[[%d,"2"],[%d,"4"],[%d,"5"]]}`, t0, t0+600, t0+1140, t0, t0+600, t0+1140)
		case strings.HasPrefix(q, "max(stratop_users"):
			result = fmt.Sprintf(`{"metric":{},"values":[[%d,"9"],[%d,"10"],[%d,"11"]]}`, t0, t0+600, t0+1140)
		}
		fmt.Fprintf(w, `{"status":"success","data":{"resultType":"matrix","result":[%s]}}`, result)
	}))
	t.Cleanup(prom.Close)
	writeSettings(t, "[team]\nprometheus = \""+prom.URL+"\"\n")
	before := e.requestCount()

	type point struct {
		Active *float64 `json:"active"`
		Paused *float64 `json:"paused"`
		Users  *float64 `json:"users"`
	}
	newest := func(out string) point {
		t.Helper()
		var doc struct {
			Points []point `json:"points"`
		}
		if err := json.Unmarshal([]byte(out), &doc); err != nil {
			t.Fatalf("not JSON: %v\n%s", err, out)
		}
		for i := len(doc.Points) - 1; i >= 0; i-- {
			if doc.Points[i].Active != nil {
				return doc.Points[i]
			}
		}
		t.Fatalf("no point with a count:\n%s", out)
		return point{}
	}

	out, errOut, code := e.run("", "stats", "--history", "1h", "-o", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if p := newest(out); *p.Active != 37 || p.Paused == nil || *p.Paused != 5 || p.Users == nil || *p.Users != 11 {
		t.Fatalf("newest point active %v paused %v users %v: want Prometheus's 37, 5, 11\n%s", *p.Active, p.Paused, p.Users, out)
	}
	if !strings.Contains(errOut, "trends from Prometheus "+prom.URL) {
		t.Errorf("stderr does not say where the trends come from: %q", errOut)
	}
	mu.Lock()
	if len(queries) == 0 {
		t.Fatal("no range query reached Prometheus")
	}
	for _, q := range queries {
		if !strings.Contains(q, `stratop_serve_info{integration="`+e.srv.URL) {
			t.Errorf("a query not limited to the integration: %s", q)
		}
	}
	mu.Unlock()

	prom.Close()
	out, errOut, code = e.run("", "stats", "--history", "1h", "-o", "json")
	if code != 0 {
		t.Fatalf("Prometheus gone: exit %d: %s", code, errOut)
	}
	if p := newest(out); *p.Active != 100 {
		t.Fatalf("Prometheus gone: newest active %v, want the local file's 100", *p.Active)
	}
	if !strings.Contains(errOut, "the local history instead") || !strings.Contains(errOut, "prometheus") {
		t.Errorf("Prometheus gone and stderr does not say so: %q", errOut)
	}
	if n := e.requestCount() - before; n != 0 {
		t.Errorf("stats --history sent %d requests to the interface", n)
	}
}
