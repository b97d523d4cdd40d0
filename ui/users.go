package ui

// Rows and pane of the Users tab.

import (
	"github.com/stratop/stratop/api"
)

// UserColumns are the columns of the user list.
func UserColumns() []Column {
	return []Column{
		{Title: "ID", Min: 4, Max: 7, Right: true, Priority: 1},
		{Title: "EXTERNAL ID", Min: 12, Max: 32},
		{Title: "WALLET", Min: 15, Max: 46, Middle: true},
		{Title: "E-MAIL", Min: 14, Max: 32, Priority: 2},
	}
}

// UserCells builds the cells of a sanitised user in UserColumns order. The
// list read carries no e-mail (spec 2); email is the one learned from the
// single read, if any.
func UserCells(u api.User) []Cell {
	email := Cell{Text: Dash, Tone: ToneMuted}
	if u.Email != "" {
		email = Cell{Text: u.Email}
	}
	return []Cell{
		{Text: Int(u.ID)},
		{Text: OrDash(u.ExternalUserID)},
		{Text: OrDash(u.WalletAddress)},
		email,
	}
}

// UserDetail draws the chosen user's pane: the list record, the e-mail of
// GET /users/{id} and the native balances of GET /users/{id}/balances.
// detail and balances are nil until they answer.
func UserDetail(st Styles, u api.User, detail *api.User, balances []api.NativeBalance, loaded bool, width int) []string {
	if detail != nil {
		if detail.WalletAddress != "" {
			u.WalletAddress = detail.WalletAddress
		}
		if detail.ID != 0 {
			u.ID = detail.ID
		}
	}
	lines := []string{
		PaneTitle(st, "User "+u.ExternalUserID, width),
		KV(st, "internal id", Int(u.ID), width),
		KV(st, "wallet", OrDash(u.WalletAddress), width),
	}
	switch {
	case detail != nil:
		lines = append(lines, KV(st, "e-mail", OrDash(detail.Email), width))
	case !loaded:
		lines = append(lines, KVTone(st, "e-mail", "loading…", ToneMuted, width))
	default:
		lines = append(lines, KV(st, "e-mail", Dash, width))
	}
	lines = append(lines, "", Section(st, "Native balances", width))
	if !loaded {
		return append(lines, Muted(st, "loading…", width))
	}
	if len(balances) == 0 {
		return append(lines, Muted(st, "none", width))
	}
	for _, b := range balances {
		v := Number(b.Balance)
		if b.TotalClaimableNativeTokens != "" {
			v += " (claimable " + Number(b.TotalClaimableNativeTokens) + ")"
		}
		lines = append(lines, KV(st, ChainName(b.ChainID), v, width))
	}
	return lines
}
