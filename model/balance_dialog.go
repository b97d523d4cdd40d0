package model

// The add-balance dialog: the operator types an amount in token units; it
// is turned into the exact raw integer with the pool's decimals
// (action.ParseUnits, never through float64) and shown in both forms before
// it can be sent. The idempotency key is made when the dialog opens and
// travels with the request, so the retry offered after an unknown outcome
// reuses it and the server adds the balance once.

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/google/uuid"

	"github.com/stratop/stratop/action"
	"github.com/stratop/stratop/api"
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
	warning string
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
	w.overlay = balanceDialog{styles: w.env.styles, keys: w.env.keys.Dialog, input: w.env.keys.Input, req: req,
		typed: newLineInput(maxAmountRunes, isAmountRune), warning: journalWarning(w.env)}
	return w, effect{}
}

func isAmountRune(r rune) bool { return r == '.' || (r >= '0' && r <= '9') }

func (d balanceDialog) decimals() int { return d.req.target.Strategy.Pool.Decimals }

func (d balanceDialog) Update(msg tea.KeyMsg) (overlay, decision) {
	switch {
	case key.Matches(msg, d.keys.Cancel):
		return d, decision{close: true, notice: ui.NoticeCancelled(d.req.subject())}
	case key.Matches(msg, d.keys.Submit):
		raw, err := action.ParseUnits(d.typed.Value(), d.decimals())
		if err != nil {
			d.note = ui.BalanceRefused(err.Error())
			return d, decision{}
		}
		req := d.req
		req.target.Amount = raw
		return d, decision{close: true, send: &req}
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

func (d balanceDialog) View(width, height int) string {
	s := d.req.target.Strategy
	data := ui.BalanceDialogData{
		Target: ui.ActionTarget{ID: s.ID, Pool: s.Pool.Symbol, Chain: s.ChainID,
			Owner: ui.SanitizeLimit(d.req.target.Owner, maxFieldRunes), Status: string(s.Status)},
		Side: balanceSide(s), Symbol: s.Pool.Symbol, Decimals: d.decimals(), Effect: d.req.spec.Effect,
		Input: d.typed.Value(), Raw: d.raw, Problem: d.problem, Note: d.note, JournalWarning: d.warning, Keys: d.keys,
	}
	return ui.RenderDialog(d.styles, ui.BalanceDialog(data), width, height)
}

func (d balanceDialog) Help() ui.HelpMap {
	short := []key.Binding{d.keys.Submit, d.keys.Cancel}
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
	return ui.BalanceForms(ui.FormatUnits(t.Amount, p.Decimals), p.Symbol, t.Amount)
}
