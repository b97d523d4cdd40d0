package ui

// Rows and pane of the Users tab.

import (
	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/internal/text"
)

// UserColumns are the columns of the user list.
func UserColumns() []Column {
	return []Column{
		{Title: "ID", Min: 4, Max: 7, Right: true, Priority: 1},
		{Title: "EXTERNAL ID", Min: 12, Max: 32},
		{Title: "WALLET", Min: 15, Max: 46, Middle: true},
	}
}

// UserCells builds the cells of a sanitised user in UserColumns order. The
// list read carries no e-mail (spec 4.1), so the list has no such column;
// the pane shows it from the single read.
func UserCells(u api.User) []Cell {
	return []Cell{
		{Text: Int(u.ID)},
		{Text: text.OrDash(u.ExternalUserID)},
		{Text: text.OrDash(u.WalletAddress)},
	}
}

// UserDetail draws the chosen user's pane: the list record, the e-mail of
// GET /users/{id} and the native balances of GET /users/{id}/balances.
// detail and balances are nil until they answer. The wallet links to the
// explorer.
func UserDetail(st Styles, x Explorers, u api.User, detail *api.User, balances []api.NativeBalance, loaded bool, width int) []string {
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
		KVLink(st, "wallet", text.OrDash(u.WalletAddress), x.WalletURL(u.WalletAddress), width),
	}
	switch {
	case detail != nil:
		lines = append(lines, KV(st, "e-mail", text.OrDash(detail.Email), width))
	case !loaded:
		lines = append(lines, KVTone(st, "e-mail", "loading…", ToneMuted, width))
	default:
		lines = append(lines, KV(st, "e-mail", text.Dash, width))
	}
	lines = append(lines, "", Section(st, "Native balances", width))
	if !loaded {
		return append(lines, Muted(st, "loading…", width))
	}
	if len(balances) == 0 {
		return append(lines, Muted(st, "none", width))
	}
	for _, b := range balances {
		more := ""
		if b.TotalClaimableNativeTokens != "" {
			more = " (claimable " + text.Number(b.TotalClaimableNativeTokens) + ")"
		}
		lines = append(lines, KVNumberMore(st, ChainName(b.ChainID), text.Number(b.Balance), more, width))
	}
	return lines
}

// UserLinks returns cells of UserCells with the wallet linked (a copy;
// the cells given are shared). The table calls it for the rows it draws
// only, so a list of a million users stores no link.
func UserLinks(x Explorers) func([]Cell) []Cell {
	if !x.On() {
		return nil
	}
	return func(cells []Cell) []Cell {
		if len(cells) < 3 {
			return cells
		}
		u := x.WalletURL(cells[2].Text)
		if u == "" {
			return cells
		}
		out := append([]Cell(nil), cells...)
		out[2].Link = u
		return out
	}
}

// UsersCount words the list's size: "40 users" or "3 of 40 users".
func UsersCount(shown, total int, filtered bool) string {
	s := Int(int64(total)) + " users"
	if filtered {
		s = Int(int64(shown)) + " of " + s
	}
	return s
}

// EmptyUsers says why the users list has no rows.
func EmptyUsers(filtered bool) string {
	if filtered {
		return "no user matches"
	}
	return "no users"
}
