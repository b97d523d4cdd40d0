package sandbox

import (
	"strconv"
	"strings"
)

// The transition table of spec section 3. Rows whose condition the spec
// leaves "not stated" are decided here:
//   - completed is terminal: halt, disable, suspend, resume and stop refuse
//     it (stop included: a completed strategy has nothing left to stop);
//     archive still accepts it, since archive is "any non-archived".
//   - archived accepts nothing but reads: every transition refuses it.
//   - halt and disable of an already paused strategy succeed and leave it
//     paused (idempotent), as "any" suggests.
// A refused transition is a 400 (rule 1).

// op is a lifecycle operation.
type op uint8

const (
	opHalt op = iota
	opArchive
	opDisable
	opSuspend
	opResume
	opStop
)

// transition is one row of the table.
type transition struct {
	verb string
	from [numStatuses]bool
	to   uint8
	zero bool // "strategy balances zeroed"
}

// states builds a from-set.
func states(codes ...uint8) [numStatuses]bool {
	var set [numStatuses]bool
	for _, c := range codes {
		set[c] = true
	}
	return set
}

var transitions = [...]transition{
	opHalt:    {verb: "halt", from: states(stActive, stSuspended, stPaused), to: stPaused},
	opArchive: {verb: "archive", from: states(stActive, stSuspended, stPaused, stCompleted), to: stArchived, zero: true},
	opDisable: {verb: "disable", from: states(stActive, stSuspended, stPaused), to: stPaused, zero: true},
	opSuspend: {verb: "suspend", from: states(stActive), to: stSuspended},
	opResume:  {verb: "resume", from: states(stSuspended), to: stActive},
	opStop:    {verb: "stop", from: states(stActive, stSuspended, stPaused), to: stCompleted, zero: true},
}

// apply runs the transition on a strategy, or returns the 400 that refuses
// it. The caller holds the write lock.
func (s *Sandbox) apply(o op, st *strategy) (reply, bool) {
	t := &transitions[o]
	if !t.from[st.status] {
		return badRequest(refusal(t, st)), false
	}
	if t.zero {
		st.zeroBalances()
	}
	s.setStatus(st, t.to)
	return reply{}, true
}

// refusal explains a refused transition: what state it is in and which
// states the operation accepts.
func refusal(t *transition, st *strategy) string {
	var allowed []string
	for code, okFrom := range t.from {
		if okFrom {
			allowed = append(allowed, string(statusNames[code]))
		}
	}
	return "cannot " + t.verb + " strategy " + strconv.FormatInt(st.id, 10) + ": it is " +
		string(statusNames[st.status]) + "; " + t.verb + " applies to " + strings.Join(allowed, ", ") + " strategies"
}
