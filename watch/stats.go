package watch

import (
	"maps"
	"time"
)

// Sample is one interval's figures, handed to Options.OnSample: what a
// history or a metrics endpoint records without reading anything itself.
type Sample struct {
	Time    time.Time
	Counts  map[string]int // strategies per status, as the interface counted them
	Users   int
	Latency time.Duration     // mean latency of the interval's reads
	Failed  bool              // a read of the interval failed
	Prices  map[int64]float64 // pools' token prices in USD by pool id, as the interval's reads saw them
}

// Stats is the engine's state and its reads so far. It is a copy: reading
// it never causes a request.
type Stats struct {
	Reads     int64         // requests sent (attempts that got an answer or failed)
	Errors    int64         // of which failed
	Bytes     int64         // response bytes read
	Latency   time.Duration // mean latency of the reads
	LastRead  time.Duration // latency of the last read
	Budget    int           // requests a minute allowed
	BudgetUse float64       // requests of the last minute / Budget (0..1)
	LastGood  time.Time     // when the last read succeeded
	Connected bool          // the last read succeeded

	Users      int            // users of the integration (0 until read)
	ByStatus   map[string]int // strategies per status, as last read
	ByType     map[string]int // dca | volume, of the strategies the engine holds
	ByCategory map[string]int
	ByChain    map[int]int
	Strategies int // strategies the engine holds
	// Backlog is how many strategies the interface counts in a status
	// where the engine does not hold them yet: the changes it has still
	// to find (archived left out: the engine does not hold those). 0
	// until the first full read is done, and outside the integration
	// scope.
	Backlog   int
	Events    map[Kind]int64
	Since     time.Time // when Run started
	Baselined bool      // the scope has been read in full once
	Sweeps    int       // full sweeps of the integration since Run started
	// ReadsBy is the reads sent so far by what they were for: totals,
	// users, probe, search, page, whole, split, by-id, sweep, members.
	ReadsBy map[string]int64
}

// clone copies the maps so the caller owns what it holds.
func (s Stats) clone() Stats {
	s.ByStatus = maps.Clone(s.ByStatus)
	s.ByType = maps.Clone(s.ByType)
	s.ByCategory = maps.Clone(s.ByCategory)
	s.ByChain = maps.Clone(s.ByChain)
	s.Events = maps.Clone(s.Events)
	s.ReadsBy = maps.Clone(s.ReadsBy)
	return s
}

// Stats is a copy of the engine's figures, safe from any goroutine.
func (e *Engine) Stats() Stats {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.stats.clone()
}

// updateStats refreshes the figures Stats returns, after a cycle.
func (e *Engine) updateStats(now time.Time) {
	m := e.meter.snapshot()
	s := e.st
	byType, byCat, byChain, byStatus := map[string]int{}, map[string]int{}, map[int]int{}, map[string]int{}
	for k, n := range s.cells {
		if n == 0 {
			continue
		}
		byStatus[k.status] += n
		if k.status == archived {
			continue // a row not yet confirmed gone is no live strategy
		}
		byType[k.method] += n
		byCat[k.category] += n
		byChain[int(k.chain)] += n
	}
	backlog := 0
	if e.opts.Scope.Kind == ScopeIntegration && e.totals != nil {
		for status, total := range e.totals {
			if !s.baselined {
				break // the first full read: not changes to find
			}
			if status != archived && total > byStatus[status] {
				backlog += total - byStatus[status]
			}
		}
		byStatus = maps.Clone(e.totals)
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	st := &e.stats
	st.Reads, st.Errors, st.Bytes, st.LastRead, st.LastGood, st.Connected = m.reads, m.errors, m.bytes, m.last, m.lastGood, m.good && !e.lost
	if m.reads > 0 {
		st.Latency = m.total / time.Duration(m.reads)
	}
	st.BudgetUse = float64(m.lastMinute) / float64(e.opts.Budget)
	st.Users = s.users
	st.ByStatus, st.ByType, st.ByCategory, st.ByChain = byStatus, byType, byCat, byChain
	st.Strategies = len(s.rows)
	st.Backlog = backlog
	st.Baselined = s.baselined
	st.Sweeps = e.sweeps
	st.ReadsBy = e.readsByCopy()
	_ = now
}

// archived is the status of strategies the engine lets go of.
const archived = "archived"

// sample is the cycle's figures for OnSample.
func (e *Engine) sample(now time.Time) Sample {
	st := e.Stats()
	sm := Sample{Time: now, Counts: st.ByStatus, Users: st.Users, Failed: e.cyc.failed, Prices: e.cyc.prices}
	if e.cyc.reads > 0 {
		sm.Latency = e.cyc.latency / time.Duration(e.cyc.reads)
	}
	return sm
}
