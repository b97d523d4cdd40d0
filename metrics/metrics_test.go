package metrics

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/stratop/stratop/alert"
	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/watch"
)

var now = time.Date(2026, 3, 2, 8, 0, 0, 0, time.UTC)

func sources(lastGood time.Time) Sources {
	return Sources{
		Watch: func() watch.Stats {
			return watch.Stats{Reads: 42, Errors: 2, Bytes: 1234, Budget: 300, BudgetUse: 0.25, LastGood: lastGood,
				Connected: true, Users: 7, ByStatus: map[string]int{"active": 5, "paused": 2},
				ByType: map[string]int{"dca": 6}, ByCategory: map[string]int{"grid": 6}, ByChain: map[int]int{4663: 6},
				Events: map[watch.Kind]int64{watch.KindStatus: 3}, Since: now.Add(-time.Hour), Backlog: 4}
		},
		Alerts: func() alert.Stats {
			return alert.Stats{Alerts: map[alert.RuleKey]int{{Rule: "halted", Severity: "urgent"}: 2},
				Deliveries: map[string]int{"pager": 2}, Failures: map[string]int{"pager": 1},
				Dropped: map[string]int{"pager": 0}, Outbox: map[string]int{"pager": 0}, Dead: false}
		},
		Identity: func() Identity { return Identity{Integration: "https://h:443#abc", Profile: "prod"} },
	}
}

func get(t *testing.T, h http.Handler, path, token string) (int, string) {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, path, nil)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	b, _ := io.ReadAll(rec.Body)
	return rec.Code, string(b)
}

func TestMetricsFromSnapshots(t *testing.T) {
	lat := NewLatency()
	lat.Observe(api.Attempt{Duration: 30 * time.Millisecond})
	lat.Observe(api.Attempt{Duration: 2 * time.Second})
	h := Handler(Options{Sources: sources(now.Add(-5 * time.Second)), Latency: lat, Now: func() time.Time { return now }})
	code, body := get(t, h, "/metrics", "")
	if code != 200 {
		t.Fatalf("code %d", code)
	}
	for _, want := range []string{
		`stratop_strategies{status="active"} 5`, `stratop_strategies{status="paused"} 2`,
		`stratop_strategies_by_type{type="dca"} 6`, `stratop_strategies_by_chain{chain="4663"} 6`,
		`stratop_users 7`, `stratop_watch_reads_total 42`, `stratop_watch_read_errors_total 2`,
		`stratop_watch_response_bytes_total 1234`, `stratop_watch_budget_use_ratio 0.25`,
		`stratop_watch_last_good_read_timestamp_seconds 1.772438395e+09`,
		`stratop_events_total{kind="strategy.status"} 3`, `stratop_events_total{kind="connection.lost"} 0`,
		`stratop_watch_backlog 4`, `stratop_serve_info{integration="https://h:443#abc",profile="prod"} 1`,
		`stratop_alerts_total{rule="halted",severity="urgent"} 2`, `stratop_sink_deliveries_total{sink="pager"} 2`,
		`stratop_sink_failures_total{sink="pager"} 1`, `stratop_outbox_depth{sink="pager"} 0`, `stratop_heartbeat_dead 0`,
		`stratop_watch_read_latency_seconds_bucket{le="0.05"} 1`, `stratop_watch_read_latency_seconds_count 2`,
	} {
		if !strings.Contains(body, want+"\n") {
			t.Errorf("no %q in the scrape", want)
		}
	}
	if path, err := exec.LookPath("promtool"); err == nil {
		cmd := exec.Command(path, "check", "metrics")
		cmd.Stdin = strings.NewReader(body)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("promtool check metrics: %v\n%s", err, out)
		}
	} else if os.Getenv("STRATOP_TEST_PROMTOOL") == "1" {
		t.Fatal("STRATOP_TEST_PROMTOOL is set and promtool is not on PATH")
	}
}

func TestHealthz(t *testing.T) {
	for _, tc := range []struct {
		last time.Time
		code int
		want string
	}{
		{now.Add(-14 * time.Second), 200, "ok: last good read 14s ago"},
		{now.Add(-16 * time.Second), 503, "unhealthy: last good read 16s ago (limit 15s)"},
		{time.Time{}, 503, "unhealthy: started, no good read yet 1m0s ago (limit 15s)"},
	} {
		src := sources(tc.last)
		if tc.last.IsZero() {
			w := src.Watch
			src.Watch = func() watch.Stats { s := w(); s.Since = now.Add(-time.Minute); return s }
		}
		h := Handler(Options{Sources: src, Interval: 5 * time.Second, Healthy: 3, Now: func() time.Time { return now }})
		code, body := get(t, h, "/healthz", "")
		if code != tc.code || strings.TrimSpace(body) != tc.want {
			t.Errorf("got %d %q, want %d %q", code, body, tc.code, tc.want)
		}
	}
}

func TestBearerTokenBeyondLoopback(t *testing.T) {
	if err := CheckListen("127.0.0.1:9464", ""); err != nil {
		t.Error(err)
	}
	if err := CheckListen("[::1]:9464", ""); err != nil {
		t.Error(err)
	}
	if err := CheckListen("0.0.0.0:9464", ""); err != ErrTokenNeeded {
		t.Errorf("0.0.0.0 without a token: %v", err)
	}
	if err := CheckListen("0.0.0.0:9464", "tok"); err != nil {
		t.Error(err)
	}
	h := Handler(Options{Sources: sources(now), Token: "tok", Now: func() time.Time { return now }})
	if code, _ := get(t, h, "/metrics", ""); code != 401 {
		t.Errorf("no token: %d", code)
	}
	if code, _ := get(t, h, "/metrics", "wrong"); code != 401 {
		t.Errorf("wrong token: %d", code)
	}
	if code, _ := get(t, h, "/metrics", "tok"); code != 200 {
		t.Errorf("right token: %d", code)
	}
}

// The budget ratio stays within 0 to 1 as its help says, though the
// engine's window may count past the budget for a moment.
func TestBudgetRatioBounded(t *testing.T) {
	src := sources(now)
	w := src.Watch
	src.Watch = func() watch.Stats { s := w(); s.BudgetUse = 1.047; return s }
	_, body := get(t, Handler(Options{Sources: src, Now: func() time.Time { return now }}), "/metrics", "")
	if !strings.Contains(body, "stratop_watch_budget_use_ratio 1\n") {
		t.Errorf("ratio 1.047 served as:\n%s", grepLine(body, "budget_use_ratio"))
	}
}

func grepLine(body, s string) string {
	for _, l := range strings.Split(body, "\n") {
		if strings.Contains(l, s) && !strings.HasPrefix(l, "#") {
			return l
		}
	}
	return ""
}
