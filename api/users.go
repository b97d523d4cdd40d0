package api

import (
	"context"
	"net/http"
	"time"
)

// GET /users is the one read that grows with the integration and has no
// paging (spec 4.1): 100,000 users answer 10.7 MB of JSON and 1,000,000
// users 107 MB, over the client's 8 MiB cap. It is decoded as a stream, so
// the body is never held whole, and for this route only the cap and the
// per-attempt timeout are raised: the cap still bounds what a broken or
// hostile server can make the client read (512 MiB: about 5 million users),
// and a slow link gets the time such an answer takes.
const (
	usersMaxBytes = 512 << 20
	usersTimeout  = 2 * time.Minute
)

func usersRoute() route {
	return route{method: http.MethodGet, path: "/users", read: true, maxBytes: usersMaxBytes, timeout: usersTimeout}
}

// ListUsers reads the integration's users (GET /users); list entries carry
// id, externalUserId and walletAddress only.
func (c *Client) ListUsers(ctx context.Context) ([]User, error) {
	out := []User{}
	err := c.StreamUsers(ctx, func() { out = out[:0] }, func(u User) { out = append(out, u) })
	if err != nil {
		return nil, err
	}
	return out, nil
}

// StreamUsers reads GET /users as ListUsers does but hands each user to add
// as it is decoded, in order, so that the answer is never held whole. start
// runs before each attempt's first user: a read is retried after a partial
// answer, and the caller starts over then. It returns ListUsers's errors.
func (c *Client) StreamUsers(ctx context.Context, start func(), add func(User)) error {
	return c.ScanUsers(ctx, start, func(f *UserFields) {
		add(User{ID: f.ID, ExternalUserID: string(f.ExternalUserID), WalletAddress: string(f.WalletAddress), Email: string(f.Email)})
	})
}

// ScanUsers reads GET /users as StreamUsers does but hands each user as
// the bytes of its fields (users_scan.go), valid only until add returns:
// a caller that keeps the users in a form of its own makes no string per
// field. It returns ListUsers's errors.
func (c *Client) ScanUsers(ctx context.Context, start func(), add func(*UserFields)) error {
	_, err := c.send(ctx, usersRoute(), scanReader(start, add))
	return err
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
