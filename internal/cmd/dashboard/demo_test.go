package dashboard

import (
	"context"
	"testing"
	"time"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/api/sandbox"
	"github.com/stratop/stratop/internal/factory"
)

// TestDemoAnswersRequestsSentBeforeItsSandboxIsBuilt: startDemo returns
// its address while the sandbox is still being seeded on another goroutine; the
// dashboard's first requests are sent at once and must be answered with the
// seeded data, not refused or lost. After the context ends the port is
// closed.
func TestDemoAnswersRequestsSentBeforeItsSandboxIsBuilt(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	baseURL, err := startDemo(ctx)
	if err != nil {
		t.Fatal(err)
	}
	client, err := factory.NewClient(factory.Dashboard, baseURL, api.Credentials{Key: sandbox.DemoKey, Secret: sandbox.DemoSecret})
	if err != nil {
		t.Fatal(err)
	}
	reqCtx, done := context.WithTimeout(ctx, 30*time.Second)
	defer done()
	stats, err := client.GetDashboardStats(reqCtx)
	if err != nil {
		t.Fatalf("first request: %v", err)
	}
	if stats.StrategiesCount == 0 || stats.UsersCount == 0 {
		t.Fatalf("stats %+v, want the seeded strategies and users", stats)
	}

	cancel()
	deadline := time.Now().Add(30 * time.Second)
	for {
		short, stop := context.WithTimeout(context.Background(), 2*time.Second)
		_, err := client.GetDashboardStats(short)
		stop()
		if err != nil {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the demo still answers after its context ended")
		}
		time.Sleep(20 * time.Millisecond)
	}
}
