package cli

import (
	"context"
	"errors"
	"fmt"

	"github.com/stratop/stratop/api"
)

// ScopeExists reads each strategy and user a `watch --until` waits on, once,
// before watching: an id the integration does not have (404) can never
// meet the condition, so the watch stops at once (exit 2, the id named)
// instead of reading 404s until its timeout. Refused credentials are exit
// 2 as well. Any other failure (an outage, a timeout) is left to the watch,
// which rides it out.
func ScopeExists(ctx context.Context, c *api.Client, strategies []int64, users []string) error {
	for _, id := range strategies {
		_, err := c.GetStrategy(ctx, id)
		if err := scopeErr(fmt.Sprintf("strategy %d", id), err); err != nil {
			return err
		}
	}
	for _, u := range users {
		_, err := c.GetUser(ctx, u)
		if err := scopeErr(fmt.Sprintf("user %q", u), err); err != nil {
			return err
		}
	}
	return nil
}

func scopeErr(what string, err error) error {
	switch {
	case errors.Is(err, api.ErrNotFound):
		return &ExitError{Code: ExitUsage, Err: fmt.Errorf("watch: --until: %s does not exist in this integration (404): nothing to wait for", what)}
	case errors.Is(err, api.ErrUnauthorized):
		return &ExitError{Code: ExitUsage, Err: fmt.Errorf("watch: %s", errorText(err))}
	}
	return nil
}
