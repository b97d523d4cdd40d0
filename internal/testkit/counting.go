package testkit

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/stratop/stratop/action"
	"github.com/stratop/stratop/api"
)

// CountingAPI is a client of the interface that counts its reads by route
// name, how many succeeded and failed, and when the last success landed.
// Actions pass through uncounted.
type CountingAPI struct {
	*api.Client
	ok, failed atomic.Int64
	lastOK     atomic.Int64 // unix nanoseconds
	mu         sync.Mutex
	calls      map[string]int
}

var _ action.Client = (*CountingAPI)(nil)

// NewCountingAPI counts the reads of c.
func NewCountingAPI(c *api.Client) *CountingAPI {
	return &CountingAPI{Client: c, calls: map[string]int{}}
}

// Calls is how many times the read named so ran ("ListUsers").
func (a *CountingAPI) Calls(name string) int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.calls[name]
}

// Succeeded and Failed count every read.
func (a *CountingAPI) Succeeded() int64 { return a.ok.Load() }
func (a *CountingAPI) Failed() int64    { return a.failed.Load() }

// LastSuccess is when the last read succeeded.
func (a *CountingAPI) LastSuccess() time.Time { return time.Unix(0, a.lastOK.Load()) }

func count[T any](a *CountingAPI, name string, v T, err error) (T, error) {
	a.mu.Lock()
	a.calls[name]++
	a.mu.Unlock()
	if err != nil {
		a.failed.Add(1)
	} else {
		a.ok.Add(1)
		a.lastOK.Store(time.Now().UnixNano())
	}
	return v, err
}

func (a *CountingAPI) GetDashboardStats(ctx context.Context) (*api.DashboardStats, error) {
	v, err := a.Client.GetDashboardStats(ctx)
	return count(a, "GetDashboardStats", v, err)
}

func (a *CountingAPI) ListStrategies(ctx context.Context, f api.StrategyFilter) (*api.StrategiesPage, error) {
	v, err := a.Client.ListStrategies(ctx, f)
	return count(a, "ListStrategies", v, err)
}

func (a *CountingAPI) GetFilteredStrategies(ctx context.Context, r api.FilteredStrategiesRequest) (*api.FilteredStrategiesResponse, error) {
	v, err := a.Client.GetFilteredStrategies(ctx, r)
	return count(a, "GetFilteredStrategies", v, err)
}

func (a *CountingAPI) GetStrategy(ctx context.Context, id int64) (*api.Strategy, error) {
	v, err := a.Client.GetStrategy(ctx, id)
	return count(a, "GetStrategy", v, err)
}

func (a *CountingAPI) GetClientPools(ctx context.Context, chainID int64) ([]api.Pool, error) {
	v, err := a.Client.GetClientPools(ctx, chainID)
	return count(a, "GetClientPools", v, err)
}

func (a *CountingAPI) GetPool(ctx context.Context, id int64) (*api.Pool, error) {
	v, err := a.Client.GetPool(ctx, id)
	return count(a, "GetPool", v, err)
}

func (a *CountingAPI) GetUserPools(ctx context.Context, r api.UserPoolsRequest) (*api.UserPoolsResponse, error) {
	v, err := a.Client.GetUserPools(ctx, r)
	return count(a, "GetUserPools", v, err)
}

func (a *CountingAPI) ListUsers(ctx context.Context) ([]api.User, error) {
	v, err := a.Client.ListUsers(ctx)
	return count(a, "ListUsers", v, err)
}

func (a *CountingAPI) StreamUsers(ctx context.Context, start func(), add func(api.User)) error {
	err := a.Client.StreamUsers(ctx, start, add)
	_, err = count(a, "StreamUsers", struct{}{}, err)
	return err
}

func (a *CountingAPI) ScanUsers(ctx context.Context, start func(), add func(*api.UserFields)) error {
	err := a.Client.ScanUsers(ctx, start, add)
	_, err = count(a, "ScanUsers", struct{}{}, err)
	return err
}

func (a *CountingAPI) GetUser(ctx context.Context, id string) (*api.User, error) {
	v, err := a.Client.GetUser(ctx, id)
	return count(a, "GetUser", v, err)
}

func (a *CountingAPI) GetUserBalances(ctx context.Context, id string) ([]api.NativeBalance, error) {
	v, err := a.Client.GetUserBalances(ctx, id)
	return count(a, "GetUserBalances", v, err)
}
