package model

// Undo: for a while after a done suspend or resume, the undo key opens the
// confirmation of its exact inverse (action.Inverse) for the strategies as
// that action left them. The request carries, per strategy, the state it
// was left in and the audit id of the action: the Runner sends nothing for
// a strategy that changed since, and journals the inverse as its undo. It
// goes through the same gate, dialog and policy as the action keys.

import (
	"time"

	"github.com/charmbracelet/bubbles/key"

	"github.com/stratop/stratop/action"
	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/ui"
)

// UndoWindow is how long the undo key undoes the last reversible action.
const UndoWindow = 15 * time.Second

// undoOffer is the last reversible action's undo, while it is offered.
type undoOffer struct {
	inverse action.Spec
	owner   string           // the chosen user when the action was sent
	left    []api.Strategy   // each strategy as the action left it (Status: its Next)
	seq     map[int64]string // the audit id of the action on each
	until   time.Time
}

// offerUndo records the undo of the done results of req; it says whether
// there is one. An undo is not offered for undoing in turn: the key would
// toggle the strategy back and forth.
func (w workflow) offerUndo(req request, results []action.Result, records []api.Strategy) (workflow, bool) {
	spec, owner := req.spec, req.target.Owner
	inv, ok := action.Inverse(spec)
	if !ok || len(req.undoOf) > 0 {
		return w, false
	}
	o := &undoOffer{inverse: inv, owner: owner, seq: map[int64]string{}, until: w.env.now().Add(UndoWindow)}
	for _, r := range results {
		if r.Outcome != action.OutcomeDone || r.Seq == "" {
			continue
		}
		s := r.Target.Strategy
		for _, rec := range records {
			if rec.ID == s.ID {
				s = rec
			}
		}
		s.Status = spec.Next
		o.left = append(o.left, s)
		o.seq[s.ID] = r.Seq
	}
	if len(o.left) == 0 {
		return w, false
	}
	w.undo = o
	return w, true
}

// askUndo opens the inverse's confirmation while the undo is offered.
func (w workflow) askUndo() (workflow, effect) {
	o := w.undo
	if o == nil || !w.env.now().Before(o.until) {
		w.undo = nil
		return w, effect{notice: ui.NoticeNothingToUndo}
	}
	if w.readOnly() {
		return w, w.readOnlyNotice()
	}
	if w.overlay != nil {
		return w, effect{}
	}
	w.undo = nil // offered once: a second u undoes nothing more
	req := request{spec: o.inverse, undoOf: o.seq}
	if len(o.left) == 1 {
		s := o.left[0]
		if w.inflight[s.ID] {
			return w, effect{notice: ui.NoticeInFlight(s.ID)}
		}
		owner := o.owner
		if owner == "" {
			owner = s.UserID
		}
		req.target = action.Target{Strategy: s, Owner: owner, UndoOf: o.seq[s.ID]}
	} else {
		req.target = action.Target{Owner: o.owner}
		req.left = o.inverse.From[0]
		for _, s := range o.left {
			req.ids = append(req.ids, s.ID)
		}
	}
	w.overlay = newConfirmDialog(w.env, req, 0)
	return w, effect{}
}

// undoTarget is a bulk target of an undo: the strategy as the action left
// it, linked to that action's audit id.
func (r request) undoTarget(t action.Target) action.Target {
	if seq, ok := r.undoOf[t.Strategy.ID]; ok {
		t.UndoOf, t.Strategy.Status = seq, r.left
	}
	return t
}

// undoNote says in req's confirmation how it is undone, that it cannot
// be, or what it undoes.
func undoNote(undoKey key.Binding, d ui.Dialog, req request) ui.Dialog {
	if len(req.undoOf) > 0 {
		undone, _ := action.Inverse(req.spec)
		return ui.WithUndoNote(d, undoKey, "", "the "+undone.Name+" just sent")
	}
	inv, _ := action.Inverse(req.spec)
	return ui.WithUndoNote(d, undoKey, inv.Name, "")
}
