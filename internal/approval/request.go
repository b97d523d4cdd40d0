// Package approval keeps the actions an agent asked for and a person has
// not decided yet: one file per integration, written under a file lock and
// replaced atomically, so the MCP server, `stratop approve` and the
// dashboard, in separate processes, see one list. A request holds the
// exact targets computed when the agent asked (ids, owners, states, raw
// amounts); a person approves those or nothing.
package approval

import (
	"time"

	"github.com/stratop/stratop/api"
)

// DefaultTTL is how long a request waits for a person before it expires.
const DefaultTTL = 10 * time.Minute

// State is where a request stands. Expired is never stored: a pending
// request past its Expires reads as expired.
type State string

// States of a request.
const (
	Pending  State = "pending"
	Approved State = "approved"
	Rejected State = "rejected"
	Expired  State = "expired"
)

// Request is one action an agent asked for.
type Request struct {
	ID          string    `json:"id"`
	Action      string    `json:"action"`      // an action.Spec name
	Integration string    `json:"integration"` // integration.ID.String()
	Profile     string    `json:"profile,omitempty"`
	Client      string    `json:"client"` // the MCP client's name and version, as it introduced itself
	Reason      string    `json:"reason"` // why, in the agent's words
	Created     time.Time `json:"created"`
	Expires     time.Time `json:"expires"`
	Targets     []Target  `json:"targets"`
	State       State     `json:"state"`
	Decided     time.Time `json:"decided,omitzero"`
	By          string    `json:"by,omitempty"`      // who approved or rejected it
	Outcome     string    `json:"outcome,omitempty"` // what approving it did, in words
}

// Target is one thing the action will change, as it was read when the
// agent asked: approval re-reads it and skips it when it is not so any more.
type Target struct {
	Strategy int64      `json:"strategyId,omitempty"` // 0 for a user-wide job
	User     string     `json:"user"`                 // the owner's external user id
	Status   api.Status `json:"status,omitempty"`     // the strategy's state then
	Next     api.Status `json:"next,omitempty"`       // the state the action leads to
	Pool     string     `json:"pool,omitempty"`       // the pool's symbol
	Type     string     `json:"type,omitempty"`
	Category string     `json:"category,omitempty"`
	// Amount is add-balance's amount in raw units, Tokens the same in
	// token units (Decimals); Balance the strategy's balance then (raw),
	// BalanceAfter with the amount added.
	Amount       string `json:"amount,omitempty"`
	Tokens       string `json:"tokens,omitempty"`
	Decimals     int    `json:"decimals,omitempty"`
	Balance      string `json:"balance,omitempty"`
	BalanceAfter string `json:"balanceAfter,omitempty"`
	// IdempotencyKey is add-balance's key, fixed when the agent asked, so
	// the amount is added at most once whoever approves and how often.
	IdempotencyKey string `json:"idempotencyKey,omitempty"`
	// Count is, for a user-wide job, how many of the user's strategies it
	// would change then.
	Count int `json:"count"`
}

// StateAt is the request's state at now: a pending request past its
// expiry is Expired.
func (r Request) StateAt(now time.Time) State {
	if r.State == Pending && !now.Before(r.Expires) {
		return Expired
	}
	return r.State
}

// IDs are the strategy ids of the targets, in order.
func (r Request) IDs() []int64 {
	var ids []int64
	for _, t := range r.Targets {
		if t.Strategy != 0 {
			ids = append(ids, t.Strategy)
		}
	}
	return ids
}
