// Package history keeps how the integration moved: per-status strategy
// counts, users, read latency and errors, and pools' token prices, at
// tiered resolutions so that a week fits in about a megabyte. It knows
// nothing of a screen or of the network; the watch engines of `serve` and
// `watch` and the dashboard feed it samples and share its file (see
// SaveSamples), and the Overview, the pool pane and `stratop stats
// --history` read it.
package history

import (
	"math"
	"os"
	"time"
)

// Statuses are the series of per-status counts, in the order they are
// stored. A sample's count under any other name is not kept.
var Statuses = []string{"active", "suspended", "paused", "completed"}

// Sample is one observation: the shape of the watch engine's sample, so a
// watch.Sample converts to it directly. Counts holds what was read (a
// status missing from it was not read this time); Users < 0 means the users
// count was not read; Failed means the read failed and Latency is unknown.
// Prices are pools' token prices in USD by pool id, as a read saw them. A
// sample with no Counts, Users < 0 and not Failed is no read of the counts:
// it carries only prices.
type Sample struct {
	Time    time.Time
	Counts  map[string]int
	Users   int
	Latency time.Duration
	Failed  bool
	Prices  map[int64]float64
}

// isRead says the sample is a read of the counts or users (or a failed
// one), not only prices.
func (s Sample) isRead() bool { return s.Counts != nil || s.Users >= 0 || s.Failed }

// Tier is one resolution and how many of its buckets are kept.
type Tier struct {
	Step time.Duration
	Keep int
}

// Tiers: 10 s for an hour, 1 min for a day, 10 min for a week. A reader of
// a window takes the finest tier that covers it.
var Tiers = []Tier{
	{Step: 10 * time.Second, Keep: 360},
	{Step: time.Minute, Keep: 1440},
	{Step: 10 * time.Minute, Keep: 1008},
}

// unknown marks a value that was not read in a bucket.
const unknown = -1

// Point is one bucket: the last counts and users seen in it (they are
// levels, not rates), the reads and failed reads, and the latency of the
// good reads (sum, for the mean, and the worst).
type Point struct {
	Start     int64 // unix seconds, the bucket's start
	Counts    [4]int32
	Users     int32
	Reads     int32
	Errors    int32
	LatSumMs  int32
	LatMaxMs  int32
	GoodReads int32
}

// Latency is the mean latency of the bucket's good reads, or -1.
func (p Point) Latency() time.Duration {
	if p.GoodReads == 0 {
		return unknown
	}
	return time.Duration(p.LatSumMs/p.GoodReads) * time.Millisecond
}

func emptyPoint(start int64) Point {
	return Point{Start: start, Counts: [4]int32{unknown, unknown, unknown, unknown}, Users: unknown}
}

// History is the kept history of one profile. It is not safe for
// concurrent use: one goroutine owns it (the dashboard's update loop or the
// engine's), and Clone hands a copy to a writer.
type History struct {
	start  time.Time // first sample ever kept
	tiers  []*ring[Point]
	prices map[int64]*poolPrices // nil until a price comes
	// stamp is the file as this history last read or wrote it, nil when
	// unknown: see SaveSamples.
	stamp   os.FileInfo
	dirty   bool
	version uint64 // counts the reads added, so a reader can tell nothing changed
}

// New returns an empty history.
func New() *History {
	h := &History{}
	for _, t := range Tiers {
		h.tiers = append(h.tiers, newRing(t, emptyPoint))
	}
	return h
}

// Start is the time of the first sample kept, zero when there is none.
func (h *History) Start() time.Time { return h.start }

// Version changes with every read added and every Replace; not with a
// price, so the trends of the counts are not drawn again for one.
func (h *History) Version() uint64 { return h.version }

// Dirty reports whether samples came in since the last MarkSaved.
func (h *History) Dirty() bool { return h.dirty }

// MarkSaved clears Dirty.
func (h *History) MarkSaved() { h.dirty = false }

// Add records a sample in every tier.
func (h *History) Add(s Sample) {
	if s.Time.IsZero() {
		return
	}
	for pool, price := range s.Prices {
		h.AddPrice(s.Time, pool, price)
	}
	if !s.isRead() {
		return
	}
	if h.start.IsZero() || s.Time.Before(h.start) {
		h.start = s.Time
	}
	h.dirty = true
	h.version++
	for _, r := range h.tiers {
		addTo(r, s)
	}
}

// addTier records a read sample in one tier only: a source that has each
// tier's own resolution (Prometheus) fills each from its own samples.
func (h *History) addTier(tier int, s Sample) {
	if h.start.IsZero() || s.Time.Before(h.start) {
		h.start = s.Time
	}
	h.version++
	addTo(h.tiers[tier], s)
}

// addTo records a read sample in one tier's bucket.
func addTo(r *ring[Point], s Sample) {
	sec := s.Time.Unix()
	p := r.bucket(sec - sec%r.step)
	if p == nil {
		return
	}
	for i, name := range Statuses {
		if n, ok := s.Counts[name]; ok {
			p.Counts[i] = clamp(n)
		}
	}
	if s.Users >= 0 {
		p.Users = clamp(s.Users)
	}
	p.Reads++
	if s.Failed {
		p.Errors++
		return
	}
	ms := clamp(int(s.Latency / time.Millisecond))
	p.GoodReads++
	p.LatSumMs = clamp(int(p.LatSumMs) + int(ms))
	p.LatMaxMs = max(p.LatMaxMs, ms)
}

func clamp(n int) int32 {
	return int32(min(max(n, 0), math.MaxInt32))
}

// TierFor returns the index of the finest tier that covers window.
func TierFor(window time.Duration) int {
	for i, t := range Tiers {
		if time.Duration(t.Keep)*t.Step >= window {
			return i
		}
	}
	return len(Tiers) - 1
}

// Points returns the points of the tier that covers window whose buckets
// start within (now-window, now], oldest first, appended to dst.
func (h *History) Points(dst []Point, window time.Duration, now time.Time) []Point {
	return pointsIn(dst, h.tiers[TierFor(window)], window, now)
}

func pointsIn[P bucketed](dst []P, r *ring[P], window time.Duration, now time.Time) []P {
	from := now.Add(-window).Unix()
	to := now.Unix()
	for i := 0; i < r.len(); i++ {
		p := r.at(i)
		if st := (*p).start(); st > from-r.step && st <= to {
			dst = append(dst, *p)
		}
	}
	return dst
}

// Replace makes h hold what from holds (the file as merged by SaveSamples)
// and counts as a change, so a reader caching by Version redraws. The
// caller keeps h, so whoever reads through it sees the new content.
func (h *History) Replace(from *History) {
	h.start, h.tiers, h.prices, h.stamp = from.start, from.tiers, from.prices, from.stamp
	h.dirty = from.dirty
	h.version++
}

// Clone returns a deep copy, for a writer on another goroutine.
func (h *History) Clone() *History {
	c := &History{start: h.start, dirty: h.dirty, stamp: h.stamp}
	for _, r := range h.tiers {
		c.tiers = append(c.tiers, r.clone())
	}
	for id, pp := range h.prices {
		if c.prices == nil {
			c.prices = make(map[int64]*poolPrices, len(h.prices))
		}
		c.prices[id] = pp.clone()
	}
	return c
}
