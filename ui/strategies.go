package ui

// Rows of the Strategies tab. The integration view (GET /strategies) and the
// chosen user's view (getFilteredStrategies, with progress and gains) share
// one column set; the user view adds two columns.

import (
	"math/big"
	"sort"
	"strconv"
	"strings"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/internal/text"
)

// Strategy column positions in the cells of StrategyCells.
const (
	scID = iota
	scStatus
	scKind
	scChain
	scPool
	scOwner
	scProgress
	scGained
	scOrders
	scBalance
	scPrice
	scUpdated
	scCount
)

// StrategyColumns are the column definitions of the strategy list; userView
// adds progress and gained USD (getFilteredStrategies) and drops the owner,
// who is the chosen user anyway.
func StrategyColumns(userView bool) []Column {
	defs := make([]Column, scCount)
	defs[scID] = Column{Title: "ID", Min: 5, Max: 8, Right: true}
	defs[scStatus] = Column{Title: "STATUS", Min: 9, Max: 9}
	defs[scKind] = Column{Title: "KIND", Min: 11, Max: 12}
	defs[scChain] = Column{Title: "CHAIN", Min: 5, Max: 5, Priority: 2}
	defs[scPool] = Column{Title: "POOL", Min: 6, Max: 14}
	defs[scOwner] = Column{Title: "USER", Min: 8, Max: 28, Priority: 1}
	defs[scProgress] = Column{Title: "PROG", Min: 4, Max: 5, Right: true, Priority: 1}
	defs[scGained] = Column{Title: "GAINED", Min: 10, Max: 14, Right: true, Priority: 1}
	defs[scOrders] = Column{Title: "ORDERS", Min: 7, Max: 7, Right: true, Priority: 3}
	defs[scBalance] = Column{Title: "BALANCE", Min: 12, Max: 28, Right: true, Priority: 2}
	defs[scPrice] = Column{Title: "PRICE", Min: 12, Max: 16, Right: true, Priority: 4}
	defs[scUpdated] = Column{Title: "UPDATED", Min: 16, Max: 16, Priority: 5}
	if userView {
		return []Column{defs[scID], defs[scStatus], defs[scKind], defs[scChain], defs[scPool],
			defs[scProgress], defs[scGained], defs[scOrders], defs[scBalance], defs[scPrice], defs[scUpdated]}
	}
	return []Column{defs[scID], defs[scStatus], defs[scKind], defs[scChain], defs[scPool],
		defs[scOwner], defs[scOrders], defs[scBalance], defs[scPrice], defs[scUpdated]}
}

// StrategyCells builds the cells of one strategy in the order of
// StrategyColumns(userView). The item's strings must be sanitised.
func StrategyCells(s api.FilteredStrategyItem, userView bool) []Cell {
	id := Cell{Text: Int(s.ID)}
	status := Cell{Text: text.OrDash(string(s.Status)), Tone: StatusTone(s.Status)}
	kind := Cell{Text: Kind(s.Type, s.Category)}
	chain := Cell{Text: ChainShort(s.ChainID)}
	pool := Cell{Text: text.OrDash(s.Pool.Symbol)}
	orders := Cell{Text: text.Dash, Tone: ToneMuted}
	if s.Orders > 0 {
		orders = Cell{Text: Int(s.ExecutedOrders) + "/" + Int(s.Orders)}
	}
	balance := Cell{Text: text.Dash, Tone: ToneMuted}
	if s.BalanceUsed != "" {
		balance = Cell{Text: text.Amount(s.BalanceUsed, s.Pool.Decimals)}
	}
	price := Cell{Text: text.Price(s.Pool.TokenPrice)}
	updated := Cell{Text: text.Timestamp(s.UpdatedAt), Tone: ToneMuted}
	if !userView {
		return []Cell{id, status, kind, chain, pool, {Text: text.OrDash(s.UserID)}, orders, balance, price, updated}
	}
	progress := Cell{Text: text.Dash, Tone: ToneMuted}
	if s.Progress != nil {
		progress = Cell{Text: text.Percent(*s.Progress)}
	}
	gained := Cell{Text: text.USD(s.GainedAmountInUSD)}
	if strings.HasPrefix(s.GainedAmountInUSD, "-") {
		gained.Tone = ToneNegative
	} else if s.GainedAmountInUSD != "" && text.Decimal(s.GainedAmountInUSD, 2) != "0.00" {
		gained.Tone = TonePositive
	}
	return []Cell{id, status, kind, chain, pool, progress, gained, orders, balance, price, updated}
}

// ChainGain is the gains of the chosen user's strategies on one chain.
type ChainGain struct {
	ChainID int64
	Gains   api.ChainGains
}

// SortedGains orders a gainedAmountByChain map by chain id; keys that are not
// numbers (a broken server) are dropped.
func SortedGains(m map[string]api.ChainGains) []ChainGain {
	out := make([]ChainGain, 0, len(m))
	for k, g := range m {
		id, err := strconv.ParseInt(k, 10, 64)
		if err != nil {
			continue
		}
		out = append(out, ChainGain{ChainID: id, Gains: g})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ChainID < out[j].ChainID })
	return out
}

// PageInfo is what the line above a paged list says.
type PageInfo struct {
	Page, Pages, Total int
	Loading            bool   // a page or filter change is being fetched
	Filters            string // the active filters in words, "" for none
	Extra              string // e.g. the user's counts
	// Unread, when the list was never read, says why ("reading…", or the
	// error): no page or total is known, so none is drawn.
	Unread string
}

// NotReadYet says a list was never read, and why.
func NotReadYet(why string) string { return "not read yet: " + why }

// PageLine draws "page N of M, T total" with the active filters, or that
// the list was never read.
func PageLine(st Styles, p PageInfo, width int) string {
	pages := p.Pages
	if pages < 1 {
		pages = 1
	}
	msg := "page " + strconv.Itoa(max(p.Page, 1)) + " of " + strconv.Itoa(pages) + ", " + strconv.Itoa(p.Total) + " total"
	if p.Unread != "" {
		msg = NotReadYet(p.Unread)
	}
	if p.Loading && p.Unread == "" {
		msg += " (loading…)"
	}
	msg = JoinNonEmpty(" · ", msg, p.Filters, p.Extra)
	return st.Paging.Render(text.Fit(msg, width))
}

// GainedValue is the value gained on a chain, in tokens and native coin,
// summed exactly; one side alone when the other is missing or not a number.
func GainedValue(g api.ChainGains) string {
	tok, okT := new(big.Rat).SetString(g.GainedTokensValue)
	nat, okN := new(big.Rat).SetString(g.GainedNativeValue)
	switch {
	case okT && okN:
		return tok.Add(tok, nat).FloatString(6)
	case okN:
		return g.GainedNativeValue
	}
	return g.GainedTokensValue
}

// GainsLine summarises gains per chain on one line:
// "gains  BASE $12.30 · SOL $0.50": the value of what was gained on each
// chain, tokens and native together (a strategy that gains the native coin
// gains nothing on the token side).
func GainsLine(st Styles, gains []ChainGain, width int) string {
	if len(gains) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("gains by chain ")
	for i, g := range gains {
		if i > 0 {
			b.WriteString(" · ")
		}
		b.WriteString(ChainShort(g.ChainID))
		b.WriteByte(' ')
		b.WriteString(text.USD(GainedValue(g.Gains)))
	}
	return st.Paging.Render(text.Fit(b.String(), width))
}

// UserCounts words a user's strategy totals: "12 strategies, 3 active".
func UserCounts(total int64, active *int64) string {
	s := Int(total) + " strategies"
	if active != nil {
		s += ", " + Int(*active) + " active"
	}
	return s
}

// MarksSummary counts the marked rows and those not shown (filtered out or
// on another page): "3 marked (1 hidden by the filter or page)", "" when none.
func MarksSummary(marked, hidden int) string {
	if marked == 0 {
		return ""
	}
	s := strconv.Itoa(marked) + " marked"
	if hidden > 0 {
		s += " (" + strconv.Itoa(hidden) + " hidden by the filter or page)"
	}
	return s
}

// EmptyStrategies says why the strategy list has no rows.
func EmptyStrategies(filtered bool, filterKey string) string {
	if filtered {
		return "no strategies match the filters (" + filterKey + " to change)"
	}
	return "no strategies"
}

// NoneSelected is the pane's line when no row is selected.
func NoneSelected(what string) string { return "no " + what + " selected" }

// Loading is the pane's note while its read is on the way.
const Loading = "loading…"
