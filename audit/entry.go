package audit

import (
	"time"

	"github.com/stratop/stratop/api"
)

// Outcome is how an action ended, as the audit log records it. An intent
// line has none; an intent never followed by an outcome line reads as
// OutcomeUnknown.
type Outcome string

// Outcomes of an action.
const (
	OutcomeNone    Outcome = ""        // the intent line, written before sending
	OutcomeDone    Outcome = "done"    // the server accepted it
	OutcomeRefused Outcome = "refused" // refused by state: locally (nothing sent) or by the server's 400
	OutcomeFailed  Outcome = "failed"  // any other error; Error says which
	OutcomeUnknown Outcome = "unknown" // sent, but no answer: it may or may not have been applied
)

// Entry is one line of the audit log: written once as the intent, before the
// request leaves, and once more with the outcome. Seq pairs the two lines.
// It never holds a credential.
type Entry struct {
	Seq            string     `json:"seq"`
	Time           time.Time  `json:"time"`
	Profile        string     `json:"profile,omitempty"`
	Host           string     `json:"host,omitempty"`
	Integration    string     `json:"integration,omitempty"` // integration.ID.String(); absent in entries written before it was recorded
	Source         string     `json:"source,omitempty"`      // "dashboard", "cli" or "mcp"
	Action         string     `json:"action"`
	StrategyIDs    []int64    `json:"strategyIds,omitempty"`
	User           string     `json:"user,omitempty"`
	StateBefore    api.Status `json:"stateBefore,omitempty"`
	Expected       api.Status `json:"expected,omitempty"`
	Outcome        Outcome    `json:"outcome,omitempty"`
	Error          string     `json:"error,omitempty"`
	IdempotencyKey string     `json:"idempotencyKey,omitempty"`
	Amount         string     `json:"amount,omitempty"` // add-balance: the raw amount sent
	Reason         string     `json:"reason,omitempty"` // why the operator acted, in their words
	// UndoOf is the Seq of the action this one undoes (its exact inverse).
	UndoOf string `json:"undoOf,omitempty"`
	// Approval is set when an agent asked for the action and a person
	// approved it (source "mcp").
	Approval *Approval `json:"approval,omitempty"`
	// Writer names the liveness lock its writer holds while it runs
	// (WriterAlive): an intent without an outcome whose writer is gone
	// will never get one.
	Writer string `json:"writer,omitempty"`
	// Deadline is when the sender gives up waiting for the answer: an
	// intent still without an outcome after it has none coming.
	Deadline time.Time `json:"deadline,omitzero"`
}

// Approval says who asked for an action out of band and who let it go.
type Approval struct {
	Request  string `json:"request"`  // the pending request's id
	Agent    string `json:"agent"`    // the MCP client's name, as it introduced itself
	Approver string `json:"approver"` // the person who approved it
}

// Journal is where actions are recorded. *Log implements it; Discard drops
// everything.
type Journal interface {
	Write(Entry) error
}

// Discard is a Journal that keeps nothing (tests of code that does not
// look at the log).
var Discard Journal = discard{}

type discard struct{}

func (discard) Write(Entry) error { return nil }
