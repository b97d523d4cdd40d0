package cli

import (
	"strconv"
	"strings"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/internal/text"
)

// Tables are for people: amounts grouped and with the token's decimals,
// chain names. CSV is for programs: the same exact amounts without
// grouping, raw units beside them, numeric ids.

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// plainUnits is an exact decimal amount without thousands separators.
func plainUnits(raw string, decimals int) string {
	if raw == "" {
		return ""
	}
	v := text.Amount(raw, decimals)
	if strings.HasPrefix(v, "?") {
		return v
	}
	return strings.ReplaceAll(v, ",", "")
}

func strategySheet(ss []api.Strategy, forCSV bool) sheet {
	if forCSV {
		s := sheet{head: []string{"id", "status", "type", "category", "chainId", "poolId", "poolSymbol", "userId",
			"executedOrders", "orders", "balanceUsed", "balanceUsedRaw", "tokenPrice", "updatedAt"}}
		for _, st := range ss {
			s.rows = append(s.rows, []string{itoa(st.ID), string(st.Status), st.Type, st.Category, itoa(st.ChainID),
				itoa(st.Pool.ID), st.Pool.Symbol, st.UserID, itoa(st.ExecutedOrders), itoa(st.Orders),
				plainUnits(st.BalanceUsed, st.Pool.Decimals), st.BalanceUsed, st.Pool.TokenPrice, st.UpdatedAt})
		}
		return s
	}
	s := sheet{head: []string{"ID", "STATUS", "KIND", "CHAIN", "POOL", "USER", "ORDERS", "BALANCE", "PRICE", "UPDATED"}}
	for _, st := range ss {
		orders := text.Dash
		if st.Orders > 0 {
			orders = itoa(st.ExecutedOrders) + "/" + itoa(st.Orders)
		}
		s.rows = append(s.rows, []string{itoa(st.ID), string(st.Status), text.Kind(st.Type, st.Category),
			text.ChainName(st.ChainID), st.Pool.Symbol, st.UserID, orders, text.Units(st.BalanceUsed, st.Pool.Decimals),
			text.Price(st.Pool.TokenPrice), text.Timestamp(st.UpdatedAt)})
	}
	return s
}

// strategyDetail is one strategy as field/value rows.
func strategyDetail(st api.Strategy, forCSV bool) sheet {
	s := strategySheet([]api.Strategy{st}, forCSV)
	if forCSV {
		return s
	}
	d := sheet{head: []string{"FIELD", "VALUE"}}
	for i, h := range s.head {
		d.rows = append(d.rows, []string{h, s.rows[0][i]})
	}
	d.rows = append(d.rows,
		[]string{"STRATEGY ID", st.StrategyID},
		[]string{"POOL NAME", st.Pool.Name},
		[]string{"TOKEN", st.Pool.TokenAddress},
		[]string{"POOL DEPOSIT", itoa(st.PoolDepositID)},
		[]string{"CREATED", text.Timestamp(st.CreatedAt)})
	return d
}

func userSheet(us []api.User, forCSV bool) sheet {
	s := sheet{head: []string{"ID", "EXTERNAL ID", "WALLET", "E-MAIL"}}
	if forCSV {
		s.head = []string{"id", "externalUserId", "walletAddress", "email"}
	}
	for _, u := range us {
		s.rows = append(s.rows, []string{itoa(u.ID), u.ExternalUserID, u.WalletAddress, u.Email})
	}
	return s
}

func poolSheet(ps []api.Pool, forCSV bool) sheet {
	if forCSV {
		s := sheet{head: []string{"id", "symbol", "name", "chainId", "decimals", "tokenAddress", "tokenPrice"}}
		for _, p := range ps {
			s.rows = append(s.rows, []string{itoa(p.ID), p.Symbol, p.Name, itoa(p.ChainID), strconv.Itoa(p.Decimals), p.TokenAddress, p.TokenPrice})
		}
		return s
	}
	s := sheet{head: []string{"ID", "SYMBOL", "NAME", "CHAIN", "DEC", "TOKEN", "PRICE"}}
	for _, p := range ps {
		s.rows = append(s.rows, []string{itoa(p.ID), p.Symbol, p.Name, text.ChainName(p.ChainID), strconv.Itoa(p.Decimals), p.TokenAddress, text.Price(p.TokenPrice)})
	}
	return s
}

func userPoolSheet(ps []api.UserPoolItem, forCSV bool) sheet {
	if forCSV {
		s := sheet{head: []string{"id", "symbol", "chainId", "decimals", "userBalance", "totalBalanceAvailable", "locked", "lockedRaw",
			"tokenValue", "deposits", "hasActiveStrategies", "totalBought", "totalSold"}}
		for _, p := range ps {
			raw := lockedRaw(p)
			s.rows = append(s.rows, []string{itoa(p.ID), p.Symbol, itoa(p.ChainID), strconv.Itoa(p.Decimals), p.UserBalance,
				p.TotalBalanceAvailable, plainUnits(raw, p.Decimals), raw, p.TokenValue, strconv.Itoa(len(p.Deposits)),
				strconv.FormatBool(p.HasActiveStrategies), p.TotalBought.String(), p.TotalSold.String()})
		}
		return s
	}
	s := sheet{head: []string{"ID", "SYMBOL", "CHAIN", "BALANCE", "AVAILABLE", "LOCKED", "VALUE", "DEP", "ACTIVE", "BOUGHT", "SOLD"}}
	for _, p := range ps {
		active := "no"
		if p.HasActiveStrategies {
			active = "yes"
		}
		s.rows = append(s.rows, []string{itoa(p.ID), p.Symbol, text.ChainName(p.ChainID), text.Number(p.UserBalance),
			text.Number(p.TotalBalanceAvailable), lockedTotal(p), text.USD(p.TokenValue), strconv.Itoa(len(p.Deposits)),
			active, text.Number(p.TotalBought.String()), text.Number(p.TotalSold.String())})
	}
	return s
}

// lockedRaw is the exact sum of a pool's deposits' raw locked amounts; ""
// when one of them is not an integer.
func lockedRaw(p api.UserPoolItem) string {
	sum := lockedTotal(p)
	if strings.HasPrefix(sum, "?") {
		return ""
	}
	return rawFromUnits(strings.ReplaceAll(sum, ",", ""), p.Decimals)
}

// rawFromUnits undoes text.Amount for a well-formed value: "1.5", 6 -> "1500000".
func rawFromUnits(v string, decimals int) string {
	neg := strings.HasPrefix(v, "-")
	v = strings.TrimPrefix(v, "-")
	whole, frac, _ := strings.Cut(v, ".")
	if len(frac) > decimals {
		return ""
	}
	raw := strings.TrimLeft(whole+frac+strings.Repeat("0", decimals-len(frac)), "0")
	if raw == "" {
		return "0"
	}
	if neg {
		return "-" + raw
	}
	return raw
}

func balanceSheet(bs []api.NativeBalance, forCSV bool) sheet {
	if forCSV {
		s := sheet{head: []string{"chainId", "balance", "totalClaimableNativeTokens"}}
		for _, b := range bs {
			s.rows = append(s.rows, []string{itoa(b.ChainID), b.Balance, b.TotalClaimableNativeTokens})
		}
		return s
	}
	s := sheet{head: []string{"CHAIN", "BALANCE", "CLAIMABLE"}}
	for _, b := range bs {
		s.rows = append(s.rows, []string{text.ChainName(b.ChainID), text.Number(b.Balance), text.Number(b.TotalClaimableNativeTokens)})
	}
	return s
}

func statsSheet(st []api.DashboardStats, forCSV bool) sheet {
	s := sheet{head: []string{"USERS", "STRATEGIES"}}
	if forCSV {
		s.head = []string{"usersCount", "strategiesCount"}
	}
	for _, x := range st {
		s.rows = append(s.rows, []string{itoa(x.UsersCount), itoa(x.StrategiesCount)})
	}
	return s
}

// sheetFor binds a sheet builder to a format.
func sheetFor[T any](f Format, build func([]T, bool) sheet) func([]T) sheet {
	return func(items []T) sheet { return build(items, f == CSV) }
}

// lockedTotal sums a pool's locked deposits exactly, with its decimals.
func lockedTotal(p api.UserPoolItem) string {
	raws := make([]string, len(p.Deposits))
	for i, d := range p.Deposits {
		raws[i] = d.LockedAmount
	}
	return text.SumAmount(raws, p.Decimals)
}
