package history

import (
	"bytes"
	"io"
	"path/filepath"
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

// BenchmarkSaveSamplesWeek is one writer's write of a minute of samples
// into a file holding a full week with the most pools' prices: alone (the
// file is still the one it wrote last) and shared (another writer wrote
// since, so the file is read and decoded under the lock first).
func BenchmarkSaveSamplesWeek(b *testing.B) {
	for _, shared := range []bool{false, true} {
		name := "alone"
		if shared {
			name = "shared"
		}
		b.Run(name, func(b *testing.B) {
			path := filepath.Join(b.TempDir(), "history-p.json")
			h := New()
			end := weekWithPrices(h)
			if err := Save(path, h); err != nil {
				b.Fatal(err)
			}
			h, _ = Load(path)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				minute := make([]Sample, 12)
				for j := range minute {
					minute[j] = sample(end.Add(time.Duration(i*12+j)*5*time.Second), 7, 1, time.Millisecond)
					h.Add(minute[j])
				}
				if shared {
					h.stamp = nil
				}
				merged, err := SaveSamples(path, minute, h)
				if err != nil {
					b.Fatal(err)
				}
				h.Replace(merged)
			}
		})
	}
}

// BenchmarkEncodeWeekPrices and BenchmarkDecodeWeekPrices are the file's
// encoding and decoding of a full week with the most pools' prices.
func BenchmarkEncodeWeekPrices(b *testing.B) {
	h := New()
	weekWithPrices(h)
	var buf bytes.Buffer
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		buf.Reset()
		if err := Encode(&buf, h); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len()), "disk-bytes")
}

func BenchmarkDecodeWeekPrices(b *testing.B) {
	h := New()
	weekWithPrices(h)
	var buf bytes.Buffer
	if err := Encode(&buf, h); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Decode(bytes.NewReader(buf.Bytes())); err != nil {
			b.Fatal(err)
		}
	}
}
