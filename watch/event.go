// Package watch is the change-detection engine: what to read and when
// under a request budget, the last-known state of what it covers, the
// differ, and the events it reports. It knows nothing of a screen; the
// dashboard, `stratop watch` and `stratop serve` subscribe to it.
package watch

import "time"

// Kind names what an event is about. The names are part of the event
// schema (watch/event.schema.json) that scripts depend on.
type Kind string

// Event kinds.
const (
	KindStatus    Kind = "strategy.status"   // a strategy's status changed: Before -> After
	KindAppeared  Kind = "strategy.appeared" // a strategy not seen before (After is its status)
	KindVanished  Kind = "strategy.vanished" // archived or gone (404), confirmed by a read by id
	KindUsersAdd  Kind = "users.added"       // the users count grew: Before -> After
	KindCounts    Kind = "counts"            // a per-status count changed: Status, Before -> After
	KindAction    Kind = "action"            // an action from the audit log, with its outcome
	KindConnLost  Kind = "connection.lost"   // reads of the interface started failing
	KindConnBack  Kind = "connection.restored"
	KindHeartbeat Kind = "heartbeat" // asked for: the watcher is alive
)

// Event is one change, one JSON object a line. ID is stable: the same
// change observed again (after a crash and a restart) carries the same ID,
// so a consumer that keeps IDs sees each change once.
type Event struct {
	ID string `json:"id"`
	// Time is when the read that showed the change was answered, on the
	// watcher's clock: never before the change (with clocks in step).
	// Actions, connection events and heartbeats: when the cycle began.
	Time    time.Time `json:"time"`
	Kind    Kind      `json:"kind"`
	Profile string    `json:"profile,omitempty"`
	Host    string    `json:"host,omitempty"`
	// Integration is the integration watched (integration.ID.String():
	// origin and a short hash of the key id), set when the event is
	// handed to Emit; two keys on one host tell their events apart by it.
	Integration string `json:"integration,omitempty"`
	Strategy    int64  `json:"strategyId,omitempty"`
	User        string `json:"user,omitempty"`  // the owner's external user id
	Pool        string `json:"pool,omitempty"`  // pool symbol
	Chain       int    `json:"chain,omitempty"` // chain id
	Type        string `json:"type,omitempty"`  // dca | volume
	Category    string `json:"category,omitempty"`
	Status      string `json:"status,omitempty"` // counts: which status's count
	Before      string `json:"before,omitempty"`
	After       string `json:"after,omitempty"`
	Detail      string `json:"detail,omitempty"` // words: an action's outcome and error, a lost connection's error
}
