package api

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
)

// emptyObject is the {} body of getDashBoardStats.
type emptyObject struct{}

// GetDashboardStats reads the integration's user and strategy counts
// (POST /strategies/getDashBoardStats).
func (c *Client) GetDashboardStats(ctx context.Context) (*DashboardStats, error) {
	return call[DashboardStats](ctx, c, route{method: http.MethodPost, path: "/strategies/getDashBoardStats", body: emptyObject{}, read: true}, needJSON)
}

// ListStrategies reads one page of the integration's strategies
// (GET /strategies). Zero filter fields are not sent, so the server's
// defaults (page 1, pageSize 50) apply.
func (c *Client) ListStrategies(ctx context.Context, f StrategyFilter) (*StrategiesPage, error) {
	if err := ValidateFilter(f); err != nil {
		return nil, err
	}
	return call[StrategiesPage](ctx, c, route{method: http.MethodGet, path: "/strategies", query: filterQuery(f), read: true}, needJSON)
}

// filterQuery encodes the non-zero fields of f as query parameters.
func filterQuery(f StrategyFilter) url.Values {
	q := url.Values{}
	if f.ChainID != 0 {
		q.Set("chainId", strconv.FormatInt(f.ChainID, 10))
	}
	if f.Status != "" {
		q.Set("status", string(f.Status))
	}
	if f.Category != "" {
		q.Set("category", f.Category)
	}
	if f.StrategyMethod != "" {
		q.Set("strategyMethod", f.StrategyMethod)
	}
	if f.Page != 0 {
		q.Set("page", strconv.Itoa(f.Page))
	}
	if f.PageSize != 0 {
		q.Set("pageSize", strconv.Itoa(f.PageSize))
	}
	if f.SortBy != "" {
		q.Set("sortBy", f.SortBy)
	}
	return q
}

// GetStrategies reads one page of a user's strategies
// (POST /strategies/getStrategies), with the filters of ListStrategies.
func (c *Client) GetStrategies(ctx context.Context, req UserStrategiesRequest) (*StrategiesPage, error) {
	if err := requireUserID(req.UserID); err != nil {
		return nil, err
	}
	if err := ValidateFilter(req.StrategyFilter); err != nil {
		return nil, err
	}
	return call[StrategiesPage](ctx, c, route{method: http.MethodPost, path: "/strategies/getStrategies", body: req, read: true}, needJSON)
}

// GetFilteredStrategies reads a user's strategies with progress, gains and
// transactions (POST /strategies/getFilteredStrategies).
func (c *Client) GetFilteredStrategies(ctx context.Context, req FilteredStrategiesRequest) (*FilteredStrategiesResponse, error) {
	if err := ValidateFilteredStrategies(req); err != nil {
		return nil, err
	}
	return call[FilteredStrategiesResponse](ctx, c, route{method: http.MethodPost, path: "/strategies/getFilteredStrategies", body: req, read: true}, needJSON)
}

// GetStrategy reads one strategy by its numeric id (GET /strategies/{strategyId}).
func (c *Client) GetStrategy(ctx context.Context, id int64) (*Strategy, error) {
	if err := requireStrategyID(id); err != nil {
		return nil, err
	}
	return call[Strategy](ctx, c, route{method: http.MethodGet, path: "/strategies/" + idSeg(id), read: true}, needJSON)
}
