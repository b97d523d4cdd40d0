package history

import (
	"math"
	"testing"
	"time"
)

// At first start the trends' x-axis spans what is kept, not the whole
// window, and a level read once holds until the next read: the chart is
// not a column at the right edge of blank cells.
func TestFirstStartChartsFitTheKeptSpan(t *testing.T) {
	start := time.Date(2026, 1, 2, 9, 0, 0, 0, time.UTC)
	end := start.Add(10 * time.Minute)
	if got := FittedSpan(time.Hour, start, end); got != 10*time.Minute {
		t.Errorf("span %v, want the 10 minutes kept", got)
	}
	if got := FittedSpan(time.Hour, end.Add(-5*time.Second), end); got != MinSpan {
		t.Errorf("span %v a few seconds in, want %v", got, MinSpan)
	}
	if got := FittedSpan(time.Hour, start.Add(-2*time.Hour), end); got != time.Hour {
		t.Errorf("span %v with more than the window kept", got)
	}
	v := []float64{math.NaN(), 3, math.NaN(), math.NaN(), 5, math.NaN()}
	HoldLevels(v)
	if !math.IsNaN(v[0]) || v[2] != 3 || v[3] != 3 || v[5] != 5 {
		t.Errorf("held levels %v", v)
	}
}
