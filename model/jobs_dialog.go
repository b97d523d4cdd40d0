package model

// The confirmation of a user-wide job: it names the user and states the
// count read before it opened; the user's external id is typed and enter
// sends (anything else, including y alone, does not). Every printable key
// types, so only the cancel keys that are not one character cancel (an
// external id may hold an n). Keys that mean nothing to it are ignored, so
// type-ahead never cancels it silently.

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/ui"
)

type jobDialog struct {
	styles  ui.Styles
	keys    ui.DialogKeys
	input   ui.InputKeys
	req     request
	typed   lineInput
	note    string
	consent consent
	shell   shellReach // for the command line
}

func newJobDialog(e *env, req request) jobDialog {
	keys := e.keys.Dialog
	keys.Cancel = ui.NonTyping(keys.Cancel)
	keys.Copy = ui.NonTyping(keys.Copy) // letters type the user's id
	return jobDialog{styles: e.styles, keys: keys, input: e.keys.Input, req: req, shell: e.shellReach(),
		typed: newLineInput(maxFieldRunes, nil), consent: newConsent(e, req.target.Owner)}
}

func (d jobDialog) Update(msg tea.KeyMsg) (overlay, decision) {
	var step consentStep
	if d.consent, step = d.consent.key(msg, d.req.target); step != stepOwn {
		return d, d.consent.decide(step, d.req)
	}
	switch {
	case msg.Type == tea.KeyRunes && !msg.Paste:
		d.typed, _ = d.typed.update(msg, d.input)
		return d, decision{}
	case key.Matches(msg, d.keys.Cancel):
		return d, decision{close: true, notice: ui.NoticeCancelled(d.req.subject())}
	case key.Matches(msg, d.keys.Copy):
		return d, decision{copy: d.commandLine()}
	case key.Matches(msg, d.keys.Submit):
		if d.typed.Value() == d.req.target.Owner {
			d.consent, step = d.consent.confirm(d.req.target)
			return d, d.consent.decide(step, d.req)
		}
		d.note = ui.TypedMismatch(d.req.target.Owner, d.req.spec.Name)
		return d, decision{}
	}
	d.typed, _ = d.typed.update(msg, d.input)
	return d, decision{}
}

func (d jobDialog) View(width, height int) string {
	s := d.req.spec
	dg := ui.JobDialog(ui.JobDialogData{
		Action: s.Name, Label: s.Label, Effect: s.Effect, User: d.req.target.Owner,
		Count: d.req.count, Counted: s.Counted, Next: string(s.Next),
		Input: d.typed.Value(), Note: d.note, Keys: d.keys,
	})
	dg = ui.WithCommand(dg, d.commandLine(), d.shell.while)
	return ui.RenderDialog(d.styles, ui.WithConsent(dg, d.consent.view()), width, height)
}

// commandLine is the job as the command that starts it.
func (d jobDialog) commandLine() string {
	return commandLine(d.shell, d.req, d.consent.reason.Value(), "")
}

func (d jobDialog) Help() ui.HelpMap {
	if short := d.consent.help(); short != nil {
		return ui.HelpMap{Short: short, Full: [][]key.Binding{short}}
	}
	short := []key.Binding{d.keys.Submit, d.keys.Cancel, d.keys.Reason, d.keys.Copy}
	return ui.HelpMap{Short: short, Full: [][]key.Binding{short}}
}

// countingDialog stands while a job's count is read: it drops every key
// but cancel, and is replaced by the confirmation when the count of its
// generation arrives.
type countingDialog struct {
	styles  ui.Styles
	keys    ui.DialogKeys
	gen     uint64
	subject string
}

func newCountingDialog(e *env, gen uint64, subject string) countingDialog {
	return countingDialog{styles: e.styles, keys: e.keys.Dialog, gen: gen, subject: subject}
}

func (d countingDialog) Update(msg tea.KeyMsg) (overlay, decision) {
	if key.Matches(msg, d.keys.Cancel) {
		return d, decision{close: true, notice: ui.NoticeCancelled(d.subject)}
	}
	return d, decision{}
}

func (d countingDialog) View(width, height int) string {
	return ui.RenderDialog(d.styles, ui.JobCountingDialog(d.subject, d.keys), width, height)
}

func (d countingDialog) Help() ui.HelpMap {
	short := []key.Binding{d.keys.Cancel}
	return ui.HelpMap{Short: short, Full: [][]key.Binding{short}}
}
