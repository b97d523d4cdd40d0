package ui

// Rows and panes of the Pools tab: the integration's pools (getClientPools)
// and, with a chosen user, that user's pools (getUserPools) with deposits,
// balances, volume totals and the three roll-ups.

import (
	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/internal/text"
)

// PoolColumns are the columns of the integration's pool list.
func PoolColumns() []Column {
	return []Column{
		{Title: "ID", Min: 4, Max: 6, Right: true},
		{Title: "SYMBOL", Min: 6, Max: 12},
		{Title: "NAME", Min: 10, Max: 28, Priority: 1},
		{Title: "CHAIN", Min: 9, Max: 10},
		{Title: "DEC", Min: 3, Max: 3, Right: true, Priority: 2},
		{Title: "TOKEN", Min: 15, Max: 44, Priority: 1, Middle: true},
	}
}

// PoolCells builds the cells of a sanitised pool in PoolColumns order; the
// token address links to the chain's explorer.
func PoolCells(p api.Pool, x Explorers) []Cell {
	return []Cell{
		{Text: Int(p.ID)},
		{Text: text.OrDash(p.Symbol)},
		{Text: text.OrDash(p.Name)},
		{Text: ChainName(p.ChainID)},
		{Text: Int(int64(p.Decimals))},
		{Text: text.OrDash(p.TokenAddress), Tone: ToneMuted, Link: x.AddressURL(p.ChainID, p.TokenAddress)},
	}
}

// UserPoolColumns are the columns of a user's pool list.
func UserPoolColumns() []Column {
	return []Column{
		{Title: "ID", Min: 5, Max: 8, Right: true, Priority: 2},
		{Title: "SYMBOL", Min: 6, Max: 12},
		{Title: "CHAIN", Min: 4, Max: 5},
		{Title: "BALANCE", Min: 12, Max: 20, Right: true},
		{Title: "AVAILABLE", Min: 12, Max: 20, Right: true},
		{Title: "LOCKED", Min: 12, Max: 20, Right: true, Priority: 1},
		{Title: "VALUE", Min: 11, Max: 16, Right: true},
		{Title: "DEP", Min: 3, Max: 3, Right: true, Priority: 3},
		{Title: "ACT", Min: 3, Max: 3, Priority: 3},
		{Title: "BOUGHT", Min: 10, Max: 16, Right: true, Priority: 4},
		{Title: "SOLD", Min: 10, Max: 16, Right: true, Priority: 4},
	}
}

// UserPoolCells builds the cells of a sanitised user pool in
// UserPoolColumns order. Balance and available are the server's formatted
// strings; locked is the exact sum of the deposits' raw locked amounts.
func UserPoolCells(p api.UserPoolItem) []Cell {
	active := Cell{Text: "no", Tone: ToneMuted}
	if p.HasActiveStrategies {
		active = Cell{Text: "yes", Tone: ToneActive}
	}
	return []Cell{
		{Text: Int(p.ID)},
		{Text: text.OrDash(p.Symbol)},
		{Text: ChainShort(p.ChainID)},
		{Text: text.Number(p.UserBalance)},
		{Text: text.Number(p.TotalBalanceAvailable)},
		{Text: LockedTotal(p)},
		{Text: text.USD(p.TokenValue)},
		{Text: Int(int64(len(p.Deposits)))},
		active,
		{Text: text.Number(p.TotalBought.String())},
		{Text: text.Number(p.TotalSold.String())},
	}
}

// LockedTotal sums the raw locked amounts of a pool's deposits exactly and
// formats them with the pool's decimals; a broken amount shows "?".
func LockedTotal(p api.UserPoolItem) string {
	raws := make([]string, len(p.Deposits))
	for i, d := range p.Deposits {
		raws[i] = d.LockedAmount
	}
	return text.SumAmount(raws, p.Decimals)
}

// Rollups are the three roll-ups of getUserPools.
type Rollups struct {
	Value, Native, Available string
}

// RollupLine draws the user's roll-ups above the pool list.
func RollupLine(st Styles, r Rollups, width int) string {
	msg := "overall " + text.USD(r.Value) + " · native " + text.Number(r.Native) + " · available " + text.USD(r.Available)
	return st.Paging.Render(text.Fit(msg, width))
}

// PoolDetail draws the pool pane for a sanitised pool. full says the pool is
// GET /pools/{id}'s answer (with the price); otherwise note says why the
// price is missing (loading, or the error). price is drawn under the price
// (PoolPriceChart's lines, or none), before what names the pool. item is the chosen user's pool, nil
// without a chosen user. The token address links to the explorer.
func PoolDetail(st Styles, x Explorers, p api.Pool, full bool, note string, price []string, item *api.UserPoolItem, width int) []string {
	title := "Pool " + Int(p.ID)
	if p.Symbol != "" {
		title += " · " + p.Symbol
	}
	// The price and how it moved come first: the list's row already names
	// the pool, and a pane stacked under the list at 80x24 has room for
	// little more than the chart.
	lines := []string{PaneTitle(st, title, width)}
	if full {
		lines = append(lines, KVNumber(st, "price", text.Price(p.TokenPrice), width))
	} else {
		lines = append(lines, KVTone(st, "price", note, ToneMuted, width))
	}
	lines = append(lines, price...)
	if len(price) > 0 {
		lines = append(lines, "")
	}
	lines = append(lines,
		KV(st, "name", text.OrDash(p.Name), width),
		KV(st, "chain", ChainName(p.ChainID)+" ("+Int(p.ChainID)+")", width),
		KV(st, "decimals", Int(int64(p.Decimals)), width),
		KVLink(st, "token", text.OrDash(p.TokenAddress), x.AddressURL(p.ChainID, p.TokenAddress), width),
	)
	if item == nil {
		return lines
	}
	lines = append(lines,
		"", Section(st, "This user", width),
		KVNumber(st, "balance", text.Number(item.UserBalance), width),
		KVNumber(st, "available", text.Number(item.TotalBalanceAvailable), width),
		KVNumber(st, "locked", LockedTotal(*item), width),
		KVNumber(st, "value", text.USD(item.TokenValue), width),
		KV(st, "strategies", yesNo(item.HasActiveStrategies, "active", "none active"), width),
		"", Section(st, "Volume", width),
		KVNumberMore(st, "bought", text.Number(item.TotalBought.String()), " (strategies "+text.Number(item.TotalBoughtFromStrategies.String())+", swaps "+text.Number(item.TotalBoughtFromSwaps.String())+")", width),
		KVNumberMore(st, "sold", text.Number(item.TotalSold.String()), " (strategies "+text.Number(item.TotalSoldFromStrategies.String())+", swaps "+text.Number(item.TotalSoldFromSwaps.String())+")", width),
		"", Section(st, "Deposits", width),
	)
	if len(item.Deposits) == 0 {
		return append(lines, Muted(st, "none", width))
	}
	for _, d := range item.Deposits {
		lines = append(lines, text.Fields(width,
			text.Field{Text: "#" + Int(d.ID)},
			text.Field{Label: "balance", Text: text.Units(d.UserBalance, p.Decimals), Number: true},
			text.Field{Label: "locked", Text: text.Units(d.LockedAmount, p.Decimals), Number: true},
			text.Field{Label: "value", Text: text.USD(d.Value), Number: true},
			text.Field{Label: "claimable", Text: text.USD(d.CurrentClaimableValue), Number: true, Optional: true}))
	}
	return lines
}

func yesNo(b bool, yes, no string) string {
	if b {
		return yes
	}
	return no
}
