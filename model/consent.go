package model

// What every confirmation asks besides its own question, and the policy's
// answer to it. The reason field is entered with its key and left with
// enter; a profile that requires a reason has confirmations refused until
// one is typed. When the operator confirms, the dashboard asks the policy
// (action.Runner.Check): read-only closes the dialog, a missing or
// unusable reason opens the field, and an audit log that cannot take the
// intent keeps the dialog open saying why: nothing is sent unless the
// operator types the target again and confirms once more, and then it is
// sent with the Runner's Unaudited override. The dashboard decides none of
// these rules; it only asks and shows.

import (
	"errors"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/action"
	"github.com/stratop/stratop/ui"
)

type consent struct {
	keys    ui.DialogKeys
	input   ui.InputKeys
	policy  action.Runner
	reason  lineInput
	editing bool
	audit   string // why the audit log cannot take the intent
	step    int    // the override's step (ui.Override*)
	want    string // what the override makes the operator type
	typed   lineInput
	note    string
	// unaudited: the override was confirmed; the request is sent with it.
	unaudited bool
}

// consentStep is what the consent made of a key.
type consentStep int

const (
	stepOwn    consentStep = iota // not the consent's: the dialog's own key
	stepTaken                     // taken; the dialog stays open
	stepCancel                    // the dialog is cancelled
	stepRefuse                    // the policy refuses: the dialog closes saying why
	stepSend                      // send the request
)

// newConsent is the consent of a dialog whose override asks to type want.
// An audit log known to be unwritable is said at once.
func newConsent(e *env, want string) consent {
	c := consent{keys: e.keys.Dialog, input: e.keys.Input, policy: e.runner(), want: want,
		reason: newLineInput(action.MaxReason, nil), typed: newLineInput(maxFieldRunes, nil)}
	if err := c.policy.JournalCheck(); err != nil {
		c.audit = (&action.JournalError{Err: err}).Error()
	}
	return c
}

// active reports whether the consent takes every key: the reason is
// edited or the override asked.
func (c consent) active() bool { return c.editing || c.step != ui.OverrideNone }

// key takes a key meant for the consent: everything while it is active,
// else the reason key. Esc always cancels the dialog.
func (c consent) key(msg tea.KeyMsg, t action.Target) (consent, consentStep) {
	if !c.active() {
		if key.Matches(msg, c.keys.Reason) {
			c.editing, c.note = true, ""
			return c, stepTaken
		}
		return c, stepOwn
	}
	switch {
	case msg.Type == tea.KeyEsc:
		return c, stepCancel
	case c.editing && key.Matches(msg, c.keys.Submit):
		c.editing = false
		return c, stepTaken
	case c.editing:
		c.reason, _ = c.reason.update(msg, c.input)
		return c, stepTaken
	case c.step == ui.OverrideTyping && key.Matches(msg, c.keys.Submit):
		if c.typed.Value() != c.want {
			c.note = ui.TypedMismatch(c.want, "send it unaudited")
			return c, stepTaken
		}
		c.step, c.note = ui.OverrideConfirm, ""
		return c, stepTaken
	case c.step == ui.OverrideTyping:
		c.typed, _ = c.typed.update(msg, c.input)
		return c, stepTaken
	case key.Matches(msg, c.keys.Confirm):
		policy := c.policy
		policy.Unaudited = true
		c.unaudited = true
		return c.check(policy, t)
	case key.Matches(msg, c.keys.Cancel):
		return c, stepCancel
	}
	return c, stepTaken
}

// confirm asks the policy about a confirmed target.
func (c consent) confirm(t action.Target) (consent, consentStep) {
	return c.check(c.policy, t)
}

func (c consent) check(policy action.Runner, t action.Target) (consent, consentStep) {
	t.Reason = c.reason.Value()
	err := policy.Check(t)
	var jerr *action.JournalError
	switch {
	case err == nil:
		return c, stepSend
	case errors.Is(err, action.ErrReadOnly):
		c.note = err.Error()
		return c, stepRefuse
	case errors.Is(err, action.ErrReasonRequired), errors.Is(err, action.ErrReasonInvalid):
		c.note, c.editing = err.Error(), true
		return c, stepTaken
	case errors.As(err, &jerr):
		c.audit, c.step, c.note, c.unaudited = jerr.Error(), ui.OverrideTyping, "", false
		c.typed = newLineInput(maxFieldRunes, nil)
		return c, stepTaken
	}
	c.note = err.Error()
	return c, stepRefuse
}

// decide turns a step into the dialog's decision on req.
func (c consent) decide(step consentStep, req request) decision {
	switch step {
	case stepCancel:
		return decision{close: true, notice: ui.NoticeCancelled(req.subject())}
	case stepRefuse:
		return decision{close: true, notice: ui.NoticeRefused(req.subject(), c.note)}
	case stepSend:
		req.target.Reason = c.reason.Value()
		req.unaudited = c.unaudited
		return decision{close: true, send: &req}
	}
	return decision{}
}

// view is what the dialog shows of the consent.
func (c consent) view() ui.Consent {
	return ui.Consent{Reason: c.reason.Value(), Editing: c.editing, Required: c.policy.RequireReason,
		Audit: c.audit, Override: c.step, Want: c.want, Input: c.typed.Value(), Note: c.note, Keys: c.keys}
}

// help is the consent's keys while it is active (nil otherwise).
func (c consent) help() []key.Binding {
	switch {
	case c.editing:
		return []key.Binding{ui.WithDesc(c.keys.Submit, "keep reason"), ui.NonTyping(c.keys.Cancel)}
	case c.step == ui.OverrideTyping:
		return []key.Binding{c.keys.Submit, ui.NonTyping(c.keys.Cancel)}
	case c.step == ui.OverrideConfirm:
		return []key.Binding{ui.WithDesc(c.keys.Confirm, "send unaudited"), c.keys.Cancel}
	}
	return nil
}
