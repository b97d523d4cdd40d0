package fleet

import (
	"os"
	"sync"
	"time"

	"github.com/stratop/stratop/alert"
	"github.com/stratop/stratop/audit"
	"github.com/stratop/stratop/history"
	"github.com/stratop/stratop/integration"
)

// localState is what this machine's files say of an integration.
type localState struct {
	hourAgo        map[string]int // counts of the oldest kept bucket of the last hour
	hourAgoAt      time.Time
	openAlerts     *int
	actionsFailed  int
	actionsUnknown int
	jobsRunning    int
	auditMovers    []Mover
}

// actionInto is the status a done action leaves its strategies in.
var actionInto = map[string]string{"halt": "paused", "suspend": "suspended", "stop": "completed"}

// readLocal reads the integration's history, alert state and audit
// entries of the last hour. Nothing here sends a request.
func (m *Member) readLocal(now time.Time) localState {
	var ls localState
	if m.dir.Path != "" {
		ls.hourAgo, ls.hourAgoAt = hourAgo(m.dir.History(), now)
		ls.openAlerts = openAlerts(m.dir)
	}
	if m.Context == nil {
		return ls
	}
	id := m.Context.Integration
	for _, r := range m.shared.audit(m.Context.Paths.Audit, now) {
		if !r.BelongsTo(id) || now.Sub(r.Time) > time.Hour {
			continue
		}
		switch {
		case r.InFlight(now) || r.Outcome == "started":
			ls.jobsRunning++
		case r.Outcome == audit.OutcomeFailed:
			ls.actionsFailed++
		case r.Outcome == audit.OutcomeUnknown:
			ls.actionsUnknown++
		case r.Outcome == audit.OutcomeDone:
			if into, ok := actionInto[r.Action]; ok {
				for _, sid := range r.StrategyIDs {
					ls.auditMovers = append(ls.auditMovers, Mover{ID: sid, Status: into, At: r.Time, By: "audit"})
				}
			}
		}
	}
	return ls
}

// hourAgo is the oldest kept count of each status in the last hour, with
// its time; nil when the history holds none.
func hourAgo(path string, now time.Time) (map[string]int, time.Time) {
	if _, err := os.Stat(path); err != nil {
		return nil, time.Time{}
	}
	h, err := history.Load(path)
	if err != nil {
		return nil, time.Time{}
	}
	for _, p := range h.Points(nil, time.Hour, now) {
		out := map[string]int{}
		for i, s := range history.Statuses {
			if p.Counts[i] >= 0 {
				out[s] = int(p.Counts[i])
			}
		}
		if len(out) > 0 {
			return out, time.Unix(p.Start, 0)
		}
	}
	return nil, time.Time{}
}

// openAlerts counts serve's open alerts that were sent (not snoozed); nil
// when the integration has no alert state on this machine.
func openAlerts(dir integration.Dir) *int {
	if _, err := os.Stat(dir.Alerts()); err != nil {
		return nil
	}
	b, err := (&alert.Store{Dir: dir.Alerts()}).Board()
	if err != nil {
		return nil
	}
	n := 0
	for _, o := range b.Open {
		if !o.Snoozed {
			n++
		}
	}
	return &n
}

// sources are the files every member reads: the audit log, read again
// only when it changed (fifty integrations share one log).
type sources struct {
	am    *amSource // nil: no rule routes to an Alertmanager
	amErr error     // why the Alertmanager sinks could not be set up

	mu      sync.Mutex
	path    string
	size    int64
	mod     time.Time
	records []audit.Record
}

func (s *sources) audit(path string, now time.Time) []audit.Record {
	if path == "" {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	fi, err := os.Stat(path)
	if err != nil {
		return nil
	}
	if path != s.path || fi.Size() != s.size || !fi.ModTime().Equal(s.mod) {
		recs, err := audit.Read(path, now.Add(-time.Hour))
		if err != nil {
			return s.records
		}
		s.path, s.size, s.mod, s.records = path, fi.Size(), fi.ModTime(), recs
	}
	return s.records
}
