package sandbox

import (
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"
)

// The large data set is built only when a benchmark runs (go test -bench),
// so the default test suite stays fast.
var (
	bigOnce sync.Once
	big200k *Sandbox
)

func bigSandbox() *Sandbox {
	bigOnce.Do(func() { big200k = New(WithUsers(50_000), WithStrategies(200_000)) })
	return big200k
}

// BenchmarkListStrategiesPage200k measures GET /api/v1/strategies (default
// page, and a filtered deep page) over 200k strategies through ServeHTTP,
// and reports the median per request as p50-µs.
func BenchmarkListStrategiesPage200k(b *testing.B) {
	s := bigSandbox()
	paths := []string{
		"/api/v1/strategies",
		"/api/v1/strategies?status=active&chainId=8453&sortBy=oldest&page=40&pageSize=100",
	}
	for _, path := range paths {
		b.Run(path, func(b *testing.B) {
			req := httptest.NewRequest(http.MethodGet, path, nil)
			req.Header.Set("X-API-Key", DemoKey)
			req.Header.Set("X-API-Secret", DemoSecret)
			durations := make([]time.Duration, 0, b.N)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				w := httptest.NewRecorder()
				start := time.Now()
				s.ServeHTTP(w, req)
				durations = append(durations, time.Since(start))
				if w.Code != http.StatusOK {
					b.Fatalf("status %d: %s", w.Code, w.Body)
				}
			}
			slices.Sort(durations)
			b.ReportMetric(float64(durations[len(durations)/2].Microseconds()), "p50-µs")
		})
	}
}

// BenchmarkSeed200k measures building the large data set.
func BenchmarkSeed200k(b *testing.B) {
	for i := 0; i < b.N; i++ {
		s := New(WithUsers(50_000), WithStrategies(200_000), WithSeed(int64(i)))
		if len(s.strategies) != 200_000 {
			b.Fatal("wrong size: " + strconv.Itoa(len(s.strategies)))
		}
	}
}
