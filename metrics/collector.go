// Package metrics serves the watcher's figures to Prometheus: /metrics in
// the text format and /healthz. Every value comes from snapshots the
// watch and alert engines already keep, so a scrape never sends a request
// to the interface.
package metrics

import (
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/stratop/stratop/alert"
	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/config"
	"github.com/stratop/stratop/watch"
)

// Sources are the snapshots a scrape reads. Either may be nil.
type Sources struct {
	Watch  func() watch.Stats
	Alerts func() alert.Stats
	// Role is what this serve does for its integration; nil means active.
	// A standby has no watcher nor alerts to report yet.
	Role func() Role
	// Identity names the integration and profile this serve watches; nil
	// serves no stratop_serve_info.
	Identity func() Identity
}

// Identity is what stratop_serve_info labels a serve process with: what a
// dashboard reading its trends from Prometheus selects the series by.
type Identity struct{ Integration, Profile string }

// Role is what a serve process does for its integration: one per
// integration and machine is active (it holds the integration's serve
// lock, watches and sends alerts); any other waits as standby to take over.
type Role string

// The roles, as the stratop_serve_role gauge's label spells them.
const (
	RoleActive  Role = "active"
	RoleStandby Role = "standby"
)

// roles are every role, so that the gauge has a series for each from the
// first scrape (1 for the role held, 0 for the other).
var roles = []Role{RoleActive, RoleStandby}

func (s Sources) role() Role {
	if s.Role == nil {
		return RoleActive
	}
	return s.Role()
}

type desc struct {
	d    *prometheus.Desc
	kind prometheus.ValueType
}

func newDesc(name, help string, kind prometheus.ValueType, labels ...string) desc {
	return desc{prometheus.NewDesc("stratop_"+name, help, labels, nil), kind}
}

// The metrics; their names are what contrib/'s dashboard and rules use.
var (
	mStrategies = newDesc("strategies", "Strategies by status, as the interface last counted them.", prometheus.GaugeValue, "status")
	mByType     = newDesc("strategies_by_type", "Strategies the watcher holds, by type.", prometheus.GaugeValue, "type")
	mByCategory = newDesc("strategies_by_category", "Strategies the watcher holds, by category.", prometheus.GaugeValue, "category")
	mByChain    = newDesc("strategies_by_chain", "Strategies the watcher holds, by chain id.", prometheus.GaugeValue, "chain")
	mUsers      = newDesc("users", "Users of the integration.", prometheus.GaugeValue)
	mReads      = newDesc("watch_reads_total", "Requests the watcher sent to the interface.", prometheus.CounterValue)
	mErrors     = newDesc("watch_read_errors_total", "Requests of the watcher that failed.", prometheus.CounterValue)
	mBytes      = newDesc("watch_response_bytes_total", "Response bytes the watcher read.", prometheus.CounterValue)
	mBudget     = newDesc("watch_budget_requests_per_minute", "Requests a minute the watcher may send.", prometheus.GaugeValue)
	mBudgetUse  = newDesc("watch_budget_use_ratio", "Requests of the last minute over the budget, 0 to 1 (1: the whole budget, which a healthy watcher may spend).", prometheus.GaugeValue)
	mInfo       = newDesc("serve_info", "1, labelled by the integration and profile this serve watches: the series to select an integration's by.", prometheus.GaugeValue, "integration", "profile")
	mBacklog    = newDesc("watch_backlog", "Strategies the interface counts in a status where the watcher does not hold them yet: changes still to find.", prometheus.GaugeValue)
	mLastGood   = newDesc("watch_last_good_read_timestamp_seconds", "When a read last succeeded (Unix time; 0: never).", prometheus.GaugeValue)
	mConnected  = newDesc("watch_connected", "1 when the last read succeeded.", prometheus.GaugeValue)
	mEvents     = newDesc("events_total", "Events the watcher reported, by kind.", prometheus.CounterValue, "kind")
	mAlerts     = newDesc("alerts_total", "Alerts raised, by rule and severity.", prometheus.CounterValue, "rule", "severity")
	mSnoozed    = newDesc("alerts_snoozed_total", "Alerts raised while their rule was snoozed (not sent).", prometheus.CounterValue, "rule")
	mDelivered  = newDesc("sink_deliveries_total", "Messages a sink took.", prometheus.CounterValue, "sink")
	mFailures   = newDesc("sink_failures_total", "Delivery attempts that failed.", prometheus.CounterValue, "sink")
	mDropped    = newDesc("sink_dropped_total", "Messages dropped because the sink's outbox was full.", prometheus.CounterValue, "sink")
	mOutbox     = newDesc("outbox_depth", "Messages waiting for a sink.", prometheus.GaugeValue, "sink")
	mDead       = newDesc("heartbeat_dead", "1 while the dead-man message is out: no good read for too long.", prometheus.GaugeValue)
	mDigests    = newDesc("digests_total", "Digests sent.", prometheus.CounterValue)
	mRole       = newDesc("serve_role", "1 for the role this serve has for its integration: active (watches and sends alerts) or standby (waits to take over).", prometheus.GaugeValue, "role")
)

var allDescs = []desc{mStrategies, mByType, mByCategory, mByChain, mUsers, mReads, mErrors, mBytes, mBudget, mBudgetUse,
	mBacklog, mInfo, mLastGood, mConnected, mEvents, mAlerts, mSnoozed, mDelivered, mFailures, mDropped, mOutbox, mDead, mDigests, mRole}

// collector reads the snapshots at each scrape.
type collector struct{ src Sources }

func (c collector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range allDescs {
		ch <- d.d
	}
}

func emit(ch chan<- prometheus.Metric, d desc, v float64, labels ...string) {
	ch <- prometheus.MustNewConstMetric(d.d, d.kind, v, labels...)
}

func emitMap[K comparable, V int | int64](ch chan<- prometheus.Metric, d desc, m map[K]V, label func(K) string) {
	for k, v := range m {
		emit(ch, d, float64(v), label(k))
	}
}

func (c collector) Collect(ch chan<- prometheus.Metric) {
	role := c.src.role()
	for _, r := range roles {
		emit(ch, mRole, boolean(r == role), string(r))
	}
	if c.src.Identity != nil {
		id := c.src.Identity()
		emit(ch, mInfo, 1, id.Integration, id.Profile)
	}
	if role != RoleActive {
		return
	}
	if c.src.Watch != nil {
		s := c.src.Watch()
		id := func(s string) string { return s }
		emitMap(ch, mStrategies, s.ByStatus, id)
		emitMap(ch, mByType, s.ByType, id)
		emitMap(ch, mByCategory, s.ByCategory, id)
		emitMap(ch, mByChain, s.ByChain, strconv.Itoa)
		// Every kind from the start, at 0 until it happens: increase()
		// then sees the first one.
		events := map[string]int64{}
		for _, k := range config.AlertKinds {
			events[k] = 0
		}
		for k, v := range s.Events {
			events[string(k)] = v
		}
		emitMap(ch, mEvents, events, id)
		emit(ch, mUsers, float64(s.Users))
		emit(ch, mReads, float64(s.Reads))
		emit(ch, mErrors, float64(s.Errors))
		emit(ch, mBytes, float64(s.Bytes))
		emit(ch, mBudget, float64(s.Budget))
		// The engine's window and this minute need not meet exactly: a
		// ratio past 1 is the whole budget.
		emit(ch, mBudgetUse, min(max(s.BudgetUse, 0), 1))
		emit(ch, mBacklog, float64(s.Backlog))
		emit(ch, mLastGood, unix(s.LastGood))
		emit(ch, mConnected, boolean(s.Connected))
	}
	if c.src.Alerts != nil {
		a := c.src.Alerts()
		for k, v := range a.Alerts {
			emit(ch, mAlerts, float64(v), k.Rule, k.Severity)
		}
		id := func(s string) string { return s }
		emitMap(ch, mSnoozed, a.Snoozed, id)
		emitMap(ch, mDelivered, a.Deliveries, id)
		emitMap(ch, mFailures, a.Failures, id)
		emitMap(ch, mDropped, a.Dropped, id)
		emitMap(ch, mOutbox, a.Outbox, id)
		emit(ch, mDead, boolean(a.Dead))
		emit(ch, mDigests, float64(a.Digests))
	}
}

func unix(t time.Time) float64 {
	if t.IsZero() {
		return 0
	}
	return float64(t.UnixNano()) / 1e9
}

func boolean(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// Latency is the histogram of the watcher's read latencies. Observe is an
// api attempt observer: chain it with the watcher's meter.
type Latency struct{ h prometheus.Histogram }

// NewLatency returns an empty histogram.
func NewLatency() *Latency {
	return &Latency{prometheus.NewHistogram(prometheus.HistogramOpts{
		Name:    "stratop_watch_read_latency_seconds",
		Help:    "Latency of the watcher's requests, from sending to the end of the body.",
		Buckets: []float64{.01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10},
	})}
}

// Observe records one attempt.
func (l *Latency) Observe(a api.Attempt) { l.h.Observe(a.Duration.Seconds()) }
