package api

import (
	"math"
	"strings"
	"unicode/utf8"
)

// Client-side checks of the spec's required fields (sections 4.1-4.6) and
// limits (section 8). Each returns a *ValidationError naming the JSON field,
// so a form can point at it before anything is sent. Where the spec leaves a
// bound "not shown" the checks stay permissive and the server decides.

// Bounds that the spec leaves open, chosen so absurd input fails early.
const (
	maxIDLength          = 256 // user ids, addresses, idempotency keys
	maxExclusionAddrs    = 150
	maxPageSize          = 100
	minVariablePercent   = 20
	maxVariablePercent   = 80
	minAccumulatorSize   = 2
	maxAccumulatorSize   = 10
	maxSearchLength      = 200
	maxRemoveStrategyIDs = 1000
)

// ValidateCreateUser checks the body of POST /users: externalUserId is
// required, email must be a plain address, depositChainId >= 1.
func ValidateCreateUser(r CreateUserRequest) error {
	if err := requireText("externalUserId", r.ExternalUserID); err != nil {
		return err
	}
	if r.Email != "" && !ValidEmail(r.Email) {
		return invalid("email", "must be an e-mail address")
	}
	if r.DepositChainID != nil && *r.DepositChainID < 1 {
		return invalid("depositChainId", "must be an integer >= 1")
	}
	if len(r.WalletAddress) > maxIDLength {
		return invalidf("walletAddress", "must be at most %d characters", maxIDLength)
	}
	return nil
}

// ValidateFilter checks the filters of GET /strategies and getStrategies.
// Zero values mean "server default" and pass.
func ValidateFilter(f StrategyFilter) error {
	switch {
	case f.ChainID < 0:
		return invalid("chainId", "must be a chain id >= 1, or 0 for all chains")
	case !oneOf(string(f.Status), "", string(StatusActive), string(StatusSuspended), string(StatusPaused), string(StatusCompleted)):
		return invalid("status", "must be active, suspended, paused or completed")
	case !oneOf(f.Category, "", CategoryBuy, CategorySell, CategoryRange):
		return invalid("category", "must be buy, sell or range")
	case !oneOf(f.StrategyMethod, "", MethodDCA, MethodVolume):
		return invalid("strategyMethod", "must be dca or volume")
	case !oneOf(f.SortBy, "", "latest", "oldest"):
		return invalid("sortBy", "must be latest or oldest")
	}
	return checkPage(f.Page, f.PageSize)
}

// ValidateFilteredStrategies checks the body of getFilteredStrategies. The
// spec does not say whether userId is required, so it is not enforced.
func ValidateFilteredStrategies(r FilteredStrategiesRequest) error {
	switch {
	case !oneOf(r.Category, "", CategoryBuy, CategorySell, CategoryRange, "all"):
		return invalid("category", "must be buy, sell, range or all")
	case !oneOf(string(r.Status), "", string(StatusActive), string(StatusCompleted), string(StatusPaused)):
		return invalid("status", "must be active, completed or paused")
	case !oneOf(r.StrategyMethod, "", MethodDCA, MethodVolume, "all"):
		return invalid("strategyMethod", "must be dca, volume or all")
	case !oneOf(r.Value, "", "highest", "lowest"):
		return invalid("value", "must be highest or lowest")
	case utf8.RuneCountInString(r.Search) > maxSearchLength:
		return invalidf("search", "must be at most %d characters", maxSearchLength)
	case len(r.UserID) > maxIDLength:
		return invalidf("userId", "must be at most %d characters", maxIDLength)
	}
	return checkPage(r.Page, r.PageSize)
}

// checkPage enforces page >= 1 and pageSize 1..100 when given (0 = default).
func checkPage(page, pageSize int) error {
	if page < 0 {
		return invalid("page", "must be >= 1")
	}
	if pageSize < 0 || pageSize > maxPageSize {
		return invalidf("pageSize", "must be 1 to %d", maxPageSize)
	}
	return nil
}

// ValidateStrategyRef checks the body of the single-strategy body routes.
func ValidateStrategyRef(r StrategyRef) error {
	if err := requireUserID(r.UserID); err != nil {
		return err
	}
	return requireStrategyID(r.StrategyID)
}

// ValidateChangeBalance checks a changeBalance body: at least one side, raw
// amounts, and an idempotency key (ChangeBalance fills an empty one first).
func ValidateChangeBalance(r ChangeBalanceRequest) error {
	if err := ValidateStrategyRef(StrategyRef{UserID: r.UserID, StrategyID: r.StrategyID}); err != nil {
		return err
	}
	if r.BalanceBuyUsed == "" && r.BalanceSellUsed == "" {
		return invalid("balanceBuyUsed", "one of balanceBuyUsed or balanceSellUsed is required")
	}
	if r.BalanceBuyUsed != "" {
		if err := rawAmount("balanceBuyUsed", r.BalanceBuyUsed); err != nil {
			return err
		}
	}
	if r.BalanceSellUsed != "" {
		if err := rawAmount("balanceSellUsed", r.BalanceSellUsed); err != nil {
			return err
		}
	}
	return requireText("idempotencyKey", r.IdempotencyKey)
}

// ValidateRemoveStrategies checks a removeStrategies body.
func ValidateRemoveStrategies(r RemoveStrategiesRequest) error {
	if err := requireUserID(r.UserID); err != nil {
		return err
	}
	if len(r.IDs) == 0 {
		return invalid("ids", "must name at least one strategy")
	}
	if len(r.IDs) > maxRemoveStrategyIDs {
		return invalidf("ids", "must name at most %d strategies", maxRemoveStrategyIDs)
	}
	for _, id := range r.IDs {
		if id < 1 {
			return invalid("ids", "every id must be >= 1")
		}
	}
	return nil
}

// requireUserID checks an external user id.
func requireUserID(id string) error { return requireText("userId", id) }

// requireText checks that a string field is present, not blank, not huge
// and free of control characters.
func requireText(field, s string) error {
	switch {
	case strings.TrimSpace(s) == "":
		return invalid(field, "is required")
	case len(s) > maxIDLength:
		return invalidf(field, "must be at most %d characters", maxIDLength)
	case !utf8.ValidString(s) || strings.ContainsFunc(s, isControl):
		return invalid(field, "must not contain control characters")
	}
	return nil
}

// isControl is true for C0, DEL and C1 control characters.
func isControl(r rune) bool { return r < 0x20 || (r >= 0x7f && r < 0xa0) }

// requireChainID checks a required chain id.
func requireChainID(id int64) error {
	if id < 1 {
		return invalid("chainId", "is required (a chain id >= 1)")
	}
	return nil
}

// requireStrategyID checks a numeric strategy id.
func requireStrategyID(id int64) error {
	if id < 1 {
		return invalid("strategyId", "must be >= 1")
	}
	return nil
}

// rawAmount checks a raw token amount by the rule the sandbox shares
// (ValidRawAmount): digits only, at most MaxRawAmount.
func rawAmount(field, s string) error {
	switch {
	case s == "":
		return invalid(field, "is required (raw token units)")
	case len(s) > MaxRawAmountDigits:
		return invalidf(field, "must be at most %d digits", MaxRawAmountDigits)
	case !ValidRawAmount(s):
		if strings.Trim(s, "0123456789") == "" {
			return invalidf(field, "must be at most %s (2^128-1)", MaxRawAmount)
		}
		return invalid(field, "must be a non-negative integer in raw token units (digits only)")
	}
	return nil
}

// decimalString checks a non-negative decimal string such as "1" or "0.25".
func decimalString(field, s string) error {
	if len(s) > 100 {
		return invalid(field, "is too long")
	}
	digits, dot := 0, false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			digits++
		case c == '.' && !dot && i > 0 && i < len(s)-1:
			dot = true
		default:
			return invalid(field, "must be a non-negative decimal number, e.g. 1 or 0.25")
		}
	}
	if digits == 0 {
		return invalid(field, "must be a non-negative decimal number, e.g. 1 or 0.25")
	}
	return nil
}

// between checks lo <= v <= hi.
func between(field string, v, lo, hi int64) error {
	if v < lo || v > hi {
		return invalidf(field, "must be %d to %d", lo, hi)
	}
	return nil
}

// positiveFinite checks a number that must be > 0 (and encodable as JSON).
func positiveFinite(field string, v float64) error {
	if math.IsNaN(v) || math.IsInf(v, 0) || v <= 0 {
		return invalid(field, "must be a number > 0")
	}
	return nil
}

// oneOf reports whether s is one of the allowed values.
func oneOf(s string, allowed ...string) bool {
	for _, a := range allowed {
		if s == a {
			return true
		}
	}
	return false
}
