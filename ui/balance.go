package ui

// The words of the add-balance dialog: the target, the side the amount goes
// to, and the amount in both forms as typed, so the operator sees the exact
// raw integer that will be sent before sending it.

import (
	"strconv"
	"strings"
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
	// JournalWarning says the audit log cannot be written.
	JournalWarning string
	Keys           DialogKeys
}

// BalanceForms is "1.5 TOK = 1500000 raw".
func BalanceForms(units, symbol, raw string) string {
	return units + " " + OrDash(symbol) + " = " + raw + " raw"
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
		"pool      " + OrDash(t.Pool) + " (" + strconv.Itoa(d.Decimals) + " decimals)",
		"chain     " + ChainName(t.Chain),
		"owner     " + OrDash(t.Owner),
		"state     " + t.Status + " (unchanged)",
		"side      " + d.Side,
	}
	switch {
	case d.Raw != "":
		dg.Lines = append(dg.Lines, labelled("amount", BalanceForms(FormatUnits(d.Raw, d.Decimals), d.Symbol, d.Raw))...)
	case d.Problem != "":
		dg.Lines = append(dg.Lines, labelled("amount", "not valid: "+d.Problem)...)
	default:
		dg.Lines = append(dg.Lines, "amount    type it in "+OrDash(d.Symbol)+", e.g. 1.5")
	}
	if d.Effect != "" {
		dg.Lines = append(dg.Lines, labelled("effect", d.Effect)...)
	}
	if d.JournalWarning != "" {
		dg.Lines = append(dg.Lines, "", "Warning: "+d.JournalWarning)
	}
	if d.Note != "" {
		dg.Lines = append(dg.Lines, "", d.Note)
	}
	dg.Prompt = "type the amount in " + OrDash(d.Symbol) + " and " + KeyName(d.Keys.Submit) + " to add it"
	dg.Input = d.Input
	dg.Hint = Hint(d.Keys.Submit, d.Keys.Cancel)
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
