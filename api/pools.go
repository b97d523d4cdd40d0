package api

import (
	"context"
	"net/http"
)

// clientPoolsRequest is the body of POST /getClientPools; chainId is an
// optional filter, left out for all chains.
type clientPoolsRequest struct {
	ChainID int64 `json:"chainId,omitempty"`
}

// GetClientPools reads the integration's pools (POST /getClientPools):
// pools with at least one deposit by any of its users. chainID 0 means all
// chains.
func (c *Client) GetClientPools(ctx context.Context, chainID int64) ([]Pool, error) {
	if chainID < 0 {
		return nil, invalid("chainId", "must be a chain id >= 1, or 0 for all chains")
	}
	return callList[Pool](ctx, c, route{method: http.MethodPost, path: "/getClientPools", body: clientPoolsRequest{ChainID: chainID}, read: true})
}

// GetPool reads one pool with its token price (GET /pools/{poolId}).
func (c *Client) GetPool(ctx context.Context, poolID int64) (*Pool, error) {
	if poolID < 1 {
		return nil, invalid("poolId", "must be >= 1")
	}
	return call[Pool](ctx, c, route{method: http.MethodGet, path: "/pools/" + idSeg(poolID), read: true}, needJSON)
}
