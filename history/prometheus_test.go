package history_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stratop/stratop/history"
	"github.com/stratop/stratop/metrics"
	"github.com/stratop/stratop/watch"
)

const integ = "https://partner.example:443#abcdef012345"

// A loopback server speaking the query_range API: it answers each query
// by what it names, and keeps the queries.
func fakePrometheus(t *testing.T, answer func(query string) string) (string, *[]string) {
	var mu sync.Mutex
	var queries []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/v1/query_range" {
			http.NotFound(w, r)
			return
		}
		r.ParseForm()
		q := r.Form.Get("query")
		mu.Lock()
		queries = append(queries, q)
		mu.Unlock()
		fmt.Fprintf(w, `{"status":"success","data":{"resultType":"matrix","result":[%s]}}`, answer(q))
	}))
	t.Cleanup(srv.Close)
	return srv.URL, &queries
}

func TestTrendsFromPrometheus(t *testing.T) {
	now := time.Date(2026, 3, 2, 8, 0, 0, 0, time.UTC)
	t0 := now.Add(-20 * time.Minute).Unix()
	url, queries := fakePrometheus(t, func(q string) string {
		switch {
		case strings.HasPrefix(q, "max by (status) (stratop_strategies"):
			return fmt.Sprintf(`{"metric":{"status":"active"},"values":[[%d,"40"],[%d,"38"]]},`+
				`{"metric":{"status":"paused"},"values":[[%d,"2"],[%d,"4"]]}`, t0, t0+600, t0, t0+600)
		case strings.HasPrefix(q, "max(stratop_users"):
			return fmt.Sprintf(`{"metric":{},"values":[[%d,"9"],[%d,"10"]]}`, t0, t0+600)
		case strings.Contains(q, "read_errors"):
			return fmt.Sprintf(`{"metric":{},"values":[[%d,"0"],[%d,"3"]]}`, t0, t0+600)
		case strings.Contains(q, "latency"):
			return fmt.Sprintf(`{"metric":{},"values":[[%d,"0.25"],[%d,"NaN"]]}`, t0, t0+600)
		}
		return ""
	})
	h, err := history.FromPrometheus(context.Background(), history.PromOptions{URL: url, Integration: integ, Now: now})
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range *queries {
		if !strings.Contains(q, `stratop_serve_info{integration="`+integ+`"}`) {
			t.Errorf("a query not limited to the integration: %s", q)
		}
	}
	pts := h.Points(nil, 24*time.Hour, now)
	first, last, ok := history.Change(pts, history.SeriesActive)
	if !ok || first != 40 || last != 38 {
		t.Errorf("active %v -> %v (%v)", first, last, ok)
	}
	if _, last, _ := history.Change(pts, history.SeriesUsers); last != 10 {
		t.Errorf("users %v", last)
	}
	var errs, reads int32
	for _, p := range pts {
		errs += p.Errors
		reads += p.Reads
	}
	if reads != 2 || errs != 1 {
		t.Errorf("reads %d errors %d: the step with 3 failed reads is one failed sample", reads, errs)
	}
	if h.Dirty() {
		t.Error("a history read from Prometheus is marked as unsaved")
	}
}

func TestTrendsFromPrometheusErrors(t *testing.T) {
	empty, _ := fakePrometheus(t, func(string) string { return "" })
	_, err := history.FromPrometheus(context.Background(), history.PromOptions{URL: empty, Integration: integ})
	var pe *history.PromError
	if !errors.As(err, &pe) || !errors.Is(err, history.ErrNoSeries) {
		t.Errorf("no series: %v", err)
	}
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	dead := "http://" + ln.Addr().String()
	ln.Close()
	_, err = history.FromPrometheus(context.Background(), history.PromOptions{URL: dead, Integration: integ})
	if !errors.As(err, &pe) || pe.URL != dead {
		t.Errorf("unreachable: %v", err)
	}
}

// A real Prometheus (the Debian package prometheus) scraping a /metrics
// of serve's: the trends read back are what it served, for this
// integration only.
func TestTrendsFromARealPrometheus(t *testing.T) {
	bin, err := exec.LookPath("prometheus")
	if err != nil {
		if os.Getenv("STRATOP_TEST_PROMETHEUS") != "" {
			t.Fatal("STRATOP_TEST_PROMETHEUS is set and prometheus is not on PATH")
		}
		t.Skip("no prometheus binary; set STRATOP_TEST_PROMETHEUS to make this a failure")
	}
	serveMetrics := func(integration string, active int) string {
		srv := httptest.NewServer(metrics.Handler(metrics.Options{Sources: metrics.Sources{
			Watch: func() watch.Stats {
				return watch.Stats{ByStatus: map[string]int{"active": active, "paused": 3}, Users: 11, Connected: true}
			},
			Identity: func() metrics.Identity { return metrics.Identity{Integration: integration, Profile: "prod"} },
		}}))
		t.Cleanup(srv.Close)
		return strings.TrimPrefix(srv.URL, "http://")
	}
	ours, other := serveMetrics(integ, 42), serveMetrics("https://other.example:443#000000000000", 7)
	dir := t.TempDir()
	cfg := filepath.Join(dir, "prometheus.yml")
	os.WriteFile(cfg, fmt.Appendf(nil, "global: {scrape_interval: 1s}\nscrape_configs:\n  - job_name: stratop\n    static_configs: [{targets: [%q, %q]}]\n", ours, other), 0o600)
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	web := ln.Addr().String()
	ln.Close()
	cmd := exec.Command(bin, "--config.file="+cfg, "--storage.tsdb.path="+filepath.Join(dir, "tsdb"), "--web.listen-address="+web)
	var log strings.Builder
	cmd.Stdout, cmd.Stderr = &log, &log
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	var h *history.History
	deadline := time.Now().Add(60 * time.Second)
	for {
		h, err = history.FromPrometheus(context.Background(), history.PromOptions{URL: "http://" + web, Integration: integ})
		if err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no trends after 60 s: %v\n%s", err, log.String())
		}
		time.Sleep(500 * time.Millisecond)
	}
	pts := h.Points(nil, time.Hour, time.Now())
	if _, last, ok := history.Change(pts, history.SeriesActive); !ok || last != 42 {
		t.Errorf("active %v (%v): want this integration's 42, not the other's 7", last, ok)
	}
	if _, last, _ := history.Change(pts, history.SeriesUsers); last != 11 {
		t.Errorf("users %v", last)
	}
}
