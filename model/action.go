package model

// The action gate. Every state-changing action starts as an
// ActionRequestMsg sent by a tab and passes through Model.requestAction,
// the one function allowed to turn a request into a dialog or a request to
// the server. Read-only mode is enforced there; the key map and help only
// hide what the gate would refuse anyway.

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/ui"
)

// Action is a state-changing strategy action of DESIGN.md.
type Action int

// Actions, in key-map order.
const (
	ActionHalt Action = iota + 1
	ActionSuspend
	ActionResume
	ActionArchive
	ActionStop
)

// String names the action as the help and dialogs do.
func (a Action) String() string {
	switch a {
	case ActionHalt:
		return "halt"
	case ActionSuspend:
		return "suspend"
	case ActionResume:
		return "resume"
	case ActionArchive:
		return "archive"
	case ActionStop:
		return "stop"
	}
	return "unknown action"
}

// transition is one row of the action table: the states an action may
// start from, the state it leads to, and whether it needs the owner (the
// body routes with userId and strategyId) or a typed confirmation.
type transition struct {
	from      []api.Status
	next      api.Status
	needOwner bool
	typed     bool // cannot be undone: type the strategy id to confirm
}

// transitions is the one table of spec section 3 as the sandbox applies it:
// completed is terminal (halt, suspend, resume and stop refuse it; archive
// takes it), archived takes nothing, halt of a paused strategy succeeds.
var transitions = map[Action]transition{
	ActionHalt:    {from: []api.Status{api.StatusActive, api.StatusSuspended, api.StatusPaused}, next: api.StatusPaused},
	ActionSuspend: {from: []api.Status{api.StatusActive}, next: api.StatusSuspended, needOwner: true},
	ActionResume:  {from: []api.Status{api.StatusSuspended}, next: api.StatusActive, needOwner: true},
	ActionStop:    {from: []api.Status{api.StatusActive, api.StatusSuspended, api.StatusPaused}, next: api.StatusCompleted, needOwner: true, typed: true},
	ActionArchive: {from: []api.Status{api.StatusActive, api.StatusSuspended, api.StatusPaused, api.StatusCompleted}, next: api.StatusArchived, typed: true},
}

// Allowed reports whether a strategy in status st may take the action
// (the transitions table), and if not, why in plain words.
func (a Action) Allowed(st api.Status) (bool, string) {
	tr, ok := transitions[a]
	if !ok {
		return false, "unknown action"
	}
	for _, f := range tr.from {
		if f == st {
			return true, ""
		}
	}
	switch {
	case st == api.StatusArchived:
		return false, "the strategy is archived"
	case st == api.StatusCompleted:
		return false, "the strategy is completed (a terminal state)"
	case a == ActionSuspend:
		return false, "only an active strategy can be suspended"
	case a == ActionResume:
		return false, "only a suspended strategy can be resumed"
	}
	return false, "not allowed from status " + ui.SanitizeLimit(string(st), 20)
}

// Next is the state the action leads to.
func (a Action) Next() api.Status { return transitions[a].next }

// needsOwner reports whether the action's route carries the owner's id.
func (a Action) needsOwner() bool { return transitions[a].needOwner }

// typed reports whether the action cannot be undone, so its dialog asks to
// type the strategy id.
func (a Action) typed() bool { return transitions[a].typed }

// ActionRequestMsg asks the gate to start an action on Strategy, the record
// captured when the key was pressed (its ID is the target, never a row).
// Marked lists the ids marked with space at that moment.
type ActionRequestMsg struct {
	Action   Action
	Strategy api.Strategy
	Marked   []int64
}

// actionsEnabled reports whether actions may be offered at all: false in
// read-only mode. Help and marks consult it; requestAction enforces it.
func (d *deps) actionsEnabled() bool { return !d.readOnly }

// actionForKey maps an action key to its action.
func (d *deps) actionForKey(msg tea.KeyMsg) (Action, bool) {
	k := d.keys
	switch {
	case key.Matches(msg, k.Halt):
		return ActionHalt, true
	case key.Matches(msg, k.Suspend):
		return ActionSuspend, true
	case key.Matches(msg, k.Resume):
		return ActionResume, true
	case key.Matches(msg, k.Archive):
		return ActionArchive, true
	case key.Matches(msg, k.Stop):
		return ActionStop, true
	}
	return 0, false
}

// actionBinding is the key binding of an action.
func (d *deps) actionBinding(a Action) key.Binding {
	k := d.keys
	switch a {
	case ActionHalt:
		return k.Halt
	case ActionSuspend:
		return k.Suspend
	case ActionResume:
		return k.Resume
	case ActionArchive:
		return k.Archive
	case ActionStop:
		return k.Stop
	}
	return key.Binding{}
}

// Notices of the gate (shown in the status line).
const (
	noticeReadOnly    = "read-only mode: actions are disabled"
	noticeUnavailable = "actions are not supported by this client"
)

// requestAction is the gate: the only path from a key to an action. It
// refuses in read-only mode, then what the state machine forbids (saying
// why, sending nothing), and otherwise opens the confirmation dialog bound
// to the captured strategy.
func (m Model) requestAction(req ActionRequestMsg) (Model, tea.Cmd) {
	if !m.d.actionsEnabled() {
		m.notice = noticeReadOnly
		return m, nil
	}
	if _, ok := m.d.api.(ActionAPI); !ok {
		m.notice = noticeUnavailable
		return m, nil
	}
	if m.overlay != nil {
		return m, nil
	}
	if len(req.Marked) > 0 && (req.Action == ActionArchive || req.Action == ActionHalt) {
		m.overlay = newBulkDialog(m.d, req.Action, req.Marked, m.chosen)
		return m, nil
	}
	if req.Strategy.ID == 0 {
		return m, nil
	}
	if ok, why := req.Action.Allowed(req.Strategy.Status); !ok {
		m.notice = req.Action.String() + " " + "strategy " + itoa(req.Strategy.ID) + ": " + why
		return m, nil
	}
	if m.inflight[req.Strategy.ID] {
		m.notice = noticeInFlight(req.Strategy.ID)
		return m, nil
	}
	owner := m.chosen
	if owner == "" {
		owner = req.Strategy.UserID
	}
	m.overlay = newActionDialog(m.d, req.Action, req.Strategy, owner, m.knownUsers())
	return m, nil
}

// noticeInFlight says why a second action on a strategy was not sent.
func noticeInFlight(id int64) string {
	return "an action on strategy " + itoa(id) + " is already in flight: wait for its reply"
}

// knownUsers are the external ids of the users list, for completing the
// owner in a dialog (nil before the list was read).
func (m Model) knownUsers() []string {
	ut, ok := m.tabs[tabUsers].(usersTab)
	if !ok || ut.data == nil {
		return nil
	}
	out := make([]string, 0, len(ut.data.users))
	for _, u := range ut.data.users {
		out = append(out, u.ExternalUserID)
	}
	return out
}
