package action

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/stratop/stratop/api"
)

// countClient answers the user's strategy list with a count per state.
type countClient struct {
	Client // nil: any other route panics
	mu     sync.Mutex
	counts map[api.Status]int
	asked  []api.Status
	err    error
}

func (c *countClient) GetStrategies(_ context.Context, req api.UserStrategiesRequest) (*api.StrategiesPage, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.asked = append(c.asked, req.Status)
	if req.UserID != "u-7" || req.PageSize != 1 {
		return nil, errors.New("unexpected request")
	}
	return &api.StrategiesPage{TotalCount: c.counts[req.Status]}, c.err
}

func TestRemainingCountsThePendingStates(t *testing.T) {
	c := &countClient{counts: map[api.Status]int{api.StatusActive: 4, api.StatusSuspended: 2, api.StatusPaused: 1,
		api.StatusCompleted: 3, api.StatusArchived: 9}}
	r := Runner{Client: c}
	if n, err := r.Remaining(context.Background(), DisableAll, "u-7"); err != nil || n != 4 {
		t.Fatalf("disable-all: %d, %v; want the 4 active", n, err)
	}
	if n, err := r.Remaining(context.Background(), RemoveAll, "u-7"); err != nil || n != 10 {
		t.Fatalf("remove-all: %d, %v; want the 10 not archived", n, err)
	}
	c.err = errors.New("boom")
	if _, err := r.Remaining(context.Background(), DisableAll, "u-7"); err == nil {
		t.Fatal("a failed count read reported a count")
	}
	if _, err := r.Remaining(context.Background(), Halt, "u-7"); err == nil {
		t.Fatal("a strategy action counted as a job")
	}
}
