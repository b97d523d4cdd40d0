package model

// The add-balance dialog: the operator types an amount in token units. The
// field keeps every character typed; the one parser (action.ParseUnits)
// says live why the text is not an amount, and nothing is altered to make
// it one. Enter on a valid amount opens the review: the amount in tokens
// and raw units, the strategy and its balance before and after
// (action.ReviewAmount), which its own key confirms; backspace goes back
// to the amount. The idempotency key is made when the dialog opens and
// travels with the request, so the retry offered after an unknown outcome
// reuses it and the server adds the balance once.

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/google/uuid"

	"github.com/stratop/stratop/action"
	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/internal/text"
	"github.com/stratop/stratop/ui"
)

// maxAmountRunes bounds the typed amount (78 digits hold any uint256).
const maxAmountRunes = 80

type balanceDialog struct {
	styles  ui.Styles
	keys    ui.DialogKeys
	input   ui.InputKeys
	req     request
	typed   lineInput
	raw     string // the typed amount as the raw integer, "" when not valid
	problem string // why the typed amount is not valid
	note    string
	// review is set once enter accepted the amount: what will be sent.
	review  *action.AmountReview
	consent consent
	shell   shellReach // for the command line
}

// askBalance opens the add-balance dialog with a fresh idempotency key.
// The decimals come from the captured record: without its pool they are
// unknown, and guessing them would add the wrong amount by powers of ten.
func (w workflow) askBalance(req request) (workflow, effect) {
	s := req.target.Strategy
	if s.Pool.Symbol == "" && s.Pool.TokenAddress == "" {
		return w, effect{notice: ui.NoticeRefused(req.subject(), ui.BalanceDecimalsUnknown)}
	}
	req.target.IdempotencyKey = uuid.NewString()
	keys := w.env.keys.Dialog
	keys.Copy = ui.NonTyping(keys.Copy) // letters type into the amount
	w.overlay = balanceDialog{styles: w.env.styles, keys: keys, input: w.env.keys.Input, req: req, shell: w.env.shellReach(),
		typed: newLineInput(maxAmountRunes, nil), consent: newConsent(w.env, itoa(s.ID))}
	return w, effect{}
}

func (d balanceDialog) decimals() int { return d.req.target.Strategy.Pool.Decimals }

func (d balanceDialog) Update(msg tea.KeyMsg) (overlay, decision) {
	if d.review != nil {
		return d.reviewKey(msg)
	}
	switch {
	case msg.Type == tea.KeyRunes && !msg.Paste || msg.Type == tea.KeySpace:
		// Every printable key types, n included: the field refuses, it
		// does not drop.
	case key.Matches(msg, ui.NonTyping(d.keys.Cancel)):
		return d, decision{close: true, notice: ui.NoticeCancelled(d.req.subject())}
	case key.Matches(msg, d.keys.Copy):
		return d, decision{copy: d.commandLine()}
	case key.Matches(msg, d.keys.Submit):
		raw, err := action.ParseUnits(d.typed.Value(), d.decimals())
		if err != nil {
			d.note = ui.BalanceRefused(err.Error())
			return d, decision{}
		}
		r := action.ReviewAmount(d.req.target.Strategy, raw)
		d.review, d.note = &r, ""
		d.req.target.Amount = raw
		return d, decision{}
	}
	var changed bool
	if d.typed, changed = d.typed.update(msg, d.input); changed {
		d.note, d.raw, d.problem = "", "", ""
		if v := d.typed.Value(); v != "" {
			raw, err := action.ParseUnits(v, d.decimals())
			if err != nil {
				d.problem = err.Error()
			} else {
				d.raw = raw
			}
		}
	}
	return d, decision{}
}

// reviewKey answers the review: its confirm key sends, through the
// consent; backspace goes back to the amount.
func (d balanceDialog) reviewKey(msg tea.KeyMsg) (overlay, decision) {
	var step consentStep
	if d.consent, step = d.consent.key(msg, d.req.target); step != stepOwn {
		return d, d.consent.decide(step, d.req)
	}
	switch {
	case key.Matches(msg, d.keys.Cancel):
		return d, decision{close: true, notice: ui.NoticeCancelled(d.req.subject())}
	case key.Matches(msg, d.keys.Copy):
		return d, decision{copy: d.commandLine()}
	case key.Matches(msg, d.keys.Confirm):
		d.consent, step = d.consent.confirm(d.req.target)
		return d, d.consent.decide(step, d.req)
	case key.Matches(msg, d.keys.DeleteChar):
		d.review, d.req.target.Amount = nil, ""
	}
	return d, decision{} // enter and type-ahead neither send nor cancel
}

func (d balanceDialog) View(width, height int) string {
	s := d.req.target.Strategy
	data := ui.BalanceDialogData{
		Target: ui.ActionTarget{ID: s.ID, Pool: s.Pool.Symbol, Chain: s.ChainID,
			Owner: text.CleanN(d.req.target.Owner, maxFieldRunes), Status: string(s.Status)},
		Side: balanceSide(s), Symbol: s.Pool.Symbol, Decimals: d.decimals(), Effect: d.req.spec.Effect,
		Input: d.typed.Value(), Raw: d.raw, Problem: d.problem, Note: d.note, Keys: d.keys,
	}
	if d.review == nil {
		return ui.RenderDialog(d.styles, ui.WithCommand(ui.BalanceDialog(data), d.commandLine(), d.shell.while), width, height)
	}
	data.Review = &ui.BalanceReview{Amount: d.review.TokensText(), After: d.review.AfterText()}
	dg := ui.WithCommand(ui.WithUndoNote(ui.BalanceDialog(data), key.Binding{}, "", ""), d.commandLine(), d.shell.while)
	return ui.RenderDialog(d.styles, ui.WithConsent(dg, d.consent.view()), width, height)
}

// commandLine is the add-balance as the command that does the same, with
// the amount as typed (token units, as the dashboard takes it); "" while
// the typed amount is not valid.
func (d balanceDialog) commandLine() string {
	if d.review == nil && d.raw == "" {
		return ""
	}
	return commandLine(d.shell, d.req, d.consent.reason.Value(), d.typed.Value())
}

func (d balanceDialog) Help() ui.HelpMap {
	short := []key.Binding{ui.WithDesc(d.keys.Submit, "review"), ui.NonTyping(d.keys.Cancel), d.keys.Copy}
	if d.review != nil {
		short = []key.Binding{ui.WithDesc(d.keys.Confirm, "add it"), d.keys.Cancel, d.keys.Reason, d.keys.Copy}
		if c := d.consent.help(); c != nil {
			short = c
		}
	}
	return ui.HelpMap{Short: short, Full: [][]key.Binding{short}}
}

// balanceSide is the body field the amount goes to, as action sends it:
// the sell side for a sell strategy, else the buy side.
func balanceSide(s api.Strategy) string {
	if s.Category == api.CategorySell {
		return "balanceSellUsed (sell side)"
	}
	return "balanceBuyUsed (buy side)"
}

// balanceForms is a request's amount in both forms.
func balanceForms(t action.Target) string {
	p := t.Strategy.Pool
	return ui.BalanceForms(text.Amount(t.Amount, p.Decimals), p.Symbol, t.Amount)
}
