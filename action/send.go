package action

import (
	"context"

	"github.com/stratop/stratop/api"
)

// reply is what a route answered.
type reply struct {
	record *api.Strategy
	newID  int64
}

type sender func(ctx context.Context, c Client, t Target) (reply, error)

func record(s *api.Strategy, err error) (reply, error) { return reply{record: s}, err }

func ref(t Target) api.StrategyRef {
	return api.StrategyRef{UserID: t.Owner, StrategyID: t.Strategy.ID}
}

func sendHalt(ctx context.Context, c Client, t Target) (reply, error) {
	return record(c.HaltStrategy(ctx, t.Strategy.ID))
}

func sendArchive(ctx context.Context, c Client, t Target) (reply, error) {
	return record(c.ArchiveStrategy(ctx, t.Strategy.ID))
}

func sendSuspend(ctx context.Context, c Client, t Target) (reply, error) {
	return record(c.SuspendStrategy(ctx, ref(t)))
}

func sendResume(ctx context.Context, c Client, t Target) (reply, error) {
	return record(c.ResumeStrategy(ctx, ref(t)))
}

func sendStop(ctx context.Context, c Client, t Target) (reply, error) {
	return record(c.StopStrategy(ctx, ref(t)))
}

func sendDisable(ctx context.Context, c Client, t Target) (reply, error) {
	return record(c.DisableStrategy(ctx, ref(t)))
}

// sendAddBalance puts the amount on the side the strategy's category
// names: buy -> balanceBuyUsed, sell -> balanceSellUsed.
func sendAddBalance(ctx context.Context, c Client, t Target) (reply, error) {
	req := &api.ChangeBalanceRequest{UserID: t.Owner, StrategyID: t.Strategy.ID, IdempotencyKey: t.IdempotencyKey}
	if t.Strategy.Category == api.CategorySell {
		req.BalanceSellUsed = t.Amount
	} else {
		req.BalanceBuyUsed = t.Amount
	}
	return record(c.ChangeBalance(ctx, req))
}

func sendDuplicate(ctx context.Context, c Client, t Target) (reply, error) {
	d, err := c.DuplicateStrategy(ctx, ref(t))
	if err != nil || d == nil {
		return reply{}, err
	}
	id := d.NewStrategyID
	if id == 0 && d.Strategy != nil {
		id = d.Strategy.ID
	}
	return reply{record: d.Strategy, newID: id}, nil
}

func sendDisableAll(ctx context.Context, c Client, t Target) (reply, error) {
	_, err := c.DisableAllStrategies(ctx, t.Owner)
	return reply{}, err
}

func sendRemoveAll(ctx context.Context, c Client, t Target) (reply, error) {
	_, err := c.RemoveAllStrategies(ctx, t.Owner)
	return reply{}, err
}
