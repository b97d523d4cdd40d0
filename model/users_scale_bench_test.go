package model

import (
	"context"
	"net/http"
	"net/http/httptest"
	"runtime"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/stratop/stratop/api"
)

// usersServer answers GET /users with n users, encoded piece by piece into
// one reused buffer, so that the server holds no whole body.
func usersServer(b *testing.B, n int) *api.Client {
	b.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		buf := make([]byte, 0, 64<<10)
		buf = append(buf, '[')
		for i := 1; i <= n; i++ {
			if i > 1 {
				buf = append(buf, ',')
			}
			buf = append(buf, `{"id":`...)
			buf = strconv.AppendInt(buf, int64(i), 10)
			buf = append(buf, `,"externalUserId":"Cust_`...)
			buf = strconv.AppendInt(buf, int64(i*7919%1000003), 10)
			buf = append(buf, `","walletAddress":"0x`...)
			buf = strconv.AppendUint(buf, uint64(i)*2654435761*2654435761, 16)
			buf = append(buf, `aBcDeF0123456789"}`...)
			if len(buf) > 60<<10 {
				_, _ = w.Write(buf)
				buf = buf[:0]
			}
		}
		buf = append(buf, ']')
		_, _ = w.Write(buf)
	}))
	b.Cleanup(srv.Close)
	c, err := api.New(srv.URL, api.WithCredentials(api.Credentials{Key: "k", Secret: "s"}))
	if err != nil {
		b.Fatal(err)
	}
	return c
}

// BenchmarkUsersRead1M reads a million users from a loopback server into
// the compact list, as the Users tab's fetch does, on one P as the
// dashboard runs. B/op and allocs/op are per read; live-MB is the heap held
// with the list alive after a GC; first-rows-ms is when the first rows
// could be drawn; wait-p95-ms and wait-max-ms are how late a goroutine
// woken every 5 ms ran while the read went on (what a key waits for before
// the event loop sees it; an upper bound, as the server shares the P here).
func BenchmarkUsersRead1M(b *testing.B) {
	const n = 1_000_000
	client := usersServer(b, n)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	var live uint64
	var first time.Duration
	var waits []time.Duration
	b.ReportAllocs()
	for b.Loop() {
		start := time.Now()
		var got *usersData
		b.StopTimer()
		runtime.GC()
		b.StartTimer()
		stop, stopped := make(chan struct{}), make(chan struct{})
		go func() {
			defer close(stopped)
			tick := time.NewTicker(5 * time.Millisecond)
			defer tick.Stop()
			for {
				select {
				case <-stop:
					return
				case at := <-tick.C:
					waits = append(waits, time.Since(at))
				}
			}
		}()
		d, err := readUsers(context.Background(), client, nil, 0, func(*usersData) { first += time.Since(start) })
		close(stop)
		<-stopped
		if err != nil || d.Len() != n {
			b.Fatal(d, err)
		}
		got = d
		b.StopTimer()
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		live += ms.HeapAlloc
		runtime.KeepAlive(got)
		b.StartTimer()
	}
	slices.Sort(waits)
	b.ReportMetric(float64(live)/float64(b.N)/1e6, "live-MB")
	b.ReportMetric(float64(first.Milliseconds())/float64(b.N), "first-rows-ms")
	if len(waits) > 0 {
		b.ReportMetric(float64(waits[len(waits)*95/100].Microseconds())/1e3, "wait-p95-ms")
		b.ReportMetric(float64(waits[len(waits)-1].Microseconds())/1e3, "wait-max-ms")
	}
}
