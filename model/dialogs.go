package model

// The dialogs of the action workflow. A confirmation is bound to the
// request captured when it opened: refreshes, reorders, filters and page
// changes do not reach it. The default answer is cancel: y confirms
// (enter alone cancels); what cannot be undone asks to type the strategy
// id (or, for several, their count) and enter. Keys that mean nothing to a
// dialog are ignored, so type-ahead never cancels one silently; every
// cancel says so.

import (
	"strconv"
	"unicode"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/action"
	"github.com/stratop/stratop/internal/text"
	"github.com/stratop/stratop/ui"
)

// maxTyped bounds what a confirmation accepts as typed input.
const maxTyped = 32

type confirmDialog struct {
	styles  ui.Styles
	keys    ui.DialogKeys
	input   ui.InputKeys
	req     request
	hidden  int // bulk: marked rows the tab did not show
	typed   lineInput
	note    string
	consent consent
	// instead is a gentler action offered in the same dialog, chosen by
	// insteadKey through the workflow's gate (nil for none).
	instead    *choice
	insteadKey key.Binding
	shell      shellReach // for the command line
	undoKey    key.Binding
}

func newConfirmDialog(e *env, req request, hidden int) confirmDialog {
	d := confirmDialog{styles: e.styles, keys: e.keys.Dialog, input: e.keys.Input, req: req, hidden: hidden, shell: e.shellReach(), undoKey: e.keys.Global.Undo,
		typed: newLineInput(maxTyped, unicode.IsDigit)}
	d.consent = newConsent(e, d.want())
	return d
}

// gentler maps an action that cannot be undone in effect to the one that
// pauses reversibly: halt leaves a strategy paused for good, suspend does
// not.
var gentler = map[string]action.Spec{action.Halt.Name: action.Suspend}

// offerGentler adds the gentler action to a single-strategy dialog where
// the table allows it and a key is bound to it.
func (d confirmDialog) offerGentler(e *env, sel selection) confirmDialog {
	alt, ok := gentler[d.req.spec.Name]
	if !ok || d.req.bulk() {
		return d
	}
	if allowed, _ := alt.Allowed(d.req.target.Strategy); !allowed {
		return d
	}
	b, ok := e.keys.Actions.For(alt.Name)
	if !ok || len(b.Keys()) == 0 {
		return d
	}
	d.instead, d.insteadKey = &choice{spec: alt, sel: sel}, b
	return d
}

// want is what a typed confirmation must match.
func (d confirmDialog) want() string {
	if d.req.bulk() {
		return strconv.Itoa(len(d.req.ids))
	}
	return itoa(d.req.target.Strategy.ID)
}

// skipWords are the skipped ids with why, for the dialog.
func skipWords(skips []bulkSkip) []string {
	out := make([]string, 0, len(skips))
	for _, s := range skips {
		out = append(out, itoa(s.id)+": "+s.why)
	}
	return out
}

func (d confirmDialog) isTyped() bool { return d.req.spec.Confirm == action.ConfirmTyped }

func (d confirmDialog) Update(msg tea.KeyMsg) (overlay, decision) {
	var step consentStep
	if d.consent, step = d.consent.key(msg, d.req.target); step != stepOwn {
		return d, d.consent.decide(step, d.req)
	}
	cancelled := decision{close: true, notice: ui.NoticeCancelled(d.req.subject())}
	switch {
	case key.Matches(msg, d.keys.Cancel):
		return d, cancelled
	case key.Matches(msg, d.keys.Copy):
		return d, decision{copy: d.commandLine()}
	case d.instead != nil && key.Matches(msg, d.insteadKey):
		return d, decision{close: true, ask: d.instead}
	case !d.isTyped() && key.Matches(msg, d.keys.Confirm):
		d.consent, step = d.consent.confirm(d.req.target)
		return d, d.consent.decide(step, d.req)
	case !d.isTyped() && key.Matches(msg, d.keys.Submit):
		return d, cancelled // enter is the default answer
	case d.isTyped() && key.Matches(msg, d.keys.Submit):
		if d.typed.Value() == d.want() {
			d.consent, step = d.consent.confirm(d.req.target)
			return d, d.consent.decide(step, d.req)
		}
		d.note = ui.TypedMismatch(d.want(), d.req.spec.Name)
	case d.isTyped():
		d.typed, _ = d.typed.update(msg, d.input)
	}
	return d, decision{}
}

func (d confirmDialog) View(width, height int) string {
	s := d.req.target.Strategy
	data := ui.ActionDialogData{
		Action: d.req.spec.Name, Effect: d.req.spec.Effect, Next: string(d.req.spec.Next), Typed: d.isTyped(),
		Target: ui.ActionTarget{ID: s.ID, Pool: s.Pool.Symbol, Chain: s.ChainID, Owner: text.CleanN(d.req.target.Owner, maxFieldRunes), Status: string(s.Status)},
		Bulk:   d.req.bulk(), IDs: d.req.ids, Hidden: d.hidden, Skipped: skipWords(d.req.skipped),
		Input: d.typed.Value(), Note: d.note, Keys: d.keys,
	}
	if d.instead != nil {
		data.Instead, data.InsteadKey = d.instead.spec.Name, d.insteadKey
	}
	dg := ui.WithCommand(undoNote(d.undoKey, ui.ActionDialog(data), d.req), d.commandLine(), d.shell.while)
	return ui.RenderDialog(d.styles, ui.WithConsent(dg, d.consent.view()), width, height)
}

// commandLine is the dialog's action as the command that does the same.
func (d confirmDialog) commandLine() string {
	return commandLine(d.shell, d.req, d.consent.reason.Value(), "")
}

func (d confirmDialog) Help() ui.HelpMap {
	if short := d.consent.help(); short != nil {
		return ui.HelpMap{Short: short, Full: [][]key.Binding{short}}
	}
	short := []key.Binding{d.keys.Confirm, d.keys.Cancel}
	if d.isTyped() {
		short = []key.Binding{d.keys.Submit, d.keys.Cancel}
	}
	if d.instead != nil {
		short = append(short, ui.WithDesc(d.insteadKey, d.instead.spec.Name+" instead"))
	}
	short = append(short, d.keys.Reason, d.keys.Copy)
	return ui.HelpMap{Short: short, Full: [][]key.Binding{short}}
}

// resultDialog reports an outcome and, when retry is set, offers to send
// the action again on the confirm key. Any other key closes it; nothing is
// ever retried without that key.
type resultDialog struct {
	styles ui.Styles
	keys   ui.DialogKeys
	title  string
	lines  []string
	danger bool
	retry  *request
}

func (r resultDialog) Update(msg tea.KeyMsg) (overlay, decision) {
	if r.retry != nil && key.Matches(msg, r.keys.Confirm) {
		again := *r.retry
		if ok, why := again.spec.Allowed(again.target.Strategy); !ok {
			return r, decision{close: true, notice: ui.NoticeRefused("retry "+again.subject(), why+" (nothing sent)")}
		}
		return r, decision{close: true, send: &again}
	}
	return r, decision{close: true}
}

func (r resultDialog) View(width, height int) string {
	lines := make([]string, 0, len(r.lines))
	room := max(height-8, 1) // border, title, hint and their gaps
	for i, l := range r.lines {
		if i == room-1 && len(r.lines) > room {
			lines = append(lines, ui.MoreLines(len(r.lines)-i))
			break
		}
		lines = append(lines, text.Clean(l))
	}
	retry := ""
	if r.retry != nil {
		retry = r.retry.spec.Name
	}
	return ui.RenderDialog(r.styles, ui.ResultDialog(r.title, lines, r.danger, retry, r.keys), width, height)
}

func (r resultDialog) Help() ui.HelpMap {
	short := []key.Binding{r.keys.Close}
	if r.retry != nil {
		short = append([]key.Binding{ui.WithDesc(r.keys.Confirm, "retry")}, short...)
	}
	return ui.HelpMap{Short: short, Full: [][]key.Binding{short}}
}
