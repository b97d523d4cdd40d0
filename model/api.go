// Package model is the Bubble Tea state machine of the dashboard: the root
// model, its tabs, polling, the action workflow, and the messages and
// commands that carry every request. It holds state and decides; package ui
// draws and words. All I/O runs in tea.Cmds that copy what they need and
// never read the model later.
package model

import (
	"context"

	"github.com/stratop/stratop/action"
	"github.com/stratop/stratop/api"
)

// API is the part of the partner interface client the dashboard uses: the
// reads of its tabs and the lifecycle routes of package action. *api.Client
// satisfies it; fakes are checked against it at compile time.
type API interface {
	Host() string
	GetDashboardStats(ctx context.Context) (*api.DashboardStats, error)
	ListStrategies(ctx context.Context, f api.StrategyFilter) (*api.StrategiesPage, error)
	GetFilteredStrategies(ctx context.Context, req api.FilteredStrategiesRequest) (*api.FilteredStrategiesResponse, error)
	GetClientPools(ctx context.Context, chainID int64) ([]api.Pool, error)
	GetPool(ctx context.Context, poolID int64) (*api.Pool, error)
	GetUserPools(ctx context.Context, req api.UserPoolsRequest) (*api.UserPoolsResponse, error)
	StreamUsers(ctx context.Context, start func(), add func(api.User)) error
	ScanUsers(ctx context.Context, start func(), add func(*api.UserFields)) error
	GetUser(ctx context.Context, userID string) (*api.User, error)
	GetUserBalances(ctx context.Context, userID string) ([]api.NativeBalance, error)
	action.Client
}

var _ API = (*api.Client)(nil)
