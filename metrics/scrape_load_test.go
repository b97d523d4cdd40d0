package metrics

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"sort"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stratop/stratop/alert"
	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/api/sandbox"
	"github.com/stratop/stratop/watch"
)

// TestMeasureScrapeUnderLoad is a measurement, not a check of timing: it
// runs only with STRATOP_MEASURE=1 (scripts/scrape_load.sh). A watcher
// runs over a sandbox of 10,000 strategies while /metrics is scraped 100
// times a second for 10 s over loopback HTTP; it reports the scrape
// latencies and the interface requests of the window against the
// watcher's own reads (equal: a scrape costs none).
func TestMeasureScrapeUnderLoad(t *testing.T) {
	if os.Getenv("STRATOP_MEASURE") != "1" {
		t.Skip("a measurement: STRATOP_MEASURE=1 (scripts/scrape_load.sh)")
	}
	t.Setenv("HOME", t.TempDir())
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	sb := sandbox.New(sandbox.WithUsers(200), sandbox.WithStrategies(10000), sandbox.WithCredentials("k", "s"))
	defer sb.Close()
	var requests atomic.Int64
	api1 := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		sb.ServeHTTP(w, r)
	}))
	defer api1.Close()
	meter, lat := watch.NewMeter(), NewLatency()
	c, err := api.New(api1.URL, api.WithCredentials(api.Credentials{Key: "k", Secret: "s"}),
		api.WithAttemptObserver(func(a api.Attempt) { meter.Observe(a); lat.Observe(a) }))
	if err != nil {
		t.Fatal(err)
	}
	eng := watch.New(c, watch.Options{Scope: watch.Integration(), Interval: time.Second, Meter: meter, Emit: func(watch.Event) {}})
	alerts, err := alert.New(alert.Options{Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go eng.Run(ctx)
	deadline := time.Now().Add(2 * time.Minute)
	for len(eng.Stats().ByStatus) == 0 && time.Now().Before(deadline) { // the first counts are in
		time.Sleep(100 * time.Millisecond)
	}
	srv := httptest.NewServer(Handler(Options{Sources: Sources{Watch: eng.Stats, Alerts: alerts.Stats}, Latency: lat}))
	defer srv.Close()

	reads0, req0 := eng.Stats().Reads, requests.Load()
	var lats []time.Duration
	var bytes int
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for range 1000 {
		<-tick.C
		begin := time.Now()
		resp, err := http.Get(srv.URL + "/metrics")
		if err != nil {
			t.Fatal(err)
		}
		n, _ := io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		lats = append(lats, time.Since(begin))
		bytes = int(n)
	}
	cancel()
	time.Sleep(200 * time.Millisecond)
	reads, req := eng.Stats().Reads-reads0, requests.Load()-req0
	sort.Slice(lats, func(i, j int) bool { return lats[i] < lats[j] })
	q := func(p float64) time.Duration { return lats[int(p*float64(len(lats)-1))] }
	fmt.Printf("scrapes: %d at 100/s; body %d bytes; latency p50 %s p90 %s p99 %s max %s\n",
		len(lats), bytes, q(.5), q(.9), q(.99), lats[len(lats)-1])
	fmt.Printf("interface requests in the window: %d; the watcher's own reads in it: %d; caused by scrapes: %d\n",
		req, reads, req-reads)
	if req != reads {
		t.Errorf("requests %d != the watcher's reads %d", req, reads)
	}
}
