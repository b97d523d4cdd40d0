package watch

import (
	"testing"
	"time"

	"github.com/stratop/stratop/api"
)

// Every read is counted under what it was for: the first full read of
// the listed strategies (the archived are not) is a page of the sweep per
// 100, and the purposes add up to the reads the client sent.
func TestReadsAreCountedByPurpose(t *testing.T) {
	w := newWorld(t, 30, 3000)
	e, stop := running(t, w, Options{Scope: Integration(), Interval: 50 * time.Millisecond, Budget: 600000, ByteBudget: 1 << 34})
	waitFor(t, "the first full read", func() bool { return e.Stats().Baselined })
	stop()
	st := e.Stats()
	pages := (listedIn(w, 3000) + 99) / 100
	if got := st.ReadsBy[string(forSweep)]; got < int64(pages) {
		t.Errorf("%d sweep reads, want the %d pages of the first full read at least", got, pages)
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

// listedIn is how many of strategies 1..n the integration lists: every
// status but archived.
func listedIn(w *world, n int64) int {
	listed := 0
	for id := int64(1); id <= n; id++ {
		if s, ok := w.sb.Strategy(id); ok && s.Status != api.StatusArchived {
			listed++
		}
	}
	return listed
}
