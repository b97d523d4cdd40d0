// Package action is the one table of the lifecycle actions of spec sections
// 3 and 4.6 and the one way to send them: read the strategy first, check the
// state against the table, write the intent to the audit log, send once
// (never retried), classify the outcome and write it. The dashboard and the
// command line both go through it; neither has a second implementation.
package action

import (
	"slices"
	"strings"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/internal/text"
)

// Confirm is how an action is confirmed before it is sent.
type Confirm uint8

const (
	// ConfirmYes asks y/n; the default answer is no.
	ConfirmYes Confirm = iota
	// ConfirmTyped cannot be undone: the operator types the target's id.
	ConfirmTyped
)

// Scope is what an action acts on.
type Scope uint8

const (
	ScopeStrategy Scope = iota // one strategy (or each marked one)
	ScopeUser                  // every strategy of one user, as a background job
)

// Spec is one row of the table.
type Spec struct {
	Name    string       // the binding, command and audit name: "halt", "add-balance"
	Label   string       // what the action does, in a few words for menus
	Effect  string       // spec section 3's "Also happens", in words
	From    []api.Status // the states it may start from
	Next    api.Status   // the state it leads to ("" when the state does not change)
	Confirm Confirm
	Scope   Scope
	// Owner says the route's body carries the owner's external user id.
	Owner bool
	// VolumeOnly restricts it to volume strategies (add-balance).
	VolumeOnly bool
	// Amount says the operator types an amount in token units, sent as raw
	// units under one idempotency key per request (add-balance).
	Amount bool
	// Bulk says it may run on each of several marked strategies.
	Bulk bool
	// Pending are, for a user-wide job, the states it still has to move a
	// strategy out of: the job is done when none of the user's strategies
	// is left in one of them.
	Pending []api.Status
	// Counted names, in a word, what Remaining counts: "active".
	Counted string

	send sender
}

var (
	live       = []api.Status{api.StatusActive, api.StatusSuspended, api.StatusPaused}
	nonArchive = []api.Status{api.StatusActive, api.StatusSuspended, api.StatusPaused, api.StatusCompleted}
)

// The table, as the sandbox applies spec section 3 where the spec leaves the
// condition "not stated": completed is terminal (halt, disable, suspend,
// resume and stop refuse it; archive takes it), archived takes nothing, halt
// and disable of a paused strategy succeed and leave it paused. Add-balance
// refuses completed and archived strategies; duplicate copies any strategy
// but an archived one (the sandbox keeps those for reads only).
var (
	Halt = Spec{Name: "halt", Label: "pause for good",
		Effect: "execution pauses; balances stay allocated; no route leaves paused",
		From:   live, Next: api.StatusPaused, Confirm: ConfirmTyped, Bulk: true, send: sendHalt}
	Suspend = Spec{Name: "suspend", Label: "pause, can be resumed",
		Effect: "execution pauses until resumed; balances stay allocated",
		From:   []api.Status{api.StatusActive}, Next: api.StatusSuspended, Owner: true, Bulk: true, send: sendSuspend}
	Resume = Spec{Name: "resume", Label: "run a suspended strategy again",
		Effect: "execution continues",
		From:   []api.Status{api.StatusSuspended}, Next: api.StatusActive, Owner: true, Bulk: true, send: sendResume}
	Stop = Spec{Name: "stop", Label: "complete for good",
		Effect: "terminal: balances zeroed",
		From:   live, Next: api.StatusCompleted, Owner: true, Confirm: ConfirmTyped, Bulk: true, send: sendStop}
	Archive = Spec{Name: "archive", Label: "archive for good",
		Effect: "terminal: balances zeroed, volume accumulator cleared",
		From:   nonArchive, Next: api.StatusArchived, Confirm: ConfirmTyped, Bulk: true, send: sendArchive}
	Disable = Spec{Name: "disable", Label: "pause and zero balances",
		Effect: "execution pauses; balances zeroed",
		From:   live, Next: api.StatusPaused, Owner: true, Confirm: ConfirmTyped, send: sendDisable}
	AddBalance = Spec{Name: "add-balance", Label: "add to a volume strategy's balance",
		Effect: "more of the user's tokens are allocated to the strategy; the state does not change",
		From:   live, Owner: true, VolumeOnly: true, Amount: true, send: sendAddBalance}
	Duplicate = Spec{Name: "duplicate", Label: "copy into a new strategy",
		Effect: "a new strategy with the same settings; the original is unchanged",
		From:   nonArchive, Owner: true, send: sendDuplicate}
	DisableAll = Spec{Name: "disable-all", Label: "pause every active strategy of the user",
		Effect: "background job: every active strategy of the user pauses",
		Next:   api.StatusPaused, Scope: ScopeUser, Confirm: ConfirmTyped,
		Pending: []api.Status{api.StatusActive}, Counted: "active", send: sendDisableAll}
	RemoveAll = Spec{Name: "remove-all", Label: "archive every strategy of the user",
		Effect: "background job: every strategy of the user is completed and archived; balances zeroed",
		Next:   api.StatusArchived, Scope: ScopeUser, Confirm: ConfirmTyped,
		Pending: nonArchive, Counted: "non-archived", send: sendRemoveAll}
)

// All is every action, in menu order.
var All = []Spec{Halt, Suspend, Resume, Stop, Archive, Disable, AddBalance, Duplicate, DisableAll, RemoveAll}

// Lookup finds an action by name.
func Lookup(name string) (Spec, bool) {
	for _, s := range All {
		if s.Name == name {
			return s, true
		}
	}
	return Spec{}, false
}

// Allowed reports whether a strategy may take the action, and if not, why
// in plain words.
func (s Spec) Allowed(st api.Strategy) (bool, string) {
	if s.Permits(st) {
		return true, ""
	}
	switch {
	case s.VolumeOnly && !strings.EqualFold(st.Type, api.MethodVolume):
		return false, "only a volume strategy has a balance to add to"
	case st.Status == api.StatusArchived:
		return false, "the strategy is archived"
	case st.Status == api.StatusCompleted:
		return false, "the strategy is completed (a terminal state)"
	case s.Name == Suspend.Name:
		return false, "only an active strategy can be suspended"
	case s.Name == Resume.Name:
		return false, "only a suspended strategy can be resumed"
	}
	return false, "not allowed from status " + text.CleanN(string(st.Status), 20)
}

// Permits is Allowed without the reason: what the help and the menu ask on
// every frame, so it allocates nothing.
func (s Spec) Permits(st api.Strategy) bool {
	if s.Scope == ScopeUser {
		return true
	}
	if s.VolumeOnly && !strings.EqualFold(st.Type, api.MethodVolume) {
		return false
	}
	return slices.Contains(s.From, st.Status)
}

// AllowedFrom reports whether status alone permits the action (ignoring the
// strategy's type).
func (s Spec) AllowedFrom(status api.Status) bool {
	return s.Scope == ScopeUser || slices.Contains(s.From, status)
}
