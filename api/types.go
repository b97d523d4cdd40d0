package api

// Request and response types of the partner interface v1. Field names and JSON
// types follow spec section 2: amounts and prices are strings (raw integer
// units or formatted decimals), ids are numbers, nullable fields are pointers.
// The client and the sandbox share these types and nothing else.

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Chain ids the spec names as active (section 1).
const (
	ChainEthereum int64 = 1
	ChainBNB      int64 = 56
	ChainBase     int64 = 8453
	Chain4663     int64 = 4663
	ChainSolana   int64 = 1399811149
)

// Chains lists the active chain ids in a stable order, for filters and seeds.
var Chains = []int64{ChainBase, ChainBNB, ChainEthereum, Chain4663, ChainSolana}

// Status is a strategy state of spec section 3; typed so a typo is a compile error.
type Status string

// Strategy states (section 3). Archived is named by the spec without a wire
// value; "archived" is our choice, used by the sandbox.
const (
	StatusActive    Status = "active"
	StatusSuspended Status = "suspended"
	StatusPaused    Status = "paused"
	StatusCompleted Status = "completed"
	StatusArchived  Status = "archived"
)

// Strategy categories and methods (types) used by reads and filters.
const (
	CategoryBuy   = "buy"
	CategorySell  = "sell"
	CategoryRange = "range"
	MethodDCA     = "dca"
	MethodVolume  = "volume"
)

// StrategyOptions are the optional settings of the create routes (section 4.3).
// Pointers keep "not sent" apart from false or zero. Reads echo them as an
// extension (the spec leaves read fields beyond section 2 "not shown").
type StrategyOptions struct {
	IsSmartGasOn              *bool      `json:"isSmartGasOn,omitempty"`
	GasThreshold              *int64     `json:"gasThreshold,omitempty"`
	AutoClaim                 *bool      `json:"autoClaim,omitempty"`
	ReceiverAddress           string     `json:"receiverAddress,omitempty"`
	RouteProtection           *bool      `json:"routeProtection,omitempty"`
	TriggerMarketCap          string     `json:"triggerMarketCap,omitempty"`
	TriggerPrice              string     `json:"triggerPrice,omitempty"`
	TriggerType               string     `json:"triggerType,omitempty"`
	ScheduledStartAt          *int64     `json:"scheduledStartAt,omitempty"`
	SwapKind                  string     `json:"swapKind,omitempty"`
	PoolKind                  string     `json:"poolKind,omitempty"`
	PoolAddress               string     `json:"poolAddress,omitempty"`
	VariableDcaAmount         *bool      `json:"variableDcaAmount,omitempty"`
	VariableDcaAmountValue    *int64     `json:"variableDcaAmountValue,omitempty"`
	VariableDcaFrequency      *bool      `json:"variableDcaFrequency,omitempty"`
	VariableDcaFrequencyValue *int64     `json:"variableDcaFrequencyValue,omitempty"`
	MaxTransactionValue       string     `json:"maxTransactionValue,omitempty"`
	MinTransactionValue       FlexString `json:"minTransactionValue,omitempty"`
	VolumeAccumulatorSize     *int64     `json:"volumeAccumulatorSize,omitempty"`
	VolumeExclusionAddresses  []string   `json:"volumeExclusionAddresses,omitempty"`
	SkipMevLikeTrades         *bool      `json:"skipMevLikeTrades,omitempty"`
	ExcludeSonarExecutors     *bool      `json:"excludeSonarExecutors,omitempty"`
}

// CreateStrategyRequest is the body of the four create routes (section 4.3).
// Orders and DcaFrequency are DCA-only, Percentage volume-only.
type CreateStrategyRequest struct {
	UserID        string   `json:"userId"`
	ChainID       int64    `json:"chainId"`
	InputToken    string   `json:"inputToken"`
	OutputToken   string   `json:"outputToken"`
	TokenAddress  string   `json:"tokenAddress"`
	BalanceUsed   string   `json:"balanceUsed"`
	Orders        *int64   `json:"orders,omitempty"`
	DcaFrequency  *int64   `json:"dcaFrequency,omitempty"`
	Percentage    *float64 `json:"percentage,omitempty"`
	PoolDepositID *int64   `json:"poolDepositId,omitempty"`
	StrategyOptions
}

// UpdateStrategyRequest is the body of the four set routes (section 4.4).
// Optional fields left nil are left unchanged; ScheduledStartAt and
// VolumeAccumulatorSize can also be sent as null to clear them.
type UpdateStrategyRequest struct {
	UserID                    string     `json:"userId"`
	PoolDepositID             int64      `json:"poolDepositId"`
	PoolID                    int64      `json:"poolId"`
	StrategyID                int64      `json:"strategyId"`
	ChainID                   int64      `json:"chainId"`
	BalanceUsed               string     `json:"balanceUsed"`
	Orders                    *int64     `json:"orders,omitempty"`
	DcaFrequency              *int64     `json:"dcaFrequency,omitempty"`
	Percentage                *float64   `json:"percentage,omitempty"`
	IsSmartGasOn              *bool      `json:"isSmartGasOn,omitempty"`
	GasThreshold              *int64     `json:"gasThreshold,omitempty"`
	RouteProtection           *bool      `json:"routeProtection,omitempty"`
	TriggerMarketCap          string     `json:"triggerMarketCap,omitempty"`
	TriggerPrice              string     `json:"triggerPrice,omitempty"`
	TriggerType               string     `json:"triggerType,omitempty"`
	ScheduledStartAt          *NullInt   `json:"scheduledStartAt,omitempty"`
	VariableDcaAmount         *bool      `json:"variableDcaAmount,omitempty"`
	VariableDcaAmountValue    *int64     `json:"variableDcaAmountValue,omitempty"`
	VariableDcaFrequency      *bool      `json:"variableDcaFrequency,omitempty"`
	VariableDcaFrequencyValue *int64     `json:"variableDcaFrequencyValue,omitempty"`
	MaxTransactionValue       string     `json:"maxTransactionValue,omitempty"`
	MinTransactionValue       FlexString `json:"minTransactionValue,omitempty"`
	VolumeAccumulatorSize     *NullInt   `json:"volumeAccumulatorSize,omitempty"`
}

// Strategy is a strategy record. Fields after Pool are extensions the
// sandbox sends and the real interface may omit (spec: "not shown"), so every
// reader must cope with their zero values.
type Strategy struct {
	ID            int64       `json:"id"`
	StrategyID    string      `json:"strategyId"`
	ChainID       int64       `json:"chainId"`
	Status        Status      `json:"status"`
	Category      string      `json:"category"`
	Type          string      `json:"type"`
	PoolDepositID int64       `json:"poolDepositId"`
	Orders        int64       `json:"orders"`
	DcaFrequency  int64       `json:"dcaFrequency"`
	Pool          PoolSummary `json:"pool"`

	// Extensions.
	UserID         string                `json:"userId,omitempty"` // owner's external user id
	PoolID         int64                 `json:"poolId,omitempty"`
	InputToken     string                `json:"inputToken,omitempty"`
	OutputToken    string                `json:"outputToken,omitempty"`
	TokenAddress   string                `json:"tokenAddress,omitempty"`
	BalanceUsed    string                `json:"balanceUsed,omitempty"`
	Percentage     *float64              `json:"percentage,omitempty"`
	ExecutedOrders int64                 `json:"executedOrders,omitempty"`
	CreatedAt      string                `json:"createdAt,omitempty"` // RFC 3339
	UpdatedAt      string                `json:"updatedAt,omitempty"` // RFC 3339
	Transactions   []StrategyTransaction `json:"transactions,omitempty"`
	StrategyOptions
}

// StrategyFilter holds the filters, page and sort shared by GET /strategies
// (as query parameters) and POST /strategies/getStrategies (as body fields).
// Zero values are not sent, so the server's defaults apply.
type StrategyFilter struct {
	ChainID        int64  `json:"chainId,omitempty"`
	Status         Status `json:"status,omitempty"`
	Category       string `json:"category,omitempty"`
	StrategyMethod string `json:"strategyMethod,omitempty"`
	Page           int    `json:"page,omitempty"`
	PageSize       int    `json:"pageSize,omitempty"`
	SortBy         string `json:"sortBy,omitempty"` // latest or oldest
}

// UserStrategiesRequest is the body of POST /strategies/getStrategies.
type UserStrategiesRequest struct {
	UserID string `json:"userId"`
	StrategyFilter
}

// StrategiesPage is a StrategiesPaginatedResponse.
type StrategiesPage struct {
	Strategies    []Strategy `json:"strategies"`
	TotalCount    int        `json:"totalCount"`
	Page          int        `json:"page"`
	PageSize      int        `json:"pageSize"`
	NumberOfPages int        `json:"numberOfPages"`
}

// DashboardStats are the integration's headline counts.
type DashboardStats struct {
	UsersCount      int64 `json:"usersCount"`
	StrategiesCount int64 `json:"strategiesCount"`
}

// FilteredStrategiesRequest is the body of POST /strategies/getFilteredStrategies.
type FilteredStrategiesRequest struct {
	UserID         string `json:"userId,omitempty"`
	Category       string `json:"category,omitempty"`       // buy, sell, range, all
	Status         Status `json:"status,omitempty"`         // active, completed, paused
	StrategyMethod string `json:"strategyMethod,omitempty"` // dca, volume, all
	Search         string `json:"search,omitempty"`
	Value          string `json:"value,omitempty"` // highest, lowest
	Page           int    `json:"page,omitempty"`
	PageSize       int    `json:"pageSize,omitempty"`
}

// TransactionRef is the nested Transaction object of a strategy transaction.
type TransactionRef struct {
	Hash string `json:"hash"`
}

// StrategyTransaction is a FilteredStrategyTransaction.
type StrategyTransaction struct {
	ID                int64           `json:"id"`
	Amount            string          `json:"amount"`
	Type              string          `json:"type"`
	StrategyID        int64           `json:"strategyId"`
	AmountInUSD       string          `json:"amountInUSD"`
	GainedAmountInUSD string          `json:"gainedAmountInUSD"`
	ChainID           int64           `json:"chainId"`
	CreatedAt         string          `json:"createdAt"`
	TxHash            string          `json:"txHash"`
	Pool              PoolSummary     `json:"pool"`
	Transaction       *TransactionRef `json:"Transaction,omitempty"`
}

// FilteredStrategyItem is a strategy with progress, gains and transactions.
type FilteredStrategyItem struct {
	Strategy
	GainedAmountInUSD string   `json:"gainedAmountInUSD,omitempty"`
	Progress          *float64 `json:"progress,omitempty"` // fraction 0..1
}

// ChainGains are the gains of a user's strategies on one chain.
type ChainGains struct {
	GainedNative      string `json:"gainedNative"`
	GainedNativeValue string `json:"gainedNativeValue"`
	GainedTokens      string `json:"gainedTokens"`
	GainedTokensValue string `json:"gainedTokensValue"`
	SoldTokens        string `json:"soldTokens"`
	SoldTokensValue   string `json:"soldTokensValue"`
	SoldNative        string `json:"soldNative"`
	SoldNativeValue   string `json:"soldNativeValue"`
}

// FilteredStats are the counts sent when filters give no rows.
type FilteredStats struct {
	TotalUserStrategies     int64 `json:"totalUserStrategies"`
	ActiveStrategiesCount   int64 `json:"activeStrategiesCount"`
	FilteredStrategiesCount int64 `json:"filteredStrategiesCount"`
}

// Pagination is the page block of a FilteredStrategiesResponse.
type Pagination struct {
	TotalItems      int  `json:"totalItems"`
	TotalPages      int  `json:"totalPages"`
	CurrentPage     int  `json:"currentPage"`
	PageSize        int  `json:"pageSize"`
	HasNextPage     bool `json:"hasNextPage"`
	HasPreviousPage bool `json:"hasPreviousPage"`
}

// FilteredStrategiesResponse is a user's strategies with progress and gains;
// GainedAmountByChain is keyed by chain id as a decimal string.
type FilteredStrategiesResponse struct {
	TotalUserStrategies   *int64                 `json:"totalUserStrategies,omitempty"`
	ActiveStrategiesCount *int64                 `json:"activeStrategiesCount,omitempty"`
	Stats                 *FilteredStats         `json:"stats,omitempty"`
	Strategies            []FilteredStrategyItem `json:"strategies"`
	GainedAmountByChain   map[string]ChainGains  `json:"gainedAmountByChain"`
	Pagination            Pagination             `json:"pagination"`
}

// StrategyRef names a strategy and its owner: the body of the single-strategy
// body routes (removeStrategy, disable, suspend, resume, stop, duplicate).
type StrategyRef struct {
	UserID     string `json:"userId"`
	StrategyID int64  `json:"strategyId"`
}

// ChangeBalanceRequest adds raw units to a volume strategy's balance; the
// IdempotencyKey makes a retried request apply once.
type ChangeBalanceRequest struct {
	UserID          string `json:"userId"`
	StrategyID      int64  `json:"strategyId"`
	BalanceBuyUsed  string `json:"balanceBuyUsed,omitempty"`
	BalanceSellUsed string `json:"balanceSellUsed,omitempty"`
	IdempotencyKey  string `json:"idempotencyKey"`
}

// DuplicateResult answers duplicateStrategy. The spec does not name the new
// id's field; we chose newStrategyId and also return the new record.
type DuplicateResult struct {
	NewStrategyID int64     `json:"newStrategyId"`
	Strategy      *Strategy `json:"strategy,omitempty"`
}

// RemoveStrategiesRequest is the body of POST /strategies/removeStrategies.
type RemoveStrategiesRequest struct {
	UserID string  `json:"userId"`
	IDs    []int64 `json:"ids"`
}

// RemoveFailure names an id that could not be archived and why.
type RemoveFailure struct {
	ID     int64  `json:"id"`
	Reason string `json:"reason"`
}

// RemoveStrategiesResult reports a bulk archive per id. Member types are not
// shown by the spec; we chose id lists plus reasons for failures.
type RemoveStrategiesResult struct {
	Removed         []int64         `json:"removed"`
	Failed          []RemoveFailure `json:"failed"`
	SkippedArchived []int64         `json:"skippedArchived"`
	Message         string          `json:"message"`
}

// UserRef is the body of the async all-strategies routes.
type UserRef struct {
	UserID string `json:"userId"`
}

// JobStarted answers the async bulk routes at once.
type JobStarted struct {
	Started bool `json:"started"`
}

// ErrorBody is the JSON error body. The spec does not show one; the sandbox
// sends {"statusCode":N,"message":...,"error":"Reason"} and the client accepts
// message as a string or a list of strings.
type ErrorBody struct {
	StatusCode int      `json:"statusCode"`
	Message    Messages `json:"message"`
	Error      string   `json:"error,omitempty"`
}

// Messages is an error message that servers send as a string or a list.
type Messages []string

// MarshalJSON writes one message as a string and several as a list.
func (m Messages) MarshalJSON() ([]byte, error) {
	if len(m) == 1 {
		return json.Marshal(m[0])
	}
	return json.Marshal([]string(m))
}

// UnmarshalJSON accepts a string, a list of strings or null.
func (m *Messages) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if bytes.Equal(b, []byte("null")) {
		*m = nil
		return nil
	}
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*m = Messages{s}
		return nil
	}
	var list []string
	if err := json.Unmarshal(b, &list); err != nil {
		return fmt.Errorf("message: want string or list of strings: %w", err)
	}
	*m = list
	return nil
}

// NullInt is an integer that can be sent as null to clear a setting; a nil
// *NullInt leaves the field out, so the setting is left unchanged.
type NullInt struct {
	Value int64
	Valid bool
}

// MarshalJSON writes the number, or null when not Valid.
func (n NullInt) MarshalJSON() ([]byte, error) {
	if !n.Valid {
		return []byte("null"), nil
	}
	return json.Marshal(n.Value)
}

// UnmarshalJSON reads a number or null.
func (n *NullInt) UnmarshalJSON(b []byte) error {
	if bytes.Equal(bytes.TrimSpace(b), []byte("null")) {
		*n = NullInt{}
		return nil
	}
	if err := json.Unmarshal(b, &n.Value); err != nil {
		return err
	}
	n.Valid = true
	return nil
}

// FlexString is a value the spec types "string/number": it reads either and
// writes a string, keeping the digits exactly as sent.
type FlexString string

// UnmarshalJSON accepts a JSON string or number.
func (f *FlexString) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if bytes.Equal(b, []byte("null")) {
		*f = ""
		return nil
	}
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*f = FlexString(s)
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return fmt.Errorf("want string or number: %w", err)
	}
	*f = FlexString(n.String())
	return nil
}
