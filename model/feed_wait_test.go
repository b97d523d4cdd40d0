package model

import (
	"testing"
	"time"
)

// A read in flight counts as hanging after two intervals, and never
// before a second whatever the interval: at a loopback interval two
// intervals are an ordinary reply, and "waiting 0s for an answer" says
// nothing true.
func TestWaitingCountsAReadHangingAfterTwoIntervalsAndASecond(t *testing.T) {
	cases := []struct {
		delay, sent time.Duration // the interval, and how long ago the read left
		hanging     bool
	}{
		{30 * time.Millisecond, 200 * time.Millisecond, false},
		{30 * time.Millisecond, 900 * time.Millisecond, false},
		{30 * time.Millisecond, 1500 * time.Millisecond, true},
		{2 * time.Second, 3 * time.Second, false},
		{2 * time.Second, 5 * time.Second, true},
	}
	for _, c := range cases {
		f := feed{inFlight: true, delay: c.delay, sentAt: time.Now().Add(-c.sent)}
		w := f.waiting()
		if (w > 0) != c.hanging {
			t.Errorf("interval %v, sent %v ago: waiting %v, want hanging %v", c.delay, c.sent, w, c.hanging)
		}
		if c.hanging && w < c.sent {
			t.Errorf("interval %v, sent %v ago: says waiting only %v", c.delay, c.sent, w)
		}
	}
	if w := (feed{delay: time.Millisecond, sentAt: time.Now().Add(-time.Hour)}).waiting(); w != 0 {
		t.Errorf("no read in flight, yet waiting %v", w)
	}
}
