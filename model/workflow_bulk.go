package model

// Bulk actions of the workflow: the marked rows split into those the action
// takes and those it skips (and why), each sent in turn under the same
// runner, the rows read again, and one report of every outcome.

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/action"
	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/ui"
)

// bulkSkip is a marked id a bulk action leaves alone, and why.
type bulkSkip struct {
	id  int64
	why string
}

// splitMarked parts the marked ids into those spec acts on and those it
// skips: in flight, or in a state the table does not allow. A row the tab
// does not hold is acted on: the runner reads it first and skips it then.
func (w workflow) splitMarked(spec action.Spec, sel selection) (acts []int64, skips []bulkSkip) {
	acts = []int64{}
	for _, id := range sel.marked {
		if w.inflight[id] {
			skips = append(skips, bulkSkip{id: id, why: ui.InFlightReason})
			continue
		}
		if s, ok := sel.known[id]; ok {
			if allowed, why := spec.Allowed(s); !allowed {
				skips = append(skips, bulkSkip{id: id, why: why})
				continue
			}
		}
		acts = append(acts, id)
	}
	return acts, skips
}

// bulkDoneMsg is the end of a bulk action: a result per id and the records
// read again.
type bulkDoneMsg struct {
	req     request
	results []action.Result
	busy    []int64
	records []api.Strategy
}

// bulkCmd runs the action on each id in turn, then re-reads them.
func (w workflow) bulkCmd(req request, busy []int64) tea.Cmd {
	ctx, runner := w.env.ctx, w.runnerFor(req)
	return func() tea.Msg {
		done := bulkDoneMsg{req: req, busy: busy}
		for _, id := range req.ids {
			t := req.undoTarget(action.Target{Strategy: api.Strategy{ID: id}, Owner: req.target.Owner, Reason: req.target.Reason})
			done.results = append(done.results, runner.Run(ctx, req.spec, t))
		}
		for _, id := range req.ids {
			if s, err := runner.Read(ctx, id); err == nil {
				done.records = append(done.records, cleanStrategy(*s))
			}
		}
		return done
	}
}

func (w workflow) settleBulk(msg bulkDoneMsg) (workflow, effect) {
	for _, id := range msg.req.ids {
		w.inflight = toggled(w.inflight, id, false)
	}
	lines := make([]string, 0, len(msg.results)+len(msg.busy))
	var journalErr error
	unaudited := false
	for _, r := range msg.results {
		lines = append(lines, ui.BulkLine(r.Target.Strategy.ID, string(r.Outcome), string(r.Spec.Next), r.Reason))
		if r.JournalErr != nil && r.Sent {
			journalErr = r.JournalErr
		}
		unaudited = unaudited || r.Unaudited
	}
	for _, id := range msg.busy {
		lines = append(lines, ui.BulkBusyLine(id))
	}
	for _, s := range msg.req.skipped {
		lines = append(lines, ui.BulkLine(s.id, "refused", "", s.why))
	}
	ef := effect{notice: ui.BulkDone(msg.req.spec.Name), news: true, records: msg.records}
	var undoable bool
	if w, undoable = w.offerUndo(msg.req, msg.results, msg.records); undoable {
		ef.notice += " · " + ui.UndoWindowNote(w.env.keys.Global.Undo)
	}
	switch {
	case unaudited:
		ef.notice += " · " + ui.NoticeUnaudited
	case journalErr != nil:
		ef.notice += " · " + ui.JournalFailed(journalErr.Error())
	}
	w = w.report(resultDialog{styles: w.env.styles, keys: w.env.keys.Dialog, title: ui.BulkTitle(msg.req.spec.Name), lines: lines})
	return w, ef
}
