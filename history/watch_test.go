package history_test

import (
	"testing"
	"time"

	"github.com/stratop/stratop/history"
	"github.com/stratop/stratop/watch"
)

// TestWatchSampleConverts: the engine's sample converts to the history's
// directly, so OnSample can hand it to a Recorder unchanged.
func TestWatchSampleConverts(t *testing.T) {
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	ws := watch.Sample{Time: at, Counts: map[string]int{"paused": 3}, Users: 9, Latency: 40 * time.Millisecond}
	h := history.New()
	h.Add(history.Sample(ws))
	pts := h.Points(nil, time.Hour, at)
	if v, ok := pts[0].Value(history.SeriesPaused); !ok || v != 3 {
		t.Errorf("paused = %v, %v", v, ok)
	}
	if v, _ := pts[0].Value(history.SeriesUsers); v != 9 {
		t.Errorf("users = %v", v)
	}
}
