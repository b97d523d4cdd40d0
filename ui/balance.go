package ui

// The words of the add-balance dialog: the target, the side the amount goes
// to, and the amount in both forms as typed, so the operator sees the exact
// raw integer that will be sent before sending it.

import (
	"strconv"
	"strings"

	"github.com/stratop/stratop/internal/text"
)

// BalanceDialogData is one add-balance dialog.
type BalanceDialogData struct {
	Target   ActionTarget
	Side     string // the body field the amount goes to: "balanceBuyUsed"
	Symbol   string
	Decimals int
	Effect   string
	Input    string // typed so far, in token units
	Raw      string // Input as the raw integer, "" when it is not valid
	Problem  string // why Input is not valid, "" when it is or is empty
	Note     string // why the last submit was refused
	// Review is set once the amount is accepted: what will be sent, in
	// tokens and raw units, and the balance before and after. It is
	// confirmed by its own key.
	Review *BalanceReview
	Keys   DialogKeys
}

// BalanceReview is the review before an amount is sent.
type BalanceReview struct {
	Amount string // "1.5 USDC (raw 1500000)"
	After  string // "2 -> 3.5 USDC"
}

// BalanceForms is "1.5 TOK = 1500000 raw".
func BalanceForms(units, symbol, raw string) string {
	return units + " " + text.OrDash(symbol) + " = " + raw + " raw"
}

// NoticeBalanceAdded says how much was added (both forms).
func NoticeBalanceAdded(subject, forms string) string { return subject + ": done, added " + forms }

// BalanceDialog words the add-balance dialog.
func BalanceDialog(d BalanceDialogData) Dialog {
	t := d.Target
	id := strconv.FormatInt(t.ID, 10)
	dg := Dialog{Title: "Add balance to strategy " + id + "?"}
	dg.Lines = []string{
		"strategy  " + id,
		"pool      " + text.OrDash(t.Pool) + " (" + strconv.Itoa(d.Decimals) + " decimals)",
		"chain     " + ChainName(t.Chain),
		"owner     " + text.OrDash(t.Owner),
		"state     " + t.Status + " (unchanged)",
		"side      " + d.Side,
	}
	if r := d.Review; r != nil {
		dg.Title = "Confirm adding to strategy " + id + "?"
		dg.Danger = true
		dg.Lines = append(dg.Lines, labelled("amount", r.Amount)...)
		dg.Lines = append(dg.Lines, labelled("balance", r.After)...)
		if d.Effect != "" {
			dg.Lines = append(dg.Lines, labelled("effect", d.Effect)...)
		}
		dg.Hint = Hint(WithDesc(d.Keys.Confirm, "add it"), d.Keys.Cancel) + " (default) · " +
			Hint(WithDesc(d.Keys.DeleteChar, "change the amount"))
		return dg
	}
	switch {
	case d.Raw != "":
		dg.Lines = append(dg.Lines, labelled("amount", BalanceForms(text.Amount(d.Raw, d.Decimals), d.Symbol, d.Raw))...)
	case d.Problem != "":
		dg.Lines = append(dg.Lines, labelled("amount", "not valid: "+d.Problem)...)
	default:
		dg.Lines = append(dg.Lines, "amount    type it in "+text.OrDash(d.Symbol)+", e.g. 1.5")
	}
	if d.Effect != "" {
		dg.Lines = append(dg.Lines, labelled("effect", d.Effect)...)
	}
	if d.Note != "" {
		dg.Lines = append(dg.Lines, "", d.Note)
	}
	dg.Prompt = "type the amount in " + text.OrDash(d.Symbol) + " and " + KeyName(d.Keys.Submit) + " to review it"
	dg.Input = d.Input
	dg.Hint = Hint(WithDesc(d.Keys.Submit, "review"), NonTyping(d.Keys.Cancel))
	return dg
}

// BalanceRefused explains an amount that cannot be sent.
func BalanceRefused(why string) string { return "not sent: " + why }

// BalanceDecimalsUnknown says why add-balance is not offered on a record
// without its pool.
const BalanceDecimalsUnknown = "the pool's decimals are unknown (refresh and try again)"

// labelled is "label     text", wrapped under the text so that nothing is
// cut off in the narrowest dialog.
func labelled(label, text string) []string {
	const col = 10
	pad := strings.Repeat(" ", col)
	lines := WrapWords(text, menuWidth-col)
	for i := range lines {
		if i == 0 {
			lines[i] = label + pad[min(len(label), col-1):] + lines[i]
		} else {
			lines[i] = pad + lines[i]
		}
	}
	return lines
}
