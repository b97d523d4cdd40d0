package watch

import (
	"testing"
	"time"
)

// Every read is counted under what it was for: the first full read of
// 3,000 strategies is 30 pages of the sweep after the totals, and the
// purposes add up to the reads the client sent.
func TestReadsAreCountedByPurpose(t *testing.T) {
	w := newWorld(t, 30, 3000)
	e, stop := running(t, w, Options{Scope: Integration(), Interval: 50 * time.Millisecond, Budget: 600000, ByteBudget: 1 << 34})
	waitFor(t, "the first full read", func() bool { return e.Stats().Baselined })
	stop()
	st := e.Stats()
	if got := st.ReadsBy[string(forSweep)]; got < 30 {
		t.Errorf("%d sweep reads, want the 30 pages of the first full read at least", got)
	}
	if st.ReadsBy[string(forTotals)] < int64(len(listed)) {
		t.Errorf("%d totals reads, want %d a cycle", st.ReadsBy[string(forTotals)], len(listed))
	}
	var sum int64
	for _, n := range st.ReadsBy {
		sum += n
	}
	if sum != st.Reads {
		t.Errorf("reads by purpose %v add up to %d, the client sent %d", st.ReadsBy, sum, st.Reads)
	}
}
