package api

import (
	"context"
	"net/http"

	"github.com/google/uuid"
)

// Lifecycle routes change state, so none of them is ever retried: after a
// *TransportError with MaybeDelivered the outcome is unknown and the caller
// should re-read the strategy before trying again. The spec does not show
// their response bodies; the single-strategy routes return the updated
// strategy when the body holds one and (nil, nil) for an empty body.

// HaltStrategy pauses a strategy (POST /strategies/{strategyId}/halt).
func (c *Client) HaltStrategy(ctx context.Context, id int64) (*Strategy, error) {
	return c.pathAction(ctx, id, "halt")
}

// ArchiveStrategy archives a strategy (POST /strategies/{strategyId}/archive).
func (c *Client) ArchiveStrategy(ctx context.Context, id int64) (*Strategy, error) {
	return c.pathAction(ctx, id, "archive")
}

// pathAction posts to /strategies/{id}/{verb} with no body.
func (c *Client) pathAction(ctx context.Context, id int64, verb string) (*Strategy, error) {
	if err := requireStrategyID(id); err != nil {
		return nil, err
	}
	return strategyOrNil(call[Strategy](ctx, c, route{method: http.MethodPost, path: "/strategies/" + idSeg(id) + "/" + verb}, emptyOK))
}

// RemoveStrategy archives a user's strategy (POST /strategies/removeStrategy).
func (c *Client) RemoveStrategy(ctx context.Context, ref StrategyRef) (*Strategy, error) {
	return c.bodyAction(ctx, ref, "removeStrategy")
}

// DisableStrategy pauses a user's strategy and zeroes its balances
// (POST /strategies/disableStrategy).
func (c *Client) DisableStrategy(ctx context.Context, ref StrategyRef) (*Strategy, error) {
	return c.bodyAction(ctx, ref, "disableStrategy")
}

// SuspendStrategy suspends an active strategy (POST /strategies/suspendStrategy; 2FA).
func (c *Client) SuspendStrategy(ctx context.Context, ref StrategyRef) (*Strategy, error) {
	return c.bodyAction(ctx, ref, "suspendStrategy")
}

// ResumeStrategy resumes a suspended strategy (POST /strategies/resumeStrategy; 2FA).
func (c *Client) ResumeStrategy(ctx context.Context, ref StrategyRef) (*Strategy, error) {
	return c.bodyAction(ctx, ref, "resumeStrategy")
}

// StopStrategy completes a strategy for good (POST /strategies/stopStrategy; 2FA).
func (c *Client) StopStrategy(ctx context.Context, ref StrategyRef) (*Strategy, error) {
	return c.bodyAction(ctx, ref, "stopStrategy")
}

// bodyAction posts a StrategyRef to /strategies/{name}.
func (c *Client) bodyAction(ctx context.Context, ref StrategyRef, name string) (*Strategy, error) {
	if err := ValidateStrategyRef(ref); err != nil {
		return nil, err
	}
	return strategyOrNil(call[Strategy](ctx, c, route{method: http.MethodPost, path: "/strategies/" + name, body: ref}, emptyOK))
}

// ChangeBalance adds raw units to a volume strategy's balance
// (POST /strategies/changeBalance; 2FA). When req.IdempotencyKey is empty it
// is set to a new UUID in the caller's value before sending, so a retry by
// the caller with the same req applies at most once. Never retried here.
func (c *Client) ChangeBalance(ctx context.Context, req *ChangeBalanceRequest) (*Strategy, error) {
	if req == nil {
		return nil, invalid("body", "is required")
	}
	if req.IdempotencyKey == "" {
		req.IdempotencyKey = uuid.NewString()
	}
	if err := ValidateChangeBalance(*req); err != nil {
		return nil, err
	}
	return strategyOrNil(call[Strategy](ctx, c, route{method: http.MethodPost, path: "/strategies/changeBalance", body: req}, emptyOK))
}

// DuplicateStrategy clones a strategy's settings into a new strategy
// (POST /strategies/duplicateStrategy; 2FA). Nil result for an empty body.
func (c *Client) DuplicateStrategy(ctx context.Context, ref StrategyRef) (*DuplicateResult, error) {
	if err := ValidateStrategyRef(ref); err != nil {
		return nil, err
	}
	return call[DuplicateResult](ctx, c, route{method: http.MethodPost, path: "/strategies/duplicateStrategy", body: ref}, emptyOK)
}

// RemoveStrategies archives several of a user's strategies
// (POST /strategies/removeStrategies; 2FA), reporting per id.
func (c *Client) RemoveStrategies(ctx context.Context, req RemoveStrategiesRequest) (*RemoveStrategiesResult, error) {
	if err := ValidateRemoveStrategies(req); err != nil {
		return nil, err
	}
	return call[RemoveStrategiesResult](ctx, c, route{method: http.MethodPost, path: "/strategies/removeStrategies", body: req}, emptyOK)
}

// DisableAllStrategies starts a background job pausing all of a user's
// active strategies (POST /strategies/disableAllStrategies; 2FA). Completion
// is observed by polling the strategy lists.
func (c *Client) DisableAllStrategies(ctx context.Context, userID string) (*JobStarted, error) {
	return c.userJob(ctx, userID, "disableAllStrategies")
}

// RemoveAllStrategies starts a background job archiving all of a user's
// strategies (POST /strategies/removeAllStrategies; 2FA).
func (c *Client) RemoveAllStrategies(ctx context.Context, userID string) (*JobStarted, error) {
	return c.userJob(ctx, userID, "removeAllStrategies")
}

// userJob posts {"userId":...} to an async bulk route.
func (c *Client) userJob(ctx context.Context, userID, name string) (*JobStarted, error) {
	if err := requireUserID(userID); err != nil {
		return nil, err
	}
	return call[JobStarted](ctx, c, route{method: http.MethodPost, path: "/strategies/" + name, body: UserRef{UserID: userID}}, emptyOK)
}
