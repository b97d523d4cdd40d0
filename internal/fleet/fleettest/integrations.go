package fleettest

import (
	"context"
	"net"
	"testing"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/internal/testkit"
)

// StoppedURL is a loopback address nothing listens on any more: an
// integration whose server is down.
func StoppedURL(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	_ = l.Close()
	return "http://" + addr
}

// HaltNewest halts the sandbox's newest active strategy through its
// interface and returns its id.
func HaltNewest(t *testing.T, sb *testkit.Sandbox) int64 {
	t.Helper()
	ctx := context.Background()
	p, err := sb.Client.ListStrategies(ctx, api.StrategyFilter{Status: api.StatusActive, PageSize: 1})
	if err != nil || len(p.Strategies) == 0 {
		t.Fatalf("no active strategy to halt: %v", err)
	}
	id := p.Strategies[0].ID
	if _, err := sb.Client.HaltStrategy(ctx, id); err != nil {
		t.Fatal(err)
	}
	return id
}
