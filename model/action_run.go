package model

// Sending a confirmed action and settling its reply. One action is in
// flight per strategy (Model.inflight); its row shows a pending mark until
// the reply, and the strategy is then re-read with GET /strategies/{id}.
// An action is never retried automatically: when its outcome is unknown
// (timeout, dropped connection) the strategy is re-read and a retry is
// offered on a key.

import (
	"context"
	"errors"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/ui"
)

// actionReplyMsg is the answer to one action (or why it was not sent).
type actionReplyMsg struct {
	action  Action
	target  api.Strategy
	owner   string
	sent    bool          // the POST left (its outcome may still be unknown)
	changed *api.Strategy // the pre-send read found another state: nothing sent
	err     error
}

// actionRereadMsg is the re-read after an action's reply.
type actionRereadMsg struct {
	reply  actionReplyMsg
	record *api.Strategy
	err    error
}

// errGone stands for a strategy that no longer exists (404 before sending).
var errGone = errors.New("gone")

// afterOverlay acts on what a dialog decided during the last key.
func (m Model) afterOverlay() (Model, tea.Cmd) {
	switch dl := m.overlay.(type) {
	case actionDialog:
		if dl.confirmed {
			dl.confirmed = false
			return m.confirmAction(dl)
		}
	case bulkDialog:
		if dl.confirmed {
			m.overlay = nil
			return m.startBulk(dl)
		}
	case resultDialog:
		if dl.retried && dl.retry != nil {
			m.overlay = nil
			r := *dl.retry
			if ok, why := r.action.Allowed(r.target.Status); !ok {
				m.notice = "retry " + r.action.String() + " strategy " + itoa(r.target.ID) + ": " + why + " (nothing sent)"
				return m, nil
			}
			return m.send(r.action, r.target, r.owner)
		}
	}
	return m, nil
}

// latestRecord is the newest record the dashboard holds for id.
func (m Model) latestRecord(id int64) (api.Strategy, bool) {
	t, ok := m.tabs[tabStrategies].(strategiesTab)
	if !ok {
		return api.Strategy{}, false
	}
	if t.detail.data != nil && t.detail.dataFor == id && t.detail.data.ID == id {
		return *t.detail.data, true
	}
	if t.data != nil {
		for _, it := range t.data.items {
			if it.ID == id {
				return it.Strategy, true
			}
		}
	}
	return api.Strategy{}, false
}

// confirmAction sends the dialog's action unless its target changed state
// meanwhile or already has an action in flight.
func (m Model) confirmAction(dl actionDialog) (Model, tea.Cmd) {
	id := dl.target.ID
	if cur, ok := m.latestRecord(id); ok && cur.Status != dl.target.Status {
		dl.blocked = true
		dl.note = "strategy " + itoa(id) + " changed state meanwhile (" + string(dl.target.Status) + " -> " +
			ui.SanitizeLimit(string(cur.Status), 20) + "): nothing sent"
		m.overlay = dl
		return m, nil
	}
	m.overlay = nil
	if m.inflight[id] {
		m.notice = noticeInFlight(id)
		return m, nil
	}
	return m.send(dl.action, dl.target, dl.owner)
}

// send marks id in flight and pending and starts the action command.
func (m Model) send(a Action, target api.Strategy, owner string) (Model, tea.Cmd) {
	client, ok := m.d.api.(ActionAPI)
	if !ok {
		m.notice = noticeUnavailable
		return m, nil
	}
	id := target.ID
	m.inflight = toggled(m.inflight, id, true)
	m.notice = a.String() + " strategy " + itoa(id) + ": sending…"
	var c1 tea.Cmd
	m, c1 = m.broadcast(pendingMsg{ID: id, Pending: true})
	return m, tea.Batch(c1, actionCmd(m.d, client, a, target, owner))
}

// actionCmd reads the strategy first (so a strategy that vanished or
// changed state since the dialog opened gets nothing), then sends the action
// once under the action timeout.
func actionCmd(d *deps, client ActionAPI, a Action, target api.Strategy, owner string) tea.Cmd {
	reader, fetchTimeout, timeout := d.api, d.fetchTimeout, d.actionTimeout
	return func() tea.Msg {
		reply := actionReplyMsg{action: a, target: target, owner: owner}
		ctx, cancel := context.WithTimeout(context.Background(), fetchTimeout)
		cur, err := reader.GetStrategy(ctx, target.ID)
		cancel()
		switch {
		case errors.Is(err, api.ErrNotFound):
			reply.err = errGone
			return reply
		case err != nil:
			reply.err = err
			return reply
		case cur != nil && cur.Status != target.Status:
			c := cleanStrategy(*cur)
			reply.changed = &c
			return reply
		}
		ctx, cancel = context.WithTimeout(context.Background(), timeout)
		defer cancel()
		reply.sent = true
		ref := api.StrategyRef{UserID: owner, StrategyID: target.ID}
		switch a {
		case ActionHalt:
			_, reply.err = client.HaltStrategy(ctx, target.ID)
		case ActionArchive:
			_, reply.err = client.ArchiveStrategy(ctx, target.ID)
		case ActionSuspend:
			_, reply.err = client.SuspendStrategy(ctx, ref)
		case ActionResume:
			_, reply.err = client.ResumeStrategy(ctx, ref)
		case ActionStop:
			_, reply.err = client.StopStrategy(ctx, ref)
		}
		return reply
	}
}

// rereadCmd reads the strategy after an action's reply.
func rereadCmd(d *deps, reply actionReplyMsg) tea.Cmd {
	reader, timeout := d.api, d.fetchTimeout
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		defer cancel()
		s, err := reader.GetStrategy(ctx, reply.target.ID)
		if err == nil && s == nil {
			err = errEmptyAnswer
		}
		if err != nil {
			return actionRereadMsg{reply: reply, err: err}
		}
		c := cleanStrategy(*s)
		return actionRereadMsg{reply: reply, record: &c}
	}
}

// actionReply settles action messages.
func (m Model) actionReply(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case actionReplyMsg:
		return m.settleReply(msg)
	case actionRereadMsg:
		return m.settleReread(msg)
	case bulkReplyMsg:
		return m.settleBulk(msg)
	}
	return m, nil
}

func (m Model) settleReply(r actionReplyMsg) (Model, tea.Cmd) {
	id := r.target.ID
	what := r.action.String() + " strategy " + itoa(id) + ": "
	if !r.sent {
		m.inflight = toggled(m.inflight, id, false)
		var cmds []tea.Cmd
		var c tea.Cmd
		m, c = m.broadcast(pendingMsg{ID: id})
		cmds = append(cmds, c)
		switch {
		case r.changed != nil:
			m.notice = what + "it changed state meanwhile (now " + string(r.changed.Status) + "): nothing sent"
			m, c = m.broadcast(strategyRecordMsg{Strategy: *r.changed})
			cmds = append(cmds, c)
		case errors.Is(r.err, errGone):
			m.notice = what + "the strategy is gone (404): nothing sent"
		default:
			m.notice = what + "could not check it first (" + ui.ErrorText(r.err, m.d.host) + "): nothing sent"
		}
		if m.overlay == nil {
			m.overlay = resultDialog{d: m.d, title: what + "nothing sent", lines: wrapWords(strings.TrimPrefix(m.notice, what), 66)}
		}
		return m, tea.Batch(cmds...)
	}
	switch {
	case r.err == nil:
		m.notice = what + "done, now " + string(r.action.Next())
	case outcomeUnknown(r.err):
		m.notice = what + "outcome unknown (" + ui.ErrorText(r.err, m.d.host) + "): re-reading the strategy…"
	default:
		m.notice = what + actionErrorText(r.err, r.action)
	}
	// The pending mark and the in-flight lock stay until the re-read lands.
	return m, rereadCmd(m.d, r)
}

func (m Model) settleReread(rr actionRereadMsg) (Model, tea.Cmd) {
	r := rr.reply
	id := r.target.ID
	m.inflight = toggled(m.inflight, id, false)
	var cmds []tea.Cmd
	var c tea.Cmd
	m, c = m.broadcast(pendingMsg{ID: id})
	cmds = append(cmds, c)
	if rr.record != nil {
		m, c = m.broadcast(strategyRecordMsg{Strategy: *rr.record})
		cmds = append(cmds, c)
	}
	if r.err == nil {
		return m, tea.Batch(cmds...)
	}
	if !outcomeUnknown(r.err) {
		// The status line is too narrow for the plain-words reason.
		lines := wrapWords(actionErrorText(r.err, r.action), 66)
		if rr.record != nil {
			lines = append(lines, "", "Strategy "+itoa(id)+" is "+string(rr.record.Status)+".")
		}
		if m.overlay == nil {
			m.overlay = resultDialog{d: m.d, title: r.action.String() + " strategy " + itoa(id) + " failed", lines: lines}
		}
		return m, tea.Batch(cmds...)
	}
	lines := []string{
		"The " + r.action.String() + " request for strategy " + itoa(id) + " was sent, but no answer came",
		"(" + ui.ErrorText(r.err, m.d.host) + "). It may or may not have been applied.",
		"",
	}
	rd := resultDialog{d: m.d, title: "Outcome unknown: " + r.action.String() + " strategy " + itoa(id), danger: true}
	if rr.record != nil {
		lines = append(lines, "Re-read: strategy "+itoa(id)+" is now "+string(rr.record.Status)+".")
		if rr.record.Status == r.action.Next() {
			lines = append(lines, "That is the state the action leads to: it was most likely applied.")
		}
		rd.retry = &retryRequest{action: r.action, target: *rr.record, owner: r.owner}
	} else {
		lines = append(lines, "Re-read failed too ("+ui.ErrorText(rr.err, m.d.host)+"); check again with ctrl+r.")
	}
	rd.lines = lines
	m.notice = r.action.String() + " strategy " + itoa(id) + ": outcome unknown"
	if m.overlay == nil {
		m.overlay = rd
	}
	return m, tea.Batch(cmds...)
}

// outcomeUnknown reports whether err leaves open whether the action was
// applied: a timeout or a connection lost after the request may have left.
func outcomeUnknown(err error) bool {
	var te *api.TransportError
	switch {
	case errors.As(err, &te):
		return te.MaybeDelivered
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, api.ErrDecode):
		return true
	}
	return false
}

// twoFactorText is the plain-words 403 of the two-factor routes.
const twoFactorText = "two-factor authentication is not enabled for any portal user of the integration — " +
	"enable it in the partner portal's security settings"

// actionErrorText describes a failed action in plain words.
func actionErrorText(err error, a Action) string {
	msg := ""
	var ae *api.Error
	if errors.As(err, &ae) {
		msg = ui.SanitizeLimit(ae.Message, 100)
	}
	var te *api.TransportError
	switch {
	case errors.Is(err, api.ErrBadRequest):
		return "not allowed from the current state: " + ui.OrDash(msg)
	case errors.Is(err, api.ErrForbidden):
		low := strings.ToLower(msg)
		switch {
		case strings.Contains(low, "two-factor") || strings.Contains(low, "2fa"):
			return "refused: " + twoFactorText
		case strings.Contains(low, "belong") || strings.Contains(low, "owner"):
			return "refused: not the owner of the strategy (" + msg + ")"
		case a.needsOwner():
			return "refused: " + twoFactorText + "; or the user is not the owner (" + msg + ")"
		}
		return "refused: " + ui.OrDash(msg)
	case errors.Is(err, api.ErrNotFound):
		return "the strategy is gone (404)"
	case errors.As(err, &te) && !te.MaybeDelivered:
		return "not sent: cannot reach the server"
	}
	return ui.ErrorText(err, "the server")
}

// wrapWords breaks s into lines of at most width runes at spaces.
func wrapWords(s string, width int) []string {
	var lines []string
	cur := ""
	for _, w := range strings.Fields(s) {
		switch {
		case cur == "":
			cur = w
		case len([]rune(cur))+1+len([]rune(w)) <= width:
			cur += " " + w
		default:
			lines = append(lines, cur)
			cur = w
		}
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	return lines
}
