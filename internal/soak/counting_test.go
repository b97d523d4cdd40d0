//go:build soak

package soak_test

import (
	"context"
	"sync/atomic"
	"time"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/model"
)

// countingAPI is the dashboard's client with a record of its reads: how
// many succeeded and failed, and when the last success landed.
type countingAPI struct {
	c      *api.Client
	ok     atomic.Int64
	failed atomic.Int64
	lastOK atomic.Int64 // unix nanoseconds
}

var _ model.API = (*countingAPI)(nil)

func (a *countingAPI) note(err error) {
	if err != nil {
		a.failed.Add(1)
		return
	}
	a.ok.Add(1)
	a.lastOK.Store(time.Now().UnixNano())
}

// lastSuccess is when the last read succeeded.
func (a *countingAPI) lastSuccess() time.Time { return time.Unix(0, a.lastOK.Load()) }

func (a *countingAPI) Host() string { return a.c.Host() }

func (a *countingAPI) GetDashboardStats(ctx context.Context) (*api.DashboardStats, error) {
	v, err := a.c.GetDashboardStats(ctx)
	a.note(err)
	return v, err
}

func (a *countingAPI) ListStrategies(ctx context.Context, f api.StrategyFilter) (*api.StrategiesPage, error) {
	v, err := a.c.ListStrategies(ctx, f)
	a.note(err)
	return v, err
}

func (a *countingAPI) GetFilteredStrategies(ctx context.Context, r api.FilteredStrategiesRequest) (*api.FilteredStrategiesResponse, error) {
	v, err := a.c.GetFilteredStrategies(ctx, r)
	a.note(err)
	return v, err
}

func (a *countingAPI) GetStrategy(ctx context.Context, id int64) (*api.Strategy, error) {
	v, err := a.c.GetStrategy(ctx, id)
	a.note(err)
	return v, err
}

func (a *countingAPI) GetClientPools(ctx context.Context, chainID int64) ([]api.Pool, error) {
	v, err := a.c.GetClientPools(ctx, chainID)
	a.note(err)
	return v, err
}

func (a *countingAPI) GetPool(ctx context.Context, id int64) (*api.Pool, error) {
	v, err := a.c.GetPool(ctx, id)
	a.note(err)
	return v, err
}

func (a *countingAPI) GetUserPools(ctx context.Context, r api.UserPoolsRequest) (*api.UserPoolsResponse, error) {
	v, err := a.c.GetUserPools(ctx, r)
	a.note(err)
	return v, err
}

func (a *countingAPI) ListUsers(ctx context.Context) ([]api.User, error) {
	v, err := a.c.ListUsers(ctx)
	a.note(err)
	return v, err
}

func (a *countingAPI) GetUser(ctx context.Context, id string) (*api.User, error) {
	v, err := a.c.GetUser(ctx, id)
	a.note(err)
	return v, err
}

func (a *countingAPI) GetUserBalances(ctx context.Context, id string) ([]api.NativeBalance, error) {
	v, err := a.c.GetUserBalances(ctx, id)
	a.note(err)
	return v, err
}
