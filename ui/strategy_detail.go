package ui

// The strategy detail pane: GET /strategies/{id}, its settings and its latest
// transactions. Fields the spec marks "not shown" (sizing, triggers, volume
// settings, transactions on the single read) are drawn when the server sends
// them and left out otherwise.

import (
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/internal/text"
)

// StrategyDetail draws the pane's lines for a sanitised strategy record.
// full is false while only the list's record is known (the single read is
// loading or failed): settings and transactions then say so instead.
// note is an extra line under the title (loading, or why the read failed).
// The token address and transaction hashes link to the explorer.
func StrategyDetail(st Styles, x Explorers, s api.Strategy, full bool, note string, width int) []string {
	title := "Strategy " + Int(s.ID)
	if s.Pool.Symbol != "" {
		title += " · " + s.Pool.Symbol
	}
	lines := []string{
		PaneTitle(st, title, width),
	}
	if note != "" {
		lines = append(lines, Muted(st, note, width))
	}
	lines = append(lines,
		KVTone(st, "status", text.OrDash(string(s.Status)), StatusTone(s.Status), width),
		KV(st, "kind", Kind(s.Type, s.Category), width),
		KV(st, "user", text.OrDash(s.UserID), width),
		KV(st, "chain", ChainName(s.ChainID)+" ("+Int(s.ChainID)+")", width),
		KV(st, "pool", poolText(s.Pool, s.PoolID), width),
	)
	add := func(label, value string) {
		if value != "" {
			lines = append(lines, KV(st, label, value, width))
		}
	}
	addNumber := func(label, value string) {
		lines = append(lines, KVNumber(st, label, value, width))
	}
	if s.Pool.TokenAddress != "" {
		lines = append(lines, KVLink(st, "token", s.Pool.TokenAddress, x.AddressURL(s.ChainID, s.Pool.TokenAddress), width))
	}
	if s.PoolDepositID != 0 {
		add("deposit", "#"+Int(s.PoolDepositID))
	}
	if s.BalanceUsed != "" {
		addNumber("balance", text.Amount(s.BalanceUsed, s.Pool.Decimals)+" "+s.Pool.Symbol)
	}
	if s.Orders > 0 {
		add("orders", Int(s.ExecutedOrders)+" of "+Int(s.Orders)+" executed")
	}
	if s.DcaFrequency > 0 {
		addNumber("frequency", Int(s.DcaFrequency))
	}
	if s.Percentage != nil {
		addNumber("percentage", strconv.FormatFloat(*s.Percentage, 'f', -1, 64))
	}
	add("strategy id", s.StrategyID)
	if s.CreatedAt != "" {
		add("created", text.Timestamp(s.CreatedAt))
	}
	if s.UpdatedAt != "" {
		add("updated", text.Timestamp(s.UpdatedAt))
	}
	if set := settingLines(s); len(set) > 0 {
		lines = append(lines, "", Section(st, "Settings", width))
		for _, kv := range set {
			if kv.number {
				lines = append(lines, KVNumber(st, kv.label, kv.value, width))
				continue
			}
			lines = append(lines, KV(st, kv.label, kv.value, width))
		}
	}
	if !full {
		return lines
	}
	lines = append(lines, "", Section(st, "Latest transactions", width))
	if len(s.Transactions) == 0 {
		return append(lines, Muted(st, "none", width))
	}
	for _, tx := range s.Transactions {
		lines = append(lines, transactionLine(x, tx, s, width))
	}
	return lines
}

// transactionLine is the transaction's fields fitted to width, its hash
// linked when it is drawn whole as the last thing on the line.
func transactionLine(x Explorers, tx api.StrategyTransaction, s api.Strategy, width int) string {
	text := text.Fields(width, transactionFields(tx, s.Pool)...)
	hash := txHash(tx)
	short := ShortHex(hash, 6)
	chain := tx.ChainID
	if chain == 0 {
		chain = s.ChainID
	}
	u := x.TxURL(chain, hash)
	if u == "" || short == "" || !strings.HasSuffix(text, short) {
		return text // no link, or the hash was cut away: draw it plain
	}
	return text[:len(text)-len(short)] + Hyperlink(u, short)
}

// txHash is a transaction's hash, wherever the record carries it.
func txHash(tx api.StrategyTransaction) string {
	if tx.TxHash == "" && tx.Transaction != nil {
		return tx.Transaction.Hash
	}
	return tx.TxHash
}

// poolText names a pool: "PEPE · Pepe #12".
func poolText(p api.PoolSummary, poolID int64) string {
	id := p.ID
	if id == 0 {
		id = poolID
	}
	parts := []string{p.Symbol, p.Name}
	if id != 0 {
		parts = append(parts, "#"+Int(id))
	}
	return text.OrDash(JoinNonEmpty(" · ", parts...))
}

// transactionFields are one line of the transaction list:
// "2024-05-01 12:00 buy 1.5 PEPE $12.00 gain $0.30 0x12ab…9f0e". On a
// narrow pane the hash and the gain are left out before a number rounds.
func transactionFields(tx api.StrategyTransaction, pool api.PoolSummary) []text.Field {
	dec, sym := pool.Decimals, pool.Symbol
	if tx.Pool.Symbol != "" {
		dec, sym = tx.Pool.Decimals, tx.Pool.Symbol
	}
	fs := []text.Field{{Text: text.Timestamp(tx.CreatedAt)}, {Text: text.OrDash(tx.Type)}, {Text: text.Amount(tx.Amount, dec), Number: true}, {Text: sym}}
	if tx.AmountInUSD != "" {
		fs = append(fs, text.Field{Text: text.USD(tx.AmountInUSD), Number: true})
	}
	if tx.GainedAmountInUSD != "" {
		fs = append(fs, text.Field{Label: "gain", Text: text.USD(tx.GainedAmountInUSD), Number: true, Optional: true})
	}
	if hash := txHash(tx); hash != "" {
		fs = append(fs, text.Field{Text: ShortHex(hash, 6), Optional: true})
	}
	return fs
}

// setting is one line of the Settings section; a number is rounded to fit
// rather than cut.
type setting struct {
	label, value string
	number       bool
}

// settingLines lists the optional settings a record carries.
func settingLines(s api.Strategy) []setting {
	var out []setting
	add := func(k, v string) { out = append(out, setting{label: k, value: v}) }
	addNumber := func(k, v string) { out = append(out, setting{label: k, value: v, number: true}) }
	o := s.StrategyOptions
	if o.IsSmartGasOn != nil {
		v := onOff(*o.IsSmartGasOn)
		if *o.IsSmartGasOn && o.GasThreshold != nil {
			v += ", threshold " + Int(*o.GasThreshold)
		}
		add("smart gas", v)
	}
	if o.AutoClaim != nil {
		v := onOff(*o.AutoClaim)
		if *o.AutoClaim && o.ReceiverAddress != "" {
			v += " to " + ShortHex(o.ReceiverAddress, 6)
		}
		add("auto-claim", v)
	}
	if o.RouteProtection != nil {
		add("route guard", onOff(*o.RouteProtection))
	}
	if o.TriggerType != "" {
		add("trigger", o.TriggerType)
		switch {
		case o.TriggerType == "price" && o.TriggerPrice != "":
			addNumber("trigger at", text.Price(o.TriggerPrice))
		case o.TriggerMarketCap != "":
			addNumber("trigger at", o.TriggerMarketCap)
		}
	}
	if o.ScheduledStartAt != nil {
		add("starts at", unixText(*o.ScheduledStartAt))
	}
	if o.SwapKind != "" {
		add("swap", JoinNonEmpty(" ", o.SwapKind, o.PoolKind, ShortHex(o.PoolAddress, 6)))
	}
	if o.VariableDcaAmount != nil && *o.VariableDcaAmount {
		add("vary amount", percentOpt(o.VariableDcaAmountValue))
	}
	if o.VariableDcaFrequency != nil && *o.VariableDcaFrequency {
		add("vary freq.", percentOpt(o.VariableDcaFrequencyValue))
	}
	if o.MaxTransactionValue != "" {
		addNumber("max per swap", o.MaxTransactionValue)
	}
	if o.MinTransactionValue != "" {
		addNumber("min per swap", text.USD(string(o.MinTransactionValue)))
	}
	if o.VolumeAccumulatorSize != nil {
		add("accumulator", Int(*o.VolumeAccumulatorSize))
	}
	if n := len(o.VolumeExclusionAddresses); n > 0 {
		add("excluded", Int(int64(n))+" addresses")
	}
	if o.SkipMevLikeTrades != nil {
		add("skip MEV", onOff(*o.SkipMevLikeTrades))
	}
	if o.ExcludeSonarExecutors != nil {
		add("excl. exec.", onOff(*o.ExcludeSonarExecutors))
	}
	return out
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

func percentOpt(p *int64) string {
	if p == nil {
		return "on"
	}
	return "±" + Int(*p) + "%"
}

// OpenedByID heads a strategy opened by its id, not from the list.
func OpenedByID(id int64, back key.Binding) string {
	return "strategy " + Int(id) + " · read by its id: not on the page shown · " + Hint(WithDesc(back, "back to the list"))
}

// StrategyGone says a strategy opened by its id does not exist.
func StrategyGone(id int64) string {
	return "strategy " + Int(id) + " no longer exists (the server does not know it: 404)"
}
