package api

import (
	"context"
	"net/http"
)

// CreateStrategy validates req for kind and sends it to the kind's create
// route. The spec does not show the create response: the new strategy is
// returned when the body holds a strategy record, nil otherwise. Never retried.
func (c *Client) CreateStrategy(ctx context.Context, kind StrategyKind, req CreateStrategyRequest) (*Strategy, error) {
	if err := ValidateCreate(kind, req); err != nil {
		return nil, err
	}
	return strategyOrNil(call[Strategy](ctx, c, route{method: http.MethodPost, path: "/strategies/" + kind.CreateRoute(), body: req}, emptyOK))
}

// UpdateStrategy validates req for kind and sends it to the kind's set
// route, which must match the strategy's type and side (400 otherwise).
// It returns the updated strategy (nil if the body holds none). Never retried.
func (c *Client) UpdateStrategy(ctx context.Context, kind StrategyKind, req UpdateStrategyRequest) (*Strategy, error) {
	if err := ValidateUpdate(kind, req); err != nil {
		return nil, err
	}
	return strategyOrNil(call[Strategy](ctx, c, route{method: http.MethodPost, path: "/strategies/" + kind.UpdateRoute(), body: req}, emptyOK))
}

// CreateStrategyDcaBuy creates a DCA buy strategy (POST /strategies/createStrategyDcaBuy).
func (c *Client) CreateStrategyDcaBuy(ctx context.Context, req CreateStrategyRequest) (*Strategy, error) {
	return c.CreateStrategy(ctx, DcaBuy, req)
}

// CreateStrategyDcaSell creates a DCA sell strategy (POST /strategies/createStrategyDcaSell).
func (c *Client) CreateStrategyDcaSell(ctx context.Context, req CreateStrategyRequest) (*Strategy, error) {
	return c.CreateStrategy(ctx, DcaSell, req)
}

// CreateStrategyVolumeBuy creates a volume buy strategy (POST /strategies/createStrategyVolumeBuy).
func (c *Client) CreateStrategyVolumeBuy(ctx context.Context, req CreateStrategyRequest) (*Strategy, error) {
	return c.CreateStrategy(ctx, VolumeBuy, req)
}

// CreateStrategyVolumeSell creates a volume sell strategy (POST /strategies/createStrategyVolumeSell).
func (c *Client) CreateStrategyVolumeSell(ctx context.Context, req CreateStrategyRequest) (*Strategy, error) {
	return c.CreateStrategy(ctx, VolumeSell, req)
}

// SetStrategyBuyDCA updates a DCA buy strategy (POST /strategies/setStrategyBuyDCA).
func (c *Client) SetStrategyBuyDCA(ctx context.Context, req UpdateStrategyRequest) (*Strategy, error) {
	return c.UpdateStrategy(ctx, DcaBuy, req)
}

// SetStrategySellDCA updates a DCA sell strategy (POST /strategies/setStrategySellDCA).
func (c *Client) SetStrategySellDCA(ctx context.Context, req UpdateStrategyRequest) (*Strategy, error) {
	return c.UpdateStrategy(ctx, DcaSell, req)
}

// SetStrategyBuyVolume updates a volume buy strategy (POST /strategies/setStrategyBuyVolume).
func (c *Client) SetStrategyBuyVolume(ctx context.Context, req UpdateStrategyRequest) (*Strategy, error) {
	return c.UpdateStrategy(ctx, VolumeBuy, req)
}

// SetStrategySellVolume updates a volume sell strategy (POST /strategies/setStrategySellVolume).
func (c *Client) SetStrategySellVolume(ctx context.Context, req UpdateStrategyRequest) (*Strategy, error) {
	return c.UpdateStrategy(ctx, VolumeSell, req)
}

// strategyOrNil drops a decoded record that is not a strategy (no id): the
// spec leaves action response bodies unshown, so a {"success":true} body
// must not pass for a strategy with zero values.
func strategyOrNil(s *Strategy, err error) (*Strategy, error) {
	if err != nil || s == nil || s.ID == 0 {
		return nil, err
	}
	return s, nil
}
