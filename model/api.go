// Package model is the Bubble Tea state machine of the dashboard: the root
// model, its tabs, polling, focus, and the messages and commands that carry
// every request. It holds state and decides; package ui draws. All I/O runs
// in tea.Cmds that copy what they need and never read the model later.
package model

import (
	"context"

	"github.com/stratop/stratop/api"
)

// API is the part of the partner interface client the dashboard reads with.
// *api.Client satisfies it; tests may pass a fake. Actions (issue 5) add
// their own interface beside it.
type API interface {
	Host() string
	GetDashboardStats(ctx context.Context) (*api.DashboardStats, error)
	ListStrategies(ctx context.Context, f api.StrategyFilter) (*api.StrategiesPage, error)
	GetFilteredStrategies(ctx context.Context, req api.FilteredStrategiesRequest) (*api.FilteredStrategiesResponse, error)
	GetStrategy(ctx context.Context, id int64) (*api.Strategy, error)
	GetClientPools(ctx context.Context, chainID int64) ([]api.Pool, error)
	GetPool(ctx context.Context, poolID int64) (*api.Pool, error)
	GetUserPools(ctx context.Context, req api.UserPoolsRequest) (*api.UserPoolsResponse, error)
	ListUsers(ctx context.Context) ([]api.User, error)
	GetUser(ctx context.Context, userID string) (*api.User, error)
	GetUserBalances(ctx context.Context, userID string) ([]api.NativeBalance, error)
}

// ActionAPI is the part of the client that changes strategies (issue 5).
// *api.Client satisfies it; a client without it runs the dashboard with
// every action refused at the gate.
type ActionAPI interface {
	HaltStrategy(ctx context.Context, id int64) (*api.Strategy, error)
	ArchiveStrategy(ctx context.Context, id int64) (*api.Strategy, error)
	SuspendStrategy(ctx context.Context, ref api.StrategyRef) (*api.Strategy, error)
	ResumeStrategy(ctx context.Context, ref api.StrategyRef) (*api.Strategy, error)
	StopStrategy(ctx context.Context, ref api.StrategyRef) (*api.Strategy, error)
	RemoveStrategies(ctx context.Context, req api.RemoveStrategiesRequest) (*api.RemoveStrategiesResult, error)
}
