package model

// The action workflow: the one owner of every action from the key to the
// outcome. The root hands it an action name (from the key map) and the
// visible tab's selection; it gates (read-only, the table's allowed states,
// one action in flight per strategy), opens the confirmation bound to the
// record captured then, and on a confirming decision sends through
// action.Runner (read first, audit, send once, never retried), re-reads,
// and reports. What it changes for the tabs travels as one workflowMsg.

import (
	"errors"
	"slices"
	"strconv"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/action"
	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/ui"
)

// request is one confirmed action: on the target captured when its dialog
// opened, or on each of the marked ids (bulk).
type request struct {
	spec   action.Spec
	target action.Target
	ids    []int64 // bulk: the marked ids it acts on; target.Owner is the chosen user
	// skipped are, for a bulk action, the marked ids it will not act on
	// and why, known before asking.
	skipped []bulkSkip
	// count is, for a user-wide job, how many of the user's strategies it
	// changes, counted before its confirmation opened.
	count int
	snap  *jobSnapshot // the strategies it changes, read with the count
	// unaudited: the operator overrode an audit log that cannot be
	// written; the Runner sends it with its Unaudited override.
	unaudited bool
	// undoOf, for the undo of an action, is that action's audit id per
	// strategy, and left the state it left them in (undo.go).
	undoOf map[int64]string
	left   api.Status
}

// runnerFor is the Runner that sends req: the dashboard's, with the
// override when the operator used it.
func (w workflow) runnerFor(req request) action.Runner {
	r := w.env.runner()
	r.Unaudited = req.unaudited
	return r
}

func (r request) bulk() bool { return r.ids != nil }

// subject names the request in notices: "halt strategy 12".
func (r request) subject() string {
	if r.spec.Scope == action.ScopeUser {
		return ui.JobSubject(r.spec.Name, r.target.Owner)
	}
	if r.bulk() {
		return r.spec.Name + " " + strconv.Itoa(len(r.ids)) + " marked strategies"
	}
	return ui.ActionSubject(r.spec.Name, r.target.Strategy.ID)
}

// overlay is a modal layer over the body (a dialog). It receives every key
// while open and answers with a decision; View draws it in the body's size.
type overlay interface {
	Update(msg tea.KeyMsg) (overlay, decision)
	View(width, height int) string
	Help() ui.HelpMap
	shown() shownDialog // what it shows, for the key trace (trace.go)
}

// decision is what a dialog decided on a key.
type decision struct {
	close  bool     // the dialog is done
	notice string   // said in the status line when it closes
	send   *request // confirmed: send this
	ask    *choice  // chosen (menu, or a gentler action): open its dialog through the gate
	copy   string   // copy this command line; the dialog stays open
}

// choice is an action chosen for the selection captured when the menu or
// dialog offering it opened.
type choice struct {
	spec action.Spec
	sel  selection
}

// workflowMsg tells the tabs what the workflow changed: the in-flight set
// (shared, never modified in place), fresh records and marks acted on.
type workflowMsg struct {
	pending map[int64]bool
	records []api.Strategy
	unmark  []int64
}

// effect is what a workflow step asks of the root.
type effect struct {
	notice  string
	cmd     tea.Cmd
	news    bool // send the tabs a workflowMsg
	records []api.Strategy
	unmark  []int64
	copy    string // a command line to put on the clipboard
}

// withAudit adds to the notice what the audit journal did not record: a
// sent action the operator believes journalled must say so.
func (ef effect) withAudit(res action.Result) effect {
	switch {
	case res.Unaudited:
		ef.notice += " · " + ui.NoticeUnaudited
	case res.JournalErr != nil && res.Sent:
		ef.notice += " · " + ui.JournalFailed(res.JournalErr.Error())
	}
	return ef
}

type workflow struct {
	env      *env
	overlay  overlay
	inflight map[int64]bool // copy-on-write
	jobs     jobs           // the user-wide jobs started and followed
	// reports are results that arrived while another dialog was open:
	// a late answer never replaces the dialog the operator is reading
	// (whose next key would then answer a question they did not see);
	// each is shown when the dialog before it closes. Copy-on-write.
	reports []overlay
	// undo is the last reversible action's undo while offered (undo.go).
	undo *undoOffer
}

// report shows a result dialog now when nothing else is open, else after
// what is open.
func (w workflow) report(r overlay) workflow {
	if w.overlay == nil {
		w.overlay = r
	} else {
		w.reports = append(slices.Clip(w.reports), r)
	}
	return w
}

// nextReport opens the oldest waiting result once no dialog is open. The
// root calls it on messages that are not keys only, so keys typed ahead
// after the esc that closed a dialog never answer a result that opened
// between them.
func (w workflow) nextReport() workflow {
	if w.overlay == nil && len(w.reports) > 0 {
		w.overlay, w.reports = w.reports[0], w.reports[1:]
	}
	return w
}

func newWorkflow(e *env) workflow { return workflow{env: e} }

// ask is the gate: the only path from a key to a dialog. It refuses in
// read-only mode, then what the table forbids (saying why, sending
// nothing), and otherwise opens the confirmation.
func (w workflow) ask(spec action.Spec, sel selection) (workflow, effect) {
	if w.readOnly() {
		return w, w.readOnlyNotice()
	}
	if w.overlay != nil {
		return w, effect{}
	}
	if spec.Scope == action.ScopeUser {
		return w.askJob(spec, sel.user)
	}
	if len(sel.marked) > 0 && spec.Bulk {
		acts, skips := w.splitMarked(spec, sel)
		if len(acts) == 0 {
			return w, effect{notice: ui.NoticeRefused(spec.Name+" "+strconv.Itoa(len(sel.marked))+" marked strategies",
				ui.BulkNoneToAct(len(skips)))}
		}
		req := request{spec: spec, target: action.Target{Owner: sel.user}, ids: acts, skipped: skips}
		w.overlay = newConfirmDialog(w.env, req, sel.hidden)
		return w, effect{}
	}
	if sel.strategy == nil || spec.Scope != action.ScopeStrategy {
		return w, effect{}
	}
	s := *sel.strategy
	subject := ui.ActionSubject(spec.Name, s.ID)
	if ok, why := spec.Allowed(s); !ok {
		return w, effect{notice: ui.NoticeRefused(subject, why)}
	}
	if w.inflight[s.ID] {
		return w, effect{notice: ui.NoticeInFlight(s.ID)}
	}
	owner := sel.user
	if owner == "" {
		owner = s.UserID
	}
	req := request{spec: spec, target: action.Target{Strategy: s, Owner: owner}}
	if spec.Amount {
		return w.askBalance(req)
	}
	w.overlay = newConfirmDialog(w.env, req, 0).offerGentler(w.env, sel)
	return w, effect{}
}

// readOnly reports whether the policy refuses every action: the gate asks
// it before any dialog opens (the Runner refuses again when sending).
func (w workflow) readOnly() bool {
	return errors.Is(w.env.runner().Check(action.Target{}), action.ErrReadOnly)
}

// readOnlyNotice is the refusal in read-only mode, naming its source.
func (w workflow) readOnlyNotice() effect {
	return effect{notice: ui.NoticeReadOnlyBy(w.env.policy.ReadOnlyBy)}
}

// key hands a key to the open dialog and carries out its decision.
func (w workflow) key(msg tea.KeyMsg) (workflow, effect) {
	next, d := w.overlay.Update(msg)
	if d.close {
		next = nil
	}
	w.overlay = next
	if d.ask != nil {
		w.overlay = nil
		return w.ask(d.ask.spec, d.ask.sel)
	}
	if d.send == nil {
		return w, effect{notice: d.notice, copy: d.copy}
	}
	w.overlay = nil
	return w.send(*d.send)
}

// send locks the ids not already in flight and starts the command.
func (w workflow) send(req request) (workflow, effect) {
	w.undo = nil // undo is of the last action sent only
	if req.spec.Scope == action.ScopeUser {
		return w.sendJob(req)
	}
	if !req.bulk() {
		id := req.target.Strategy.ID
		if w.inflight[id] {
			return w, effect{notice: ui.NoticeInFlight(id)}
		}
		w.inflight = toggled(w.inflight, id, true)
		return w, effect{notice: ui.NoticeSending(req.subject()), news: true, cmd: w.actionCmd(req)}
	}
	var ids, busy []int64
	for _, id := range req.ids {
		if w.inflight[id] {
			busy = append(busy, id)
			continue
		}
		ids = append(ids, id)
		w.inflight = toggled(w.inflight, id, true)
	}
	req.ids = ids
	// The marks go now: the rows show the action pending, and the next key
	// is not offered rows this action is already changing.
	unmark := append(slices.Clone(req.ids), busy...)
	for _, s := range req.skipped {
		unmark = append(unmark, s.id)
	}
	return w, effect{notice: ui.NoticeSending(req.subject()), news: true, cmd: w.bulkCmd(req, busy), unmark: unmark}
}

// actionDoneMsg is the end of one action: its result and the record read
// again afterwards (nil when that read failed, with rereadErr).
type actionDoneMsg struct {
	req       request
	res       action.Result
	reread    *api.Strategy
	rereadErr error
}

// actionCmd runs the action and re-reads the strategy.
func (w workflow) actionCmd(req request) tea.Cmd {
	ctx, runner := w.env.ctx, w.runnerFor(req)
	return func() tea.Msg {
		res := runner.Run(ctx, req.spec, req.target)
		msg := actionDoneMsg{req: req, res: res}
		switch {
		case res.Sent:
			msg.reread, msg.rereadErr = runner.Read(ctx, req.target.Strategy.ID)
		case res.Current != nil:
			msg.reread = res.Current
		}
		if msg.reread != nil {
			c := cleanStrategy(*msg.reread)
			msg.reread = &c
		}
		return msg
	}
}

// settle takes the end of an action or a bulk action, and the answers of
// the user-wide jobs.
func (w workflow) settle(msg tea.Msg) (workflow, effect) {
	switch msg := msg.(type) {
	case actionDoneMsg:
		return w.settleAction(msg)
	case bulkDoneMsg:
		return w.settleBulk(msg)
	case jobSentMsg, jobTickMsg, jobPolledMsg:
		return w.settleJob(msg)
	}
	return w, effect{}
}

func (w workflow) settleAction(msg actionDoneMsg) (workflow, effect) {
	req, res := msg.req, msg.res
	id := req.target.Strategy.ID
	w.inflight = toggled(w.inflight, id, false)
	ef := effect{news: true}
	if msg.reread != nil {
		ef.records = []api.Strategy{*msg.reread}
	}
	subject := req.subject()
	st := w.env.styles
	keys := w.env.keys.Dialog
	switch {
	case res.Outcome == action.OutcomeDone && req.target.Amount != "":
		ef.notice = ui.NoticeBalanceAdded(subject, balanceForms(req.target))
	case res.Outcome == action.OutcomeDone:
		ef.notice = ui.NoticeDone(subject, string(req.spec.Next))
		var records []api.Strategy
		if msg.reread != nil {
			records = append(records, *msg.reread)
		}
		var undoable bool
		if w, undoable = w.offerUndo(req, []action.Result{res}, records); undoable {
			ef.notice += " · " + ui.UndoWindowNote(w.env.keys.Global.Undo)
		}
		if res.NewID != 0 {
			ef.notice = ui.NoticeDuplicated(subject, res.NewID)
			ef.cmd = focusCmd(res.NewID)
		}
	case res.Outcome == action.OutcomeUnknown:
		ef.notice = ui.NoticeOutcome(subject, "outcome unknown")
		record, rereadErr := "", ""
		var retry *request
		if msg.reread != nil {
			record = string(msg.reread.Status)
			again := req
			again.target.Strategy = *msg.reread
			retry = &again
		} else if msg.rereadErr != nil {
			rereadErr = api.Explain(msg.rereadErr, w.env.host)
		}
		lines := ui.OutcomeUnknownLines(req.spec.Name, id, api.Explain(res.Err, w.env.host), record, string(req.spec.Next), rereadErr)
		w = w.report(resultDialog{styles: st, keys: keys, title: "Outcome unknown: " + subject, lines: lines, danger: true, retry: retry})
	default:
		ef.notice = ui.NoticeOutcome(subject, res.Reason)
		title := subject + " failed"
		if !res.Sent {
			title = subject + ": nothing sent"
		}
		lines := ui.WrapWords(res.Reason, 66)
		if msg.reread != nil && res.Sent {
			lines = append(lines, "", "Strategy "+itoa(id)+" is "+string(msg.reread.Status)+".")
		}
		w = w.report(resultDialog{styles: st, keys: keys, title: title, lines: lines})
	}
	return w, ef.withAudit(res)
}
