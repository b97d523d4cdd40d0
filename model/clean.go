package model

// Every string the server sends passes through text.CleanN once, when
// its reply is prepared in the command's goroutine, so the tabs and package
// ui only ever hold clean, bounded text and no frame sanitises again. The
// bound keeps a hostile 10 MB name from costing anything per frame.

import (
	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/internal/text"
)

// maxFieldRunes bounds every server string kept for display; addresses,
// hashes, e-mail addresses and names fit well within it.
const maxFieldRunes = 200

// clean sanitises and bounds one server string.
func clean(s string) string { return text.CleanN(s, maxFieldRunes) }

func cleanPoolSummary(p api.PoolSummary) api.PoolSummary {
	p.Name, p.Symbol, p.TokenAddress, p.TokenPrice = clean(p.Name), clean(p.Symbol), clean(p.TokenAddress), clean(p.TokenPrice)
	return p
}

func cleanPool(p api.Pool) api.Pool {
	p.Name, p.Symbol, p.TokenAddress, p.TokenPrice = clean(p.Name), clean(p.Symbol), clean(p.TokenAddress), clean(p.TokenPrice)
	return p
}

func cleanTransaction(t api.StrategyTransaction) api.StrategyTransaction {
	t.Amount, t.Type, t.AmountInUSD, t.GainedAmountInUSD = clean(t.Amount), clean(t.Type), clean(t.AmountInUSD), clean(t.GainedAmountInUSD)
	t.CreatedAt, t.TxHash = clean(t.CreatedAt), clean(t.TxHash)
	t.Pool = cleanPoolSummary(t.Pool)
	if t.Transaction != nil {
		ref := api.TransactionRef{Hash: clean(t.Transaction.Hash)}
		t.Transaction = &ref
	}
	return t
}

func cleanOptions(o api.StrategyOptions) api.StrategyOptions {
	o.ReceiverAddress, o.TriggerMarketCap, o.TriggerPrice, o.TriggerType = clean(o.ReceiverAddress), clean(o.TriggerMarketCap), clean(o.TriggerPrice), clean(o.TriggerType)
	o.SwapKind, o.PoolKind, o.PoolAddress = clean(o.SwapKind), clean(o.PoolKind), clean(o.PoolAddress)
	o.MaxTransactionValue, o.MinTransactionValue = clean(o.MaxTransactionValue), api.FlexString(clean(string(o.MinTransactionValue)))
	o.VolumeExclusionAddresses = cleanAll(o.VolumeExclusionAddresses, clean)
	return o
}

func cleanStrategy(s api.Strategy) api.Strategy {
	s.StrategyID, s.Status, s.Category, s.Type = clean(s.StrategyID), api.Status(clean(string(s.Status))), clean(s.Category), clean(s.Type)
	s.Pool = cleanPoolSummary(s.Pool)
	s.UserID, s.InputToken, s.OutputToken, s.TokenAddress = clean(s.UserID), clean(s.InputToken), clean(s.OutputToken), clean(s.TokenAddress)
	s.BalanceUsed, s.CreatedAt, s.UpdatedAt = clean(s.BalanceUsed), clean(s.CreatedAt), clean(s.UpdatedAt)
	s.Transactions = cleanAll(s.Transactions, cleanTransaction)
	s.StrategyOptions = cleanOptions(s.StrategyOptions)
	return s
}

func cleanFilteredItem(it api.FilteredStrategyItem) api.FilteredStrategyItem {
	it.Strategy = cleanStrategy(it.Strategy)
	it.GainedAmountInUSD = clean(it.GainedAmountInUSD)
	return it
}

func cleanGains(g api.ChainGains) api.ChainGains {
	return api.ChainGains{
		GainedNative: clean(g.GainedNative), GainedNativeValue: clean(g.GainedNativeValue),
		GainedTokens: clean(g.GainedTokens), GainedTokensValue: clean(g.GainedTokensValue),
		SoldTokens: clean(g.SoldTokens), SoldTokensValue: clean(g.SoldTokensValue),
		SoldNative: clean(g.SoldNative), SoldNativeValue: clean(g.SoldNativeValue),
	}
}

func cleanUser(u api.User) api.User {
	u.ExternalUserID, u.WalletAddress, u.Email = clean(u.ExternalUserID), clean(u.WalletAddress), clean(u.Email)
	return u
}

func cleanBalance(b api.NativeBalance) api.NativeBalance {
	b.Balance, b.TotalClaimableNativeTokens = clean(b.Balance), clean(b.TotalClaimableNativeTokens)
	return b
}

func cleanDeposit(d api.PoolDeposit) api.PoolDeposit {
	d.UserBalance, d.LockedAmount, d.LockedNativeAmount = clean(d.UserBalance), clean(d.LockedAmount), clean(d.LockedNativeAmount)
	d.Value, d.CurrentClaimableValue = clean(d.Value), clean(d.CurrentClaimableValue)
	d.Strategies = cleanAll(d.Strategies, cleanStrategy)
	return d
}

func cleanUserPool(p api.UserPoolItem) api.UserPoolItem {
	p.Pool = cleanPool(p.Pool)
	p.TokenValue, p.UserBalance, p.TotalBalanceAvailable = clean(p.TokenValue), clean(p.UserBalance), clean(p.TotalBalanceAvailable)
	p.Deposits = cleanAll(p.Deposits, cleanDeposit)
	v := &p.PoolVolumeTotals
	v.TotalBoughtFromStrategies, v.TotalSoldFromStrategies = cleanNumber(v.TotalBoughtFromStrategies), cleanNumber(v.TotalSoldFromStrategies)
	v.TotalBoughtFromSwaps, v.TotalSoldFromSwaps = cleanNumber(v.TotalBoughtFromSwaps), cleanNumber(v.TotalSoldFromSwaps)
	v.TotalBought, v.TotalSold = cleanNumber(v.TotalBought), cleanNumber(v.TotalSold)
	return p
}

// cleanAll cleans each element into a new slice, so that the reply's
// backing array is never written; nil or empty stays as it came.
func cleanAll[T any](xs []T, cleanOne func(T) T) []T {
	if len(xs) == 0 {
		return xs
	}
	out := make([]T, len(xs))
	for i, x := range xs {
		out[i] = cleanOne(x)
	}
	return out
}

// cleanNumber bounds a JSON number literal (json.Number holds only what the
// decoder accepted as a number, but it can be very long).
func cleanNumber[N ~string](n N) N { return N(clean(string(n))) }
