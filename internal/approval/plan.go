package approval

import (
	"context"
	"errors"
	"strconv"

	"github.com/google/uuid"

	"github.com/stratop/stratop/action"
	"github.com/stratop/stratop/api"
)

// Ask is what an agent asks for: an action, its targets, and why.
type Ask struct {
	Spec   action.Spec
	IDs    []int64 // strategy actions
	User   string  // user-wide jobs
	Amount string  // add-balance, in token units ("1.5")
	Raw    bool    // Amount is in the token's smallest unit
	Reason string
}

// Skipped is a target the action cannot take now, and why: not recorded.
type Skipped struct {
	Strategy int64  `json:"strategyId,omitempty"`
	User     string `json:"user,omitempty"`
	Why      string `json:"why"`
}

// Plan reads every target of ask now, through the runner's client (reads
// only), and returns those the action can take, exactly as they are, and
// those it cannot, with why. A read the credentials were refused for ends
// the plan with the error.
func Plan(ctx context.Context, r action.Runner, ask Ask) ([]Target, []Skipped, error) {
	if ask.Spec.Scope == action.ScopeUser {
		if err := action.CheckUser(ask.User); err != nil {
			return nil, nil, err
		}
		n, err := r.Remaining(ctx, ask.Spec, ask.User)
		switch {
		case errors.Is(err, api.ErrNotFound):
			return nil, []Skipped{{User: ask.User, Why: "the user is not found"}}, nil
		case err != nil:
			return nil, nil, err
		}
		return []Target{{User: ask.User, Next: ask.Spec.Next, Count: n}}, nil, nil
	}
	var (
		targets []Target
		skipped []Skipped
	)
	for _, id := range ask.IDs {
		cur, err := r.Read(ctx, id)
		switch {
		case errors.Is(err, api.ErrNotFound):
			skipped = append(skipped, Skipped{Strategy: id, Why: "the strategy is gone (404)"})
			continue
		case errors.Is(err, api.ErrUnauthorized):
			return nil, nil, err
		case err != nil:
			skipped = append(skipped, Skipped{Strategy: id, Why: "could not read it: " + api.Explain(err, "")})
			continue
		}
		if ok, why := ask.Spec.Allowed(*cur); !ok {
			skipped = append(skipped, Skipped{Strategy: id, User: cur.UserID, Why: why + " (now " + string(cur.Status) + ")"})
			continue
		}
		t := Target{Strategy: id, User: cur.UserID, Status: cur.Status, Next: ask.Spec.Next,
			Pool: cur.Pool.Symbol, Type: cur.Type, Category: cur.Category}
		if ask.Spec.Amount {
			raw, err := rawAmount(ask.Amount, ask.Raw, cur.Pool.Decimals)
			if err != nil {
				skipped = append(skipped, Skipped{Strategy: id, User: cur.UserID, Why: "amount " + strconv.Quote(ask.Amount) + ": " + err.Error()})
				continue
			}
			rv := action.ReviewAmount(*cur, raw)
			t.Amount, t.Tokens, t.Decimals = raw, rv.Tokens, cur.Pool.Decimals
			t.Balance, t.BalanceAfter = cur.BalanceUsed, rv.After
			t.IdempotencyKey = newKey()
		}
		targets = append(targets, t)
	}
	return targets, skipped, nil
}

func rawAmount(s string, raw bool, decimals int) (string, error) {
	if raw {
		return action.ParseRaw(s)
	}
	return action.ParseUnits(s, decimals)
}

// newKey is an add-balance idempotency key.
func newKey() string { return uuid.NewString() }
