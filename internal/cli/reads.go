package cli

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/internal/text"
)

// Stats prints the integration's headline counts.
func Stats(ctx context.Context, o IO, c *api.Client, f Format) error {
	st, err := c.GetDashboardStats(ctx)
	if err != nil {
		return readErr("stats", err)
	}
	return writeItems(o.Out, f, st, []api.DashboardStats{*st}, sheetFor(f, statsSheet))
}

// StrategyView prints one strategy.
func StrategyView(ctx context.Context, o IO, c *api.Client, f Format, id int64) error {
	st, err := c.GetStrategy(ctx, id)
	if err != nil {
		return readErr(fmt.Sprintf("strategy %d", id), err)
	}
	switch f {
	case Table:
		return writeTable(o.Out, strategyDetail(*st, false))
	case CSV:
		return writeCSV(o.Out, strategyDetail(*st, true))
	}
	return writeItems(o.Out, f, st, []api.Strategy{*st}, nil)
}

// Users prints the integration's users.
func Users(ctx context.Context, o IO, c *api.Client, f Format) error {
	us, err := c.ListUsers(ctx)
	if err != nil {
		return readErr("users", err)
	}
	if us == nil {
		us = []api.User{}
	}
	return writeItems(o.Out, f, us, us, sheetFor(f, userSheet))
}

// UserView prints one user with e-mail.
func UserView(ctx context.Context, o IO, c *api.Client, f Format, user string) error {
	u, err := c.GetUser(ctx, user)
	if err != nil {
		return readErr("user", err)
	}
	return writeItems(o.Out, f, u, []api.User{*u}, sheetFor(f, userSheet))
}

// UserPools prints a user's pools; the table ends with the roll-ups.
func UserPools(ctx context.Context, o IO, c *api.Client, f Format, user string, chain int64) error {
	req := api.UserPoolsRequest{UserID: user}
	if chain != 0 {
		req.ChainID = &chain
	}
	r, err := c.GetUserPools(ctx, req)
	if err != nil {
		return readErr("user pools", err)
	}
	if r.Pools == nil {
		r.Pools = []api.UserPoolItem{}
	}
	if err := writeItems(o.Out, f, r, r.Pools, sheetFor(f, userPoolSheet)); err != nil || f != Table {
		return err
	}
	return writeTable(o.Out, sheet{head: []string{"TOTAL VALUE", "NATIVE", "AVAILABLE"},
		rows: [][]string{{usd(r.TokenOverallValue), r.TokenOverallNativeValue, usd(r.TokenOverallAvailableValue)}}})
}

// UserBalances prints a user's native balances, on one chain when chain
// is not 0.
func UserBalances(ctx context.Context, o IO, c *api.Client, f Format, user string, chain int64) error {
	var bs []api.NativeBalance
	var whole any
	if chain != 0 {
		b, err := c.GetUserChainBalance(ctx, user, chain)
		if err != nil {
			return readErr("balance", err)
		}
		bs, whole = []api.NativeBalance{*b}, b
	} else {
		all, err := c.GetUserBalances(ctx, user)
		if err != nil {
			return readErr("balances", err)
		}
		if all == nil {
			all = []api.NativeBalance{}
		}
		bs, whole = all, all
	}
	return writeItems(o.Out, f, whole, bs, sheetFor(f, balanceSheet))
}

// Pools prints the integration's pools, on one chain when chain is not 0.
func Pools(ctx context.Context, o IO, c *api.Client, f Format, chain int64) error {
	ps, err := c.GetClientPools(ctx, chain)
	if err != nil {
		return readErr("pools", err)
	}
	if ps == nil {
		ps = []api.Pool{}
	}
	return writeItems(o.Out, f, ps, ps, sheetFor(f, poolSheet))
}

// PoolView prints one pool.
func PoolView(ctx context.Context, o IO, c *api.Client, f Format, id int64) error {
	p, err := c.GetPool(ctx, id)
	if err != nil {
		return readErr(fmt.Sprintf("pool %d", id), err)
	}
	return writeItems(o.Out, f, p, []api.Pool{*p}, sheetFor(f, poolSheet))
}

// usd is text.USD for a roll-up, which the server sends formatted: a value
// text.USD cannot read is shown as sent.
func usd(s string) string {
	if v := text.USD(s); !strings.HasPrefix(v, "?") {
		return v
	}
	return s
}

// notFound reports whether err is a 404.
func notFound(err error) bool { return errors.Is(err, api.ErrNotFound) }
