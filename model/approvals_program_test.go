package model

import (
	"strings"
	"testing"
	"time"

	"github.com/stratop/stratop/integration"
	"github.com/stratop/stratop/internal/approval"
	"github.com/stratop/stratop/internal/testkit"
)

// An action an agent asked for shows under Needs attention with the
// command that decides it, and leaves once a person decided it.
func TestProgramAnAgentsRequestNeedsAttentionUntilDecided(t *testing.T) {
	dir := testkit.StateDir(t)
	store := approval.New(dir, approval.WithClock(func() time.Time { return t0.Add(-time.Minute) }))
	r, err := store.Add(approval.Request{Action: "halt", Client: "claude-desktop 0.9", Reason: "ticket \u202e9",
		Targets: []approval.Target{{Strategy: 4242, User: "u1"}, {Strategy: 4243, User: "u1"}}})
	if err != nil {
		t.Fatal(err)
	}
	a := startApp(t, 160, 30, WithInterval(100*time.Millisecond), WithState(integration.Dir{Path: dir}))
	a.waitText("Needs attention (1)", "approval", "stratop approve "+r.ID+" · halt 2 targets · 9m00s left · claude-desktop 0.9")
	if line := lineWith(a.frame(), "stratop approve"); strings.Contains(line, "\u202e") {
		t.Fatalf("the request's line: %q", line)
	}
	if _, err := store.Reject(r.ID, "ann"); err != nil {
		t.Fatal(err)
	}
	a.waitFor("Needs attention without the rejected request", func(v string) bool {
		return strings.Contains(v, "Needs attention") && !strings.Contains(v, "stratop approve")
	})
}
