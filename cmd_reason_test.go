package main

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/teatest"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/internal/testkit"
	"github.com/stratop/stratop/model"
)

// The settings' require_reason reaches the dashboard: its confirmations
// say a reason is required, and confirming without one sends nothing.
func TestDashboardRequireReasonFromSettings(t *testing.T) {
	e := newCLIEnv(t)
	e.writeSettings("[profiles.prod]\nrequire_reason = true\n")
	for id := int64(1); id <= 45; id++ {
		e.sb.SetStrategyStatus(id, api.StatusActive) // whichever row is first can be halted
	}
	cfg, err := dashboardSettings(newRootCmd())
	if err != nil {
		t.Fatal(err)
	}
	opts, err := dashboardOptions(newRootCmd(), cfg, "prod", dashboardFlags{}, true)
	if err != nil {
		t.Fatal(err)
	}
	client, err := api.New(e.srv.URL, api.WithCredentials(api.Credentials{Key: canaryKey, Secret: canarySecret}), api.WithRetries(0))
	if err != nil {
		t.Fatal(err)
	}
	pr := testkit.NewProbe(model.New(t.Context(), client, append(opts, model.WithProfile("prod"))...).Tea())
	tm := teatest.NewTestModel(t, pr, teatest.WithInitialTermSize(120, 40))
	t.Cleanup(func() { _ = tm.Quit() })
	wait := func(what string) {
		t.Helper()
		testkit.WaitFor(t, 10*time.Second, what, pr.Frame, func(v string) bool { return strings.Contains(v, what) })
	}
	tm.Send(testkit.Key("2"))
	wait("row 1 of 45")
	tm.Send(testkit.Key("h"))
	wait("reason    required: tab to type one")
	tm.Send(testkit.Key("y"))
	wait("a reason is required")
	for _, r := range e.requestsSeen() {
		if strings.HasPrefix(r, "POST ") && !strings.Contains(r, "/get") {
			t.Fatalf("the sandbox received %s without the required reason", r)
		}
	}
}

func (e *cliEnv) requestsSeen() []string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]string(nil), e.requests...)
}
