package mcp

import (
	"context"
	"errors"

	"github.com/stratop/stratop/action"
	"github.com/stratop/stratop/api"
)

// errNeverActs is what every state-changing route answers inside the MCP
// server: actions leave only through `stratop approve`.
var errNeverActs = errors.New("the MCP server never sends an action: a person approves it with stratop approve")

// reader is every route the server uses: reads only. The server keeps
// the client as a reader, so no code here can reach a route that changes
// state.
type reader interface {
	GetDashboardStats(ctx context.Context) (*api.DashboardStats, error)
	ListStrategies(ctx context.Context, f api.StrategyFilter) (*api.StrategiesPage, error)
	GetStrategies(ctx context.Context, req api.UserStrategiesRequest) (*api.StrategiesPage, error)
	GetStrategy(ctx context.Context, id int64) (*api.Strategy, error)
	ListUsers(ctx context.Context) ([]api.User, error)
	StreamUsers(ctx context.Context, start func(), add func(api.User)) error
	GetUser(ctx context.Context, userID string) (*api.User, error)
	GetUserPools(ctx context.Context, req api.UserPoolsRequest) (*api.UserPoolsResponse, error)
	GetUserBalances(ctx context.Context, userID string) ([]api.NativeBalance, error)
	GetUserChainBalance(ctx context.Context, userID string, chainID int64) (*api.NativeBalance, error)
	GetClientPools(ctx context.Context, chainID int64) ([]api.Pool, error)
	GetPool(ctx context.Context, poolID int64) (*api.Pool, error)
}

var _ reader = (*api.Client)(nil)

// readsOnly is the action runner's client inside the server: the plans
// read through it, and every state-changing route refuses before a
// request is built, so no tool, whatever it is called with, changes
// anything.
type readsOnly struct{ reader }

var _ action.Client = readsOnly{}

func (readsOnly) HaltStrategy(context.Context, int64) (*api.Strategy, error) {
	return nil, errNeverActs
}
func (readsOnly) ArchiveStrategy(context.Context, int64) (*api.Strategy, error) {
	return nil, errNeverActs
}
func (readsOnly) SuspendStrategy(context.Context, api.StrategyRef) (*api.Strategy, error) {
	return nil, errNeverActs
}
func (readsOnly) ResumeStrategy(context.Context, api.StrategyRef) (*api.Strategy, error) {
	return nil, errNeverActs
}
func (readsOnly) StopStrategy(context.Context, api.StrategyRef) (*api.Strategy, error) {
	return nil, errNeverActs
}
func (readsOnly) DisableStrategy(context.Context, api.StrategyRef) (*api.Strategy, error) {
	return nil, errNeverActs
}
func (readsOnly) ChangeBalance(context.Context, *api.ChangeBalanceRequest) (*api.Strategy, error) {
	return nil, errNeverActs
}
func (readsOnly) DuplicateStrategy(context.Context, api.StrategyRef) (*api.DuplicateResult, error) {
	return nil, errNeverActs
}
func (readsOnly) DisableAllStrategies(context.Context, string) (*api.JobStarted, error) {
	return nil, errNeverActs
}
func (readsOnly) RemoveAllStrategies(context.Context, string) (*api.JobStarted, error) {
	return nil, errNeverActs
}
