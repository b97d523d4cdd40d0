// Package fleet polls every configured profile's integration at once, each
// in its own goroutine with its own timeout and request budget, so one slow
// or dead integration never holds up the others, and reduces what each
// answered (with what the integration's history, alert state and the audit
// log say) to one row: its state, the age of its data, its counts and how
// they moved in the last hour. It knows no screen: `stratop fleet` prints
// the rows, the dashboard's fleet view draws them.
package fleet

import (
	"fmt"
	"sort"
	"time"

	"github.com/stratop/stratop/history"
)

// State is how an integration's reads stand.
type State string

// The states, from the most troubled.
const (
	Rejected State = "rejected"    // the credentials were refused (401/403)
	Unopened State = "cannot open" // no credentials, or a profile that does not resolve
	Failing  State = "failing"     // the last poll failed
	Stale    State = "stale"       // no answer for over two intervals (a read hangs)
	Waiting  State = "waiting"     // not read yet, and not late
	OK       State = "ok"
	Paused   State = "not polled" // the operator took it out of the fleet's polling
)

// stateRank orders rows: what needs attention first.
var stateRank = map[State]int{Rejected: 0, Unopened: 0, Failing: 1, Stale: 2, Waiting: 4, OK: 5, Paused: 6}

// concernRank places an answering row with halts, alerts or failed actions
// after the ones whose reads fail and before the quiet ones.
const concernRank = 3

// Statuses are the strategy statuses a row counts, as history keeps them.
var Statuses = history.Statuses

// MoverStatuses are the statuses whose newcomers a row names.
var MoverStatuses = []string{"paused", "suspended", "completed"}

// Mover is a strategy seen to move into a status in the last hour.
type Mover struct {
	ID     int64     `json:"id"`
	Status string    `json:"status"`
	At     time.Time `json:"at"`
	By     string    `json:"by"` // "audit" (an action from this machine) or "listing" (its update time)
}

// Row is one integration as the fleet last saw it.
type Row struct {
	Profile     string `json:"profile"`
	Label       string `json:"label"`
	Color       string `json:"color,omitempty"`
	Integration string `json:"integration"` // the canonical id: origin#keyhash
	Host        string `json:"host"`
	ReadOnly    bool   `json:"readOnly"`
	Polled      bool   `json:"polled"`

	State State `json:"state"`
	// StateFor is how long the state has held (failing, stale) or how old
	// the data is; zero when it says nothing.
	StateFor time.Duration `json:"-"`
	// ReadAt is the last good read; zero when there was none.
	ReadAt time.Time `json:"readAt,omitzero"`
	// AgeSeconds is the age of the data when the row was made; nil: never read.
	AgeSeconds *int64 `json:"ageSeconds"`
	Error      string `json:"error,omitempty"`

	Users      *int64         `json:"users"`
	Strategies map[string]int `json:"strategies,omitempty"`
	// Change is each status's count now minus an hour ago (or since
	// ChangeSince, when the kept history is younger); nil: unknown.
	Change      map[string]int `json:"change"`
	ChangeSince time.Time      `json:"changeSince,omitzero"`
	// Movers are strategies seen to move into paused, suspended or
	// completed in the last hour. MoversComplete says every mover was
	// seen; false means the list may lack some (the fleet saw only the
	// newest of a long list, and actions from other machines).
	Movers         []Mover `json:"movers"`
	MoversComplete bool    `json:"moversComplete"`
	// OpenAlerts are stratop serve's open alerts; nil: no alert state
	// (serve never ran for this integration on this machine).
	OpenAlerts *int `json:"openAlerts"`
	// AlertmanagerAlerts are the alerts labelled with the integration on
	// the Alertmanager sinks the settings' rules route to, from any
	// machine's serve; nil: no such sink, or none answered
	// (AlertmanagerError says why).
	AlertmanagerAlerts *int   `json:"alertmanagerAlerts"`
	AlertmanagerError  string `json:"alertmanagerError,omitempty"`
	ActionsFailed      int    `json:"actionsFailed"`  // in the last hour, from the audit log
	ActionsUnknown     int    `json:"actionsUnknown"` // sent, no answer known
	JobsRunning        int    `json:"jobsRunning"`    // actions in flight and user-wide jobs started in the last hour
}

// Halts are the row's movers into paused.
func (r Row) Halts() []Mover {
	var out []Mover
	for _, m := range r.Movers {
		if m.Status == "paused" {
			out = append(out, m)
		}
	}
	return out
}

// Troubled says the row asks for a look: its reads fail or lag, its
// credentials are refused, or it has halts, open alerts or failed actions.
func (r Row) Troubled() bool {
	return r.Polled && (stateRank[r.State] < stateRank[Waiting] || r.concerns() > 0)
}

func (r Row) concerns() int {
	return len(r.Halts()) + r.ActionsFailed + r.ActionsUnknown + r.Alerts()
}

// Alerts is the open alerts counted once: the Alertmanagers hold the
// alerts this machine's serve sent too, so the larger of the two counts.
func (r Row) Alerts() int {
	n := 0
	if r.OpenAlerts != nil {
		n = *r.OpenAlerts
	}
	if r.AlertmanagerAlerts != nil {
		n = max(n, *r.AlertmanagerAlerts)
	}
	return n
}

// StateText is the state as an operator reads it: "ok", "STALE 40 s",
// "FAILING 2m", "credentials rejected", with "· read-only" after it.
func (r Row) StateText() string {
	var s string
	switch r.State {
	case Rejected:
		s = "credentials rejected"
	case Failing:
		s = "FAILING " + Short(r.StateFor)
	case Stale:
		s = "STALE " + Short(r.StateFor)
	case Unopened:
		s = "cannot open"
	case Waiting:
		s = "not read yet"
	case Paused:
		s = "not polled"
	default:
		s = "ok"
	}
	if r.ReadOnly {
		s += " · read-only"
	}
	return s
}

// Short is a duration as a row shows it: 40 s, 2m, 1h05m.
func Short(d time.Duration) string {
	d = d.Round(time.Second)
	switch {
	case d < time.Minute:
		return fmt.Sprintf("%d s", int(d.Seconds()))
	case d < time.Hour:
		return fmt.Sprintf("%dm", int(d.Minutes()))
	default:
		return fmt.Sprintf("%dh%02dm", int(d.Hours()), int(d.Minutes())%60)
	}
}

// Sort orders rows by what needs attention first: refused credentials,
// failing, stale, then rows with concerns (most first), then the rest, by
// label.
func Sort(rows []Row) {
	sort.SliceStable(rows, func(i, j int) bool {
		a, b := rows[i], rows[j]
		if ra, rb := rank(a), rank(b); ra != rb {
			return ra < rb
		}
		if ca, cb := a.concerns(), b.concerns(); ca != cb {
			return ca > cb
		}
		return a.Label < b.Label
	})
}

func rank(r Row) int {
	if r.State == OK && r.concerns() > 0 {
		return concernRank
	}
	return stateRank[r.State]
}
