package api

import (
	"context"
	"net/http"
)

// ListUsers reads the integration's users (GET /users); list entries carry
// id, externalUserId and walletAddress only.
func (c *Client) ListUsers(ctx context.Context) ([]User, error) {
	return callList[User](ctx, c, route{method: http.MethodGet, path: "/users", read: true})
}

// GetUser reads one user by external id (GET /users/{userId}), with email.
func (c *Client) GetUser(ctx context.Context, userID string) (*User, error) {
	if err := requireUserID(userID); err != nil {
		return nil, err
	}
	return call[User](ctx, c, route{method: http.MethodGet, path: "/users/" + seg(userID), read: true}, needJSON)
}

// UpsertUser creates or updates a user by external id (POST /users). The
// spec does not show the response body: the user is returned when the body
// holds a user record, and nil (with a nil error) when it is empty or holds
// something else. Never retried.
func (c *Client) UpsertUser(ctx context.Context, req CreateUserRequest) (*User, error) {
	if err := ValidateCreateUser(req); err != nil {
		return nil, err
	}
	u, err := call[User](ctx, c, route{method: http.MethodPost, path: "/users", body: req}, emptyOK)
	if err != nil || u == nil || (u.ID == 0 && u.ExternalUserID == "") {
		return nil, err
	}
	return u, nil
}

// GetUserPools reads a user's pools, deposits and roll-ups (POST /getUserPools).
func (c *Client) GetUserPools(ctx context.Context, req UserPoolsRequest) (*UserPoolsResponse, error) {
	if err := requireUserID(req.UserID); err != nil {
		return nil, err
	}
	if req.ChainID != nil && *req.ChainID < 1 {
		return nil, invalid("chainId", "must be a chain id >= 1")
	}
	return call[UserPoolsResponse](ctx, c, route{method: http.MethodPost, path: "/getUserPools", body: req, read: true}, needJSON)
}

// GetTokenBalance reads a user's balance of one token (POST /getTokenBalance).
func (c *Client) GetTokenBalance(ctx context.Context, req TokenBalanceRequest) (*TokenBalanceResponse, error) {
	if err := requireUserID(req.UserID); err != nil {
		return nil, err
	}
	if err := requireText("tokenAddress", req.TokenAddress); err != nil {
		return nil, err
	}
	if err := requireChainID(req.ChainID); err != nil {
		return nil, err
	}
	return call[TokenBalanceResponse](ctx, c, route{method: http.MethodPost, path: "/getTokenBalance", body: req, read: true}, needJSON)
}

// GetUserBalances reads a user's native balance on every chain
// (GET /users/{userId}/balances).
func (c *Client) GetUserBalances(ctx context.Context, userID string) ([]NativeBalance, error) {
	if err := requireUserID(userID); err != nil {
		return nil, err
	}
	return callList[NativeBalance](ctx, c, route{method: http.MethodGet, path: "/users/" + seg(userID) + "/balances", read: true})
}

// GetUserChainBalance reads a user's native balance on one chain
// (GET /users/{userId}/balances/{chainId}).
func (c *Client) GetUserChainBalance(ctx context.Context, userID string, chainID int64) (*NativeBalance, error) {
	if err := requireUserID(userID); err != nil {
		return nil, err
	}
	if err := requireChainID(chainID); err != nil {
		return nil, err
	}
	return call[NativeBalance](ctx, c, route{method: http.MethodGet, path: "/users/" + seg(userID) + "/balances/" + idSeg(chainID), read: true}, needJSON)
}
