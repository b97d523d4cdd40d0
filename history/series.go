package history

import (
	"math"
	"time"
)

// Series names one value of a point that a chart can draw.
type Series int

// The series: one per status (in the order of Statuses), then users, the
// mean read latency in milliseconds and the failed reads.
const (
	SeriesActive Series = iota
	SeriesSuspended
	SeriesPaused
	SeriesCompleted
	SeriesUsers
	SeriesLatency
	SeriesErrors
)

// seriesNames are the names scripts see (`stats --history -o csv`).
var seriesNames = []string{"active", "suspended", "paused", "completed", "users", "latency_ms", "errors"}

// AllSeries lists every series in output order.
var AllSeries = []Series{SeriesActive, SeriesSuspended, SeriesPaused, SeriesCompleted, SeriesUsers, SeriesLatency, SeriesErrors}

func (s Series) String() string { return seriesNames[s] }

// Value is the series' value in the point, and whether the point has one.
func (p Point) Value(s Series) (float64, bool) {
	var v int32
	switch {
	case s <= SeriesCompleted:
		v = p.Counts[s]
	case s == SeriesUsers:
		v = p.Users
	case s == SeriesLatency:
		if p.GoodReads == 0 {
			return 0, false
		}
		return float64(p.LatSumMs) / float64(p.GoodReads), true
	case s == SeriesErrors:
		if p.Reads == 0 {
			return 0, false
		}
		return float64(p.Errors), true
	}
	if v < 0 {
		return 0, false
	}
	return float64(v), true
}

// Columns spreads the points of a window over n columns, oldest on the
// left, into dst (resized to n): a column holds the last value of the
// points that fall in it (the sum, for errors) and NaN where none does.
// It allocates nothing when dst has room for n values.
func Columns(dst []float64, pts []Point, s Series, window time.Duration, now time.Time, n int) []float64 {
	return columns(dst, pts, func(p Point) (float64, bool) { return p.Value(s) }, s == SeriesErrors, window, now, n)
}

func columns[P bucketed](dst []float64, pts []P, value func(P) (float64, bool), sum bool, window time.Duration, now time.Time, n int) []float64 {
	if cap(dst) < n {
		dst = make([]float64, n)
	}
	dst = dst[:n]
	for i := range dst {
		dst[i] = math.NaN()
	}
	if n == 0 || window <= 0 {
		return dst
	}
	from := now.Add(-window).Unix()
	span := float64(window / time.Second)
	for _, p := range pts {
		v, ok := value(p)
		if !ok {
			continue
		}
		i := int(float64(p.start()-from) / span * float64(n))
		i = min(max(i, 0), n-1)
		if sum && !math.IsNaN(dst[i]) {
			v += dst[i]
		}
		dst[i] = v
	}
	return dst
}

// Change is the first and the last known value of a series in pts.
func Change(pts []Point, s Series) (first, last float64, ok bool) {
	return change(pts, func(p Point) (float64, bool) { return p.Value(s) })
}

func change[P any](pts []P, value func(P) (float64, bool)) (first, last float64, ok bool) {
	for _, p := range pts {
		if v, has := value(p); has {
			if !ok {
				first, ok = v, true
			}
			last = v
		}
	}
	return first, last, ok
}
