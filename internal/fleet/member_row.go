package fleet

import (
	"maps"
	"time"

	"github.com/stratop/stratop/integration"
)

// Row is the member as it stands at now.
func (m *Member) Row(now time.Time) Row {
	r := Row{Profile: m.profile, Label: m.profile, Polled: true, Change: nil}
	if m.Context != nil {
		s := m.Context.Settings
		if s.Label != "" {
			r.Label = s.Label
		}
		r.Color, r.ReadOnly = s.Color, s.ReadOnly
		r.Integration, r.Host = m.Context.Integration.String(), m.Context.Integration.HostPort()
		// The host is where the requests go, as the dashboard's header names
		// it: the demo's integration is named for no port, its sandbox
		// listens on a new one each run.
		if at, err := integration.New(m.Context.Target.BaseURL, ""); err == nil {
			r.Host = at.HostPort()
		}
	}
	if m.openErr != nil {
		r.State, r.Error = Unopened, m.openErr.Error()
		return r
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	r.Polled = m.polled
	r.State, r.StateFor = m.state(now)
	if m.lastErr != nil {
		r.Error = m.lastErr.Error()
	}
	if !m.readAt.IsZero() {
		r.ReadAt = m.readAt
		age := int64(now.Sub(m.readAt) / time.Second)
		r.AgeSeconds = &age
		users := m.last.users
		r.Users = &users
		r.Strategies = maps.Clone(m.last.counts)
		r.Change, r.ChangeSince = m.change()
	}
	r.Movers, r.MoversComplete = m.movers(now)
	r.OpenAlerts = m.local.openAlerts
	r.AlertmanagerAlerts = m.amAlerts
	if m.amErr != nil {
		r.AlertmanagerError = m.amErr.Error()
	}
	r.ActionsFailed, r.ActionsUnknown, r.JobsRunning = m.local.actionsFailed, m.local.actionsUnknown, m.local.jobsRunning
	return r
}

// state is the member's state at now and how long it has held. Callers
// hold m.mu.
func (m *Member) state(now time.Time) (State, time.Duration) {
	late := 2 * m.opts.effectiveInterval()
	switch {
	case !m.polled:
		return Paused, 0
	case m.lastErr != nil && rejected(m.lastErr):
		return Rejected, now.Sub(m.failFrom)
	case m.lastErr != nil:
		return Failing, now.Sub(m.failFrom)
	case !m.reading.IsZero() && now.Sub(m.reading) > late:
		if m.readAt.IsZero() {
			return Stale, now.Sub(m.reading)
		}
		return Stale, now.Sub(m.readAt)
	case m.readAt.IsZero():
		return Waiting, 0
	case now.Sub(m.readAt) > late:
		return Stale, now.Sub(m.readAt)
	}
	return OK, now.Sub(m.readAt)
}

// change is each status's count now minus the hour-ago one: from the
// integration's history, else from the first read of this process.
// Callers hold m.mu.
func (m *Member) change() (map[string]int, time.Time) {
	base, at := m.local.hourAgo, m.local.hourAgoAt
	if m.first != nil && (base == nil || m.first.at.Before(at)) {
		base, at = m.first.counts, m.first.at
	}
	if base == nil {
		return nil, time.Time{}
	}
	out := map[string]int{}
	for s, n := range m.last.counts {
		if b, ok := base[s]; ok {
			out[s] = n - b
		}
	}
	return out, at
}

// movers joins the audit's and the listings' movers, one per strategy
// (the newest). Complete only when every mover status's listing held the
// whole status, and this machine's actions are all there are to know of.
// Callers hold m.mu.
func (m *Member) movers(now time.Time) ([]Mover, bool) {
	by := map[int64]Mover{}
	for _, mv := range m.seen {
		by[mv.ID] = mv
	}
	for _, mv := range m.local.auditMovers {
		if old, ok := by[mv.ID]; !ok || mv.At.After(old.At) {
			by[mv.ID] = mv
		}
	}
	out := make([]Mover, 0, len(by))
	for _, mv := range by {
		if now.Sub(mv.At) <= time.Hour {
			out = append(out, mv)
		}
	}
	complete := !m.readAt.IsZero()
	for _, s := range MoverStatuses {
		complete = complete && m.last.whole[s]
	}
	return sortedMovers(out), complete
}
