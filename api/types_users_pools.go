package api

// Users, balances and pools of spec sections 2, 4.1 and 4.2.

import "encoding/json"

// User is a user record; Email is present only in the single-user read.
type User struct {
	ID             int64  `json:"id"`
	ExternalUserID string `json:"externalUserId"`
	WalletAddress  string `json:"walletAddress,omitempty"`
	Email          string `json:"email,omitempty"`
}

// CreateUserRequest is the body of POST /users (an upsert by external id).
type CreateUserRequest struct {
	ExternalUserID string         `json:"externalUserId"`
	WalletAddress  string         `json:"walletAddress,omitempty"`
	Email          string         `json:"email,omitempty"`
	Metadata       map[string]any `json:"metadata,omitempty"`
	DepositChainID *int64         `json:"depositChainId,omitempty"`
}

// NativeBalance is a user's native balance on one chain, in decimal native units.
type NativeBalance struct {
	ChainID                    int64  `json:"chainId"`
	Balance                    string `json:"balance"`
	TotalClaimableNativeTokens string `json:"totalClaimableNativeTokens"`
}

// Pool is a token pool. TokenPrice is absent in the client pool list and in
// the single-strategy embed, present elsewhere.
type Pool struct {
	ID           int64  `json:"id"`
	Name         string `json:"name"`
	Symbol       string `json:"symbol"`
	Decimals     int    `json:"decimals"`
	TokenAddress string `json:"tokenAddress"`
	ChainID      int64  `json:"chainId"`
	TokenPrice   string `json:"tokenPrice,omitempty"`
}

// PoolSummary is the pool embedded in strategies and transactions.
type PoolSummary struct {
	ID           int64  `json:"id"`
	Name         string `json:"name"`
	Symbol       string `json:"symbol"`
	TokenAddress string `json:"tokenAddress"`
	Decimals     int    `json:"decimals"`
	TokenPrice   string `json:"tokenPrice,omitempty"`
}

// PoolDeposit is one deposit of a user in a pool; balances are raw units.
type PoolDeposit struct {
	ID                    int64      `json:"id"`
	UserBalance           string     `json:"userBalance"`
	LockedAmount          string     `json:"lockedAmount"`
	LockedNativeAmount    string     `json:"lockedNativeAmount"`
	Value                 string     `json:"value"`
	CurrentClaimableValue string     `json:"currentClaimableValue"`
	Strategies            []Strategy `json:"strategies,omitempty"`
}

// PoolVolumeTotals are volume totals of a user in a pool. The spec types them
// as numbers; json.Number keeps the literal exact.
type PoolVolumeTotals struct {
	TotalBoughtFromStrategies json.Number `json:"totalBoughtFromStrategies"`
	TotalSoldFromStrategies   json.Number `json:"totalSoldFromStrategies"`
	TotalBoughtFromSwaps      json.Number `json:"totalBoughtFromSwaps"`
	TotalSoldFromSwaps        json.Number `json:"totalSoldFromSwaps"`
	TotalBought               json.Number `json:"totalBought"`
	TotalSold                 json.Number `json:"totalSold"`
}

// UserPoolItem is a pool with one user's deposits, balances and volume totals.
type UserPoolItem struct {
	Pool
	Deposits              []PoolDeposit `json:"deposits"`
	TokenValue            string        `json:"tokenValue"`
	UserBalance           string        `json:"userBalance"`
	TotalBalanceAvailable string        `json:"totalBalanceAvailable"`
	HasActiveStrategies   bool          `json:"hasActiveStrategies"`
	PoolVolumeTotals
}

// UserPoolsRequest is the body of POST /getUserPools.
type UserPoolsRequest struct {
	UserID  string `json:"userId"`
	ChainID *int64 `json:"chainId,omitempty"`
}

// UserPoolsResponse is a user's pools with the three roll-ups.
type UserPoolsResponse struct {
	Pools                      []UserPoolItem `json:"pools"`
	TokenOverallValue          string         `json:"tokenOverallValue"`
	TokenOverallNativeValue    string         `json:"tokenOverallNativeValue"`
	TokenOverallAvailableValue string         `json:"tokenOverallAvailableValue"`
}

// TokenBalanceRequest is the body of POST /getTokenBalance.
type TokenBalanceRequest struct {
	UserID       string `json:"userId"`
	TokenAddress string `json:"tokenAddress"`
	ChainID      int64  `json:"chainId"`
}

// TokenBalancePoolSummary is the pool named in a TokenBalanceResponse.
type TokenBalancePoolSummary struct {
	ID       int64  `json:"id"`
	Name     string `json:"name"`
	Symbol   string `json:"symbol"`
	Decimals int    `json:"decimals"`
}

// TokenBalanceResponse is a user's balance of one token; PoolDepositID is nil
// when the user has no deposit.
type TokenBalanceResponse struct {
	UserID           string                  `json:"userId"`
	TokenAddress     string                  `json:"tokenAddress"`
	ChainID          int64                   `json:"chainId"`
	Pool             TokenBalancePoolSummary `json:"pool"`
	PoolDepositID    *int64                  `json:"poolDepositId"`
	UserBalance      string                  `json:"userBalance"`
	LockedAmount     string                  `json:"lockedAmount"`
	AvailableBalance string                  `json:"availableBalance"`
	HasDeposit       bool                    `json:"hasDeposit"`
}
