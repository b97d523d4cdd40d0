package history

import (
	"io"
	"runtime"
	"testing"
	"time"
)

// BenchmarkAdd is the cost of one sample (three tiers).
func BenchmarkAdd(b *testing.B) {
	h := New()
	at := t0
	s := sample(at, 1, 1, time.Millisecond)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		s.Time = at.Add(time.Duration(i) * 5 * time.Second)
		h.Add(s)
	}
}

// BenchmarkWeek encodes a full week and reports its size on disk and the
// heap it holds.
func BenchmarkWeek(b *testing.B) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	h := New()
	week(h)
	runtime.GC()
	runtime.ReadMemStats(&after)
	var n countWriter
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		n = 0
		if err := Encode(&n, h); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(n), "disk-bytes")
	b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc), "heap-bytes")
	runtime.KeepAlive(h)
}

type countWriter int

func (c *countWriter) Write(p []byte) (int, error) { *c += countWriter(len(p)); return len(p), nil }

var _ io.Writer = (*countWriter)(nil)
