package fleet_test

import (
	"context"
	"fmt"
	"runtime"
	"testing"

	"github.com/stratop/stratop/internal/fleet"
	"github.com/stratop/stratop/internal/fleet/fleettest"
	"github.com/stratop/stratop/internal/testkit"
)

// One poll of 50 integrations (50 profiles on one loopback sandbox): the
// time of a round, the allocations, and the heap the fleet keeps per
// integration after it.
func BenchmarkPoll50(b *testing.B) {
	sb := testkit.NewSandbox(b)
	profiles := make([]fleettest.Profile, 50)
	for i := range profiles {
		profiles[i] = fleettest.Profile{Name: fmt.Sprintf("p%02d", i), URL: sb.URL}
	}
	fac, _ := fleettest.Factory(b, profiles...)
	ctx := context.Background()
	var before runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f, err := fleet.Open(ctx, fac, fleet.Options{})
	if err != nil {
		b.Fatal(err)
	}
	f.PollOnce(ctx)
	var after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&after)
	perIntegration := float64(after.HeapAlloc-min(before.HeapAlloc, after.HeapAlloc)) / 50 / 1024
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		f.PollOnce(ctx)
	}
	b.ReportMetric(perIntegration, "KiB/integration")
	if rows := f.Rows(); rows[0].State != fleet.OK {
		b.Fatalf("%s %s", rows[0].State, rows[0].Error)
	}
}
