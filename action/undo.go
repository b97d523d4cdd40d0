package action

import (
	"errors"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/audit"
)

// inverses are the actions with an exact inverse: the one that puts the
// strategy back in the state it left, with nothing else changed. Halt,
// stop, archive, disable, add-balance, duplicate and the user-wide jobs
// have none.
var inverses = map[string]Spec{Suspend.Name: Resume, Resume.Name: Suspend}

// Inverse is the action that undoes spec, when there is an exact one.
func Inverse(spec Spec) (Spec, bool) {
	inv, ok := inverses[spec.Name]
	return inv, ok
}

// ErrNoUndo: the recorded action cannot be undone (no exact inverse, not
// done, or not one strategy's).
var ErrNoUndo = errors.New("cannot be undone")

// UndoOf is how the action rec recorded is undone: the inverse action and
// its target, the strategy as rec left it, so that Run sends nothing when
// it changed since (someone else acted). Only a done action with an exact
// inverse on one strategy can be undone.
func UndoOf(rec audit.Record) (Spec, Target, error) {
	spec, ok := Lookup(rec.Action)
	if !ok {
		return Spec{}, Target{}, &policyError{kind: ErrNoUndo, msg: "unknown action " + rec.Action + ": it cannot be undone"}
	}
	inv, ok := Inverse(spec)
	switch {
	case !ok:
		return Spec{}, Target{}, &policyError{kind: ErrNoUndo, msg: rec.Action + " has no exact inverse: it cannot be undone"}
	case rec.Outcome != audit.OutcomeDone:
		return Spec{}, Target{}, &policyError{kind: ErrNoUndo, msg: "the " + rec.Action + " was not done (" + outcomeWords(rec) + "): nothing to undo"}
	case len(rec.StrategyIDs) != 1:
		return Spec{}, Target{}, &policyError{kind: ErrNoUndo, msg: "the record names no single strategy: nothing to undo"}
	}
	left := spec.Next
	t := Target{Strategy: api.Strategy{ID: rec.StrategyIDs[0], Status: left, UserID: rec.User}, Owner: rec.User, UndoOf: rec.Seq}
	return inv, t, nil
}

func outcomeWords(rec audit.Record) string {
	if rec.Outcome == "" {
		return "no outcome"
	}
	return string(rec.Outcome)
}
