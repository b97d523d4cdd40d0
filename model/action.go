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

// Allowed reports whether the state machine of spec section 3 lets a
// strategy in status st take the action, and if not, why. Halt and archive
// work from any state but archived; suspend only from active; resume only
// from suspended; stop from any state but completed and archived.
func (a Action) Allowed(st api.Status) (bool, string) {
	if st == api.StatusArchived {
		return false, "the strategy is archived"
	}
	switch a {
	case ActionSuspend:
		if st != api.StatusActive {
			return false, "only an active strategy can be suspended"
		}
	case ActionResume:
		if st != api.StatusSuspended {
			return false, "only a suspended strategy can be resumed"
		}
	case ActionStop:
		if st == api.StatusCompleted {
			return false, "the strategy is already completed"
		}
	}
	return true, ""
}

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
	noticeUnavailable = "actions are not available yet"
)

// requestAction is the gate: the only path from a key to an action.
func (m Model) requestAction(req ActionRequestMsg) (Model, tea.Cmd) {
	if !m.d.actionsEnabled() {
		m.notice = noticeReadOnly
		return m, nil
	}
	if ok, why := req.Action.Allowed(req.Strategy.Status); !ok {
		m.notice = req.Action.String() + " " + "strategy " + itoa(req.Strategy.ID) + ": " + why
		return m, nil
	}
	// Issue 5 opens the confirmation dialog here (m.overlay = ...).
	m.notice = noticeUnavailable
	return m, nil
}
