package history

import (
	"bytes"
	"math"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestPricesPerPoolOverTheWindow(t *testing.T) {
	h := New()
	for i := 0; i < 360; i++ {
		at := t0.Add(time.Duration(i) * 10 * time.Second)
		h.Add(Sample{Time: at, Users: -1, Prices: map[int64]float64{7: 100 + float64(i), 8: 2}})
	}
	now := t0.Add(3590 * time.Second)
	if got := h.Points(nil, time.Hour, now); len(got) != 0 {
		t.Errorf("price-only samples made %d points of the counts (reads that never happened)", len(got))
	}
	if !h.Start().IsZero() || h.Version() != 0 {
		t.Errorf("price-only samples set the counts' start (%v) or version (%d)", h.Start(), h.Version())
	}
	pts := h.PricePoints(nil, 7, time.Hour, now)
	if len(pts) != 360 {
		t.Fatalf("%d price points of pool 7, want 360", len(pts))
	}
	first, last, ok := PriceChange(pts)
	if !ok || first != 100 || last != 459 {
		t.Errorf("PriceChange = %v, %v, %v; want 100, 459", first, last, ok)
	}
	col := PriceColumns(nil, pts, time.Hour, now, 60)
	if col[59] != 459 || !(col[30] > col[29]) {
		t.Errorf("columns: last %v, a rising price not rising at 30: %v", col[59], col[28:32])
	}
	if !h.PriceStart(7).Equal(t0) {
		t.Errorf("PriceStart = %v, want %v", h.PriceStart(7), t0)
	}
	if n := len(h.PricePoints(nil, 9, time.Hour, now)); n != 0 || !h.PriceStart(9).IsZero() {
		t.Errorf("a pool never priced has %d points", n)
	}
	day := h.PricePoints(nil, 7, 24*time.Hour, now)
	if len(day) != 60 || day[len(day)-1].Price != 459 {
		t.Errorf("1 min tier: %d points, last %v", len(day), day[len(day)-1])
	}
	for _, bad := range []float64{math.NaN(), math.Inf(1), -1} {
		h.AddPrice(now.Add(time.Minute), 7, bad)
	}
	if _, last, _ := PriceChange(h.PricePoints(nil, 7, time.Hour, now.Add(time.Minute))); last != 459 {
		t.Errorf("a price that is not one was kept: %v", last)
	}
}

// At most MaxPools pools are kept; a new one pushes out the pool seen
// least recently once that one went unseen for staleAfter, and is not kept
// while every pool kept is current.
func TestPricesKeepAtMostMaxPools(t *testing.T) {
	h := New()
	for p := int64(1); p <= MaxPools; p++ {
		h.AddPrice(t0.Add(time.Duration(p)*time.Second), p, float64(p))
	}
	h.AddPrice(t0.Add(time.Minute), 1000, 9) // every kept pool is current
	if h.prices[1000] != nil || len(h.prices) != MaxPools {
		t.Fatal("a new pool pushed out a pool seen a minute ago")
	}
	h.AddPrice(t0.Add(time.Hour), 1, 1.5) // pool 1 seen again: pool 2 is now the least recent
	h.AddPrice(t0.Add(time.Hour+time.Second), 1000, 9)
	if len(h.prices) != MaxPools {
		t.Fatalf("%d pools kept, want %d", len(h.prices), MaxPools)
	}
	if h.prices[2] != nil || h.prices[1] == nil || h.prices[1000] == nil {
		t.Errorf("pool 2 (unseen for an hour) should have given way to 1000; 1 stays")
	}
	h.AddPrice(t0, 2000, 1) // older than every pool kept: it pushes none out
	if h.prices[2000] != nil || h.prices[3] == nil {
		t.Error("a late price of a new pool pushed out a pool seen after it")
	}
}

func TestPricesSurviveARestartWithSevenDigits(t *testing.T) {
	path := filepath.Join(t.TempDir(), "history-p.json")
	h := New()
	h.AddPrice(t0, 5, 1234.56789123)
	h.AddPrice(t0.Add(10*time.Second), 5, 0.0000123456789)
	h.AddPrice(t0.Add(10*time.Second), 6, 3)
	var buf bytes.Buffer
	if err := Encode(&buf, h); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "1234.568") || strings.Contains(buf.String(), "1234.5678") {
		t.Errorf("prices are not written with 7 significant digits: %s", buf.String())
	}
	if err := Save(path, h); err != nil {
		t.Fatal(err)
	}
	got, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	pts := got.PricePoints(nil, 5, time.Hour, t0.Add(time.Minute))
	if len(pts) != 2 || pts[0].Price != 1234.568 || pts[1].Price != 0.00001234568 {
		t.Errorf("after a restart pool 5: %+v", pts)
	}
	if !got.PriceStart(5).Equal(t0) || len(got.PricePoints(nil, 6, time.Hour, t0.Add(time.Minute))) != 1 {
		t.Errorf("after a restart: start %v, pool 6 %v", got.PriceStart(5), got.PricePoints(nil, 6, time.Hour, t0.Add(time.Minute)))
	}
}

// A file with more pools than kept, more points than a tier keeps, a
// misaligned start and a run that is not a count loads bounded.
func TestDecodePricesStaysBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"version":1,"start":"2026-11-25T09:12:00Z","tiers":[],"prices":[`)
	for p := 1; p <= MaxPools+10; p++ {
		if p > 1 {
			b.WriteByte(',')
		}
		b.WriteString(`{"pool":` + itoa(int64(p)) + `,"first":1700000000,"tiers":[{"step":10,"start":1700000000,"prices":[1,-2,4`)
		for i := 0; i < 400; i++ {
			b.WriteString("," + itoa(int64(10+i)))
		}
		b.WriteString(`]},{"step":60,"start":1700000010,"prices":[7]},{"step":600,"start":1700000400,"prices":[5,-1.5,6]}]}`)
	}
	b.WriteString(`]}`)
	h, err := Decode(strings.NewReader(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if len(h.prices) != MaxPools {
		t.Errorf("%d pools loaded, want at most %d", len(h.prices), MaxPools)
	}
	end := time.Unix(1700000000+40+399*10, 0) // the 400th price after the gap
	pts := h.PricePoints(nil, 1, time.Hour, end)
	if len(pts) != Tiers[0].Keep || pts[len(pts)-1].Price != 409 || pts[len(pts)-1].Start != end.Unix() {
		t.Errorf("pool 1's 10 s tier: %d points, newest %+v", len(pts), pts[len(pts)-1])
	}
	if n := len(h.PricePoints(nil, 1, 24*time.Hour, end)); n != 0 {
		t.Errorf("a tier whose start is not a multiple of its step gave %d points", n)
	}
	if week := h.PricePoints(nil, 1, 7*24*time.Hour, end); len(week) != 1 || week[0].Price != 5 {
		t.Errorf("the 10 min tier after a run that is not a count: %+v, want only 5", week)
	}
	// The gap: 1 at the start, 4 three buckets later.
	full := New()
	full.AddPrice(time.Unix(1700000000, 0), 1, 1)
	full.AddPrice(time.Unix(1700000030, 0), 1, 4)
	var enc bytes.Buffer
	if err := Encode(&enc, full); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(enc.String(), `"step":10,"start":1700000000,"prices":[1,-2,4]`) {
		t.Errorf("a gap of two buckets is not written as a run: %s", enc.String())
	}
}

// Two writers' prices of one pool merge in the file like their counts.
func TestTwoWritersKeepEachOthersPrices(t *testing.T) {
	path := filepath.Join(t.TempDir(), "history-p.json")
	a, _ := Open(path)
	b, _ := Open(path)
	a.Add(Sample{Time: t0, Users: -1, Prices: map[int64]float64{5: 10}})
	b.Add(Sample{Time: t0.Add(10 * time.Second), Users: -1, Prices: map[int64]float64{5: 11, 6: 1}})
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
	h, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	first, last, _ := PriceChange(h.PricePoints(nil, 5, time.Hour, t0.Add(time.Minute)))
	if first != 10 || last != 11 || len(h.PricePoints(nil, 6, time.Hour, t0.Add(time.Minute))) != 1 {
		t.Errorf("pool 5 from %v to %v; pool 6 %v", first, last, h.PricePoints(nil, 6, time.Hour, t0.Add(time.Minute)))
	}
}

// A week of the most pools' prices reads back as written: the same
// buckets in every tier, each price to 7 significant digits.
func TestAWeekOfPricesSurvivesARestart(t *testing.T) {
	h := New()
	week := weekWithPrices(h)
	// A gap of two hours in one pool, so runs are written and read.
	for i := 0; i < 100; i++ {
		h.AddPrice(week.Add(2*time.Hour+time.Duration(i)*10*time.Second), 5, float64(i))
	}
	later := week.Add(2*time.Hour + 100*10*time.Second)
	var buf bytes.Buffer
	if err := Encode(&buf, h); err != nil {
		t.Fatal(err)
	}
	got, err := Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	for _, pool := range []int64{1, 5, 17, MaxPools} {
		for _, w := range []time.Duration{time.Hour, 24 * time.Hour, 7 * 24 * time.Hour} {
			end := week
			if pool == 5 {
				end = later
			}
			a, b := h.PricePoints(nil, pool, w, end), got.PricePoints(nil, pool, w, end)
			if len(a) != len(b) || len(a) == 0 {
				t.Fatalf("pool %d over %s: %d points written, %d read", pool, w, len(a), len(b))
			}
			for i := range a {
				if a[i].Start != b[i].Start || math.Abs(a[i].Price-b[i].Price) > math.Abs(a[i].Price)*1e-6 {
					t.Fatalf("pool %d over %s, point %d: %+v written, %+v read", pool, w, i, a[i], b[i])
				}
			}
		}
		if !got.PriceStart(pool).Equal(h.PriceStart(pool)) {
			t.Errorf("pool %d's first price %v read, %v written", pool, got.PriceStart(pool), h.PriceStart(pool))
		}
	}
}
