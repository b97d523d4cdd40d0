package model

// Program tests of the strategy actions on the sandbox: every
// action changes the sandbox's state, the dialog's target survives a
// reordering refresh, repeated keys send one request, forbidden and
// read-only actions send none, 403 and unknown outcomes read plainly.

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/api/sandbox"
	"github.com/stratop/stratop/ui"
)

const (
	routeHalt    = "POST /api/v1/strategies/{strategyId}/halt"
	routeSuspend = "POST /api/v1/strategies/suspendStrategy"
	routeArchive = "POST /api/v1/strategies/{strategyId}/archive"
	routeRead    = "GET /api/v1/strategies/{strategyId}"
)

// firstRows are the first n strategies of the Strategies tab's first page.
func (a *app) firstRows(n int) []api.Strategy {
	a.t.Helper()
	p, err := a.c.ListStrategies(context.Background(), stratFilter{}.integrationQuery(1, 20))
	if err != nil || p == nil || len(p.Strategies) < n {
		a.t.Fatalf("listing the first rows: %v", err)
	}
	return p.Strategies[:n]
}

// setStatus puts strategy id in status st (before the tab loads).
func (a *app) setStatus(id int64, st api.Status) {
	a.t.Helper()
	if !a.sb.SetStrategyStatus(id, st) {
		a.t.Fatalf("cannot set strategy %d to %s", id, st)
	}
}

// status is the sandbox's state of strategy id.
func (a *app) status(id int64) api.Status {
	a.t.Helper()
	s, ok := a.sb.Strategy(id)
	if !ok {
		a.t.Fatalf("strategy %d missing in the sandbox", id)
	}
	return s.Status
}

// typeText types each rune of s.
func (a *app) typeText(s string) {
	for _, r := range s {
		a.keys(string(r))
	}
}

// openStrategies starts an app whose first row has status st and shows
// the Strategies tab; it returns the app and the first row's id.
func openStrategies(t *testing.T, st api.Status, sbOpts []sandbox.Option, opts ...Option) (*app, int64) {
	t.Helper()
	a := startAppOn(t, sbOpts, 120, 40, opts...)
	id := a.firstRows(1)[0].ID
	a.setStatus(id, st)
	a.keys("2")
	a.waitReady("page 1 of 3")
	return a, id
}

func TestProgramEachActionChangesSandboxState(t *testing.T) {
	cases := []struct {
		key       string
		from, to  api.Status
		typeID    bool
		inDetail  bool
		wantTitle string
	}{
		{key: "h", from: api.StatusActive, to: api.StatusPaused, typeID: true, wantTitle: "Halt strategy"},
		{key: "s", from: api.StatusActive, to: api.StatusSuspended, wantTitle: "Suspend strategy"},
		{key: "r", from: api.StatusSuspended, to: api.StatusActive, wantTitle: "Resume strategy", inDetail: true},
		{key: "x", from: api.StatusPaused, to: api.StatusCompleted, typeID: true, wantTitle: "Stop strategy"},
		{key: "a", from: api.StatusCompleted, to: api.StatusArchived, typeID: true, wantTitle: "Archive strategy"},
	}
	for _, tc := range cases {
		t.Run(tc.key, func(t *testing.T) {
			a, id := openStrategies(t, tc.from, nil)
			if tc.inDetail {
				a.keys("enter")
				a.waitReady("Latest transactions")
			}
			a.keys(tc.key)
			a.waitText(tc.wantTitle+" "+itoa(id)+"?", string(tc.from)+" -> "+string(tc.to))
			if tc.typeID {
				a.keys("y") // not a confirmation for an action that cannot be undone
				a.typeText(itoa(id))
				a.keys("enter")
			} else {
				a.keys("y")
			}
			a.waitText("strategy " + itoa(id) + ": done, now " + string(tc.to))
			if got := a.status(id); got != tc.to {
				t.Fatalf("sandbox has strategy %d %s, want %s", id, got, tc.to)
			}
			// The row is refreshed from the re-read. An archived strategy
			// may instead be gone already: lists leave archived ones out,
			// so a poll landing after the re-read drops the row.
			a.waitFor("row shows "+string(tc.to), func(v string) bool {
				row := lineWith(v, " "+itoa(id)+" ")
				return strings.Contains(row, string(tc.to)) ||
					(tc.to == api.StatusArchived && row == "")
			})
		})
	}
}

func TestProgramActionDialog(t *testing.T) {
	forSizes(t, func(t *testing.T, w, h int) {
		var id int64
		a := startAppAfter(t, nil, func(sb *sandbox.Sandbox, c *api.Client) {
			p, err := c.ListStrategies(context.Background(), stratFilter{}.integrationQuery(1, 1))
			if err != nil || len(p.Strategies) == 0 || !sb.SetStrategyStatus(p.Strategies[0].ID, api.StatusActive) {
				t.Fatalf("cannot make the first strategy active: %v", err)
			}
			id = p.Strategies[0].ID
		}, w, h)
		a.keys("2")
		a.waitReady("page 1 of 3")
		a.keys("x")
		a.waitText("Stop strategy "+itoa(id)+"?", "type "+itoa(id)+" and enter")
		a.typeText("12")
		a.waitText("> 12_")
		a.finish()
	})
}

func TestProgramCapturedTargetSurvivesReorder(t *testing.T) {
	a, id := openStrategies(t, api.StatusActive, nil)
	a.keys("h")
	a.waitText("Halt strategy " + itoa(id) + "?")
	created := createStrategy(t, a)
	a.keys("ctrl+r")
	// The new strategy is the newest: the list now starts with it.
	a.waitFor("reordered rows", func(v string) bool {
		return a.firstRows(1)[0].ID == created.ID
	})
	a.typeText(itoa(id))
	a.keys("enter")
	a.waitText("halt strategy " + itoa(id) + ": done")
	if got := a.status(id); got != api.StatusPaused {
		t.Fatalf("captured strategy %d is %s, want paused", id, got)
	}
	if got := a.status(created.ID); got == api.StatusPaused {
		t.Fatalf("the new first row %d was halted instead", created.ID)
	}
	if n := a.sb.Hits(routeHalt); n != 1 {
		t.Fatalf("%d halt requests, want 1", n)
	}
}

// createStrategy creates a DCA buy strategy through the client for a user
// with a funded pool, so that it becomes the newest strategy.
func createStrategy(t *testing.T, a *app) *api.Strategy {
	t.Helper()
	ctx := context.Background()
	pools, err := a.c.GetClientPools(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range a.sb.Users() {
		up, err := a.c.GetUserPools(ctx, api.UserPoolsRequest{UserID: u.ExternalUserID})
		if err != nil {
			t.Fatal(err)
		}
		for _, item := range up.Pools {
			if avail, _ := strconv.ParseFloat(item.TotalBalanceAvailable, 64); avail <= 0 {
				continue
			}
			for _, p := range pools {
				if p.ChainID != item.ChainID || p.ID == item.ID {
					continue
				}
				orders, freq := int64(4), int64(1)
				s, err := a.c.CreateStrategyDcaBuy(ctx, api.CreateStrategyRequest{UserID: u.ExternalUserID, ChainID: item.ChainID,
					InputToken: p.TokenAddress, OutputToken: item.TokenAddress, TokenAddress: item.TokenAddress,
					BalanceUsed: "1000", Orders: &orders, DcaFrequency: &freq})
				if err != nil || s == nil {
					t.Fatalf("create: %v", err)
				}
				return s
			}
		}
	}
	t.Fatal("no user with a funded pool in the seed")
	return nil
}

func TestProgramRepeatedConfirmSendsOneRequest(t *testing.T) {
	a, id := openStrategies(t, api.StatusActive, nil)
	// A slow server keeps the action in flight while the keys arrive.
	a.sb.SetFaults(sandbox.Faults{ActionLatency: 300 * time.Millisecond})
	a.keys("s")
	a.waitText("Suspend strategy " + itoa(id) + "?")
	a.keys("y", "y", "y", "y", "y")
	a.waitFor("pending mark", func(v string) bool { return strings.Contains(lineWith(v, " "+itoa(id)+" "), "~") })
	// Suspend again while the first is in flight: refused by the gate.
	a.keys("s")
	a.waitText(ui.NoticeInFlight(id))
	a.waitText("suspend strategy " + itoa(id) + ": done")
	if n := a.sb.Hits(routeSuspend); n != 1 {
		t.Fatalf("%d suspend requests for five y presses, want 1", n)
	}
}

func TestProgramForbiddenTransitionSendsNothing(t *testing.T) {
	a, id := openStrategies(t, api.StatusCompleted, nil)
	a.keys("s")
	a.waitText("suspend strategy " + itoa(id) + ": the strategy is completed")
	a.keys("h")
	a.waitText("halt strategy " + itoa(id) + ": the strategy is completed")
	if n := a.sb.Hits(routeSuspend) + a.sb.Hits(routeHalt); n != 0 {
		t.Fatalf("%d requests for forbidden transitions, want 0", n)
	}
}

func TestProgramNoTwoFactorExplains403(t *testing.T) {
	a, id := openStrategies(t, api.StatusActive, []sandbox.Option{sandbox.WithoutTwoFactor()})
	a.keys("s")
	a.waitText("Suspend strategy " + itoa(id) + "?")
	a.keys("y")
	// The full reason, with where to enable it, in the result dialog.
	a.waitText("suspend strategy "+itoa(id)+" failed", "two-factor authentication is not enabled", "security settings")
	if got := a.status(id); got != api.StatusActive {
		t.Fatalf("strategy %d is %s after a 403, want active", id, got)
	}
}

func TestProgramActionTimeoutIsOutcomeUnknown(t *testing.T) {
	a, id := openStrategies(t, api.StatusActive, nil, WithActionTimeout(100*time.Millisecond))
	a.sb.SetFaults(sandbox.Faults{ActionLatency: 600 * time.Millisecond})
	a.keys("h")
	a.waitText("Halt strategy " + itoa(id) + "?")
	reads := a.sb.Hits(routeRead)
	a.typeText(itoa(id))
	a.keys("enter")
	a.waitText("Outcome unknown: halt strategy "+itoa(id), "Re-read: strategy "+itoa(id)+" is now", "y retry halt")
	// One read before sending (did it change meanwhile?), one re-read after.
	if n := a.sb.Hits(routeRead) - reads; n < 2 {
		t.Fatalf("%d reads of the strategy around the action, want a re-read after it", n)
	}
	a.keys("n")
	a.waitFor("result closed", func(v string) bool { return !strings.Contains(v, "Outcome unknown") })
	time.Sleep(700 * time.Millisecond) // past the sandbox's action latency
	if n := a.sb.Hits(routeHalt); n != 1 {
		t.Fatalf("%d halt requests after an unknown outcome, want exactly 1 (never retried)", n)
	}
}

func TestProgramBulkArchiveReport(t *testing.T) {
	a := startApp(t, 120, 40)
	rows := a.firstRows(3)
	a.setStatus(rows[0].ID, api.StatusActive)
	a.setStatus(rows[1].ID, api.StatusCompleted)
	a.keys("2")
	a.waitReady("page 1 of 3")
	a.keys("space", "down", "space", "down", "space")
	a.waitText("3 marked")
	a.keys("a")
	a.waitText("Archive 3 marked strategies?", "type 3 and enter")
	// One is archived by someone else while the dialog is open.
	a.setStatus(rows[2].ID, api.StatusArchived)
	a.keys("y", "enter") // neither confirms
	a.waitText("typed text does not match 3")
	a.keys("3", "enter")
	a.waitText("Bulk archive report", itoa(rows[0].ID)+": done, now archived", itoa(rows[1].ID)+": done, now archived",
		itoa(rows[2].ID)+": skipped, the strategy is archived")
	for _, r := range rows {
		if got := a.status(r.ID); got != api.StatusArchived {
			t.Fatalf("strategy %d is %s after bulk archive", r.ID, got)
		}
	}
	if n := a.sb.Hits(routeArchive); n != 2 {
		t.Fatalf("%d archive requests, want 2 (the archived one skipped)", n)
	}
	a.keys("esc")
	a.waitFor("marks cleared", func(v string) bool { return !strings.Contains(v, "marked") })
}

func TestProgramBulkHaltReport(t *testing.T) {
	a := startApp(t, 120, 40)
	rows := a.firstRows(2)
	a.setStatus(rows[0].ID, api.StatusActive)
	a.setStatus(rows[1].ID, api.StatusCompleted)
	a.keys("2")
	a.waitReady("page 1 of 3")
	a.keys("space", "down", "space")
	a.waitText("2 marked")
	a.keys("h")
	// The completed one is skipped before asking: the count typed is of
	// the rows it acts on.
	a.waitText("Halt 1 of 2 marked strategies?", "type 1 and enter", itoa(rows[1].ID)+": the strategy is completed")
	a.keys("y", "enter") // halt cannot be undone: y is not a confirmation
	a.waitText("typed text does not match 1")
	if n := a.sb.Hits(routeHalt); n != 0 {
		t.Fatalf("%d halt requests after y", n)
	}
	a.keys("1", "enter")
	a.waitText("Bulk halt report", itoa(rows[0].ID)+": done, now paused", itoa(rows[1].ID)+": skipped, the strategy is completed")
	if got := a.status(rows[0].ID); got != api.StatusPaused {
		t.Fatalf("strategy %d is %s after bulk halt", rows[0].ID, got)
	}
	if n := a.sb.Hits(routeHalt); n != 1 {
		t.Fatalf("%d halt requests, want 1 (the completed one skipped)", n)
	}
}

func TestProgramReadOnlyRefusesActions(t *testing.T) {
	a, _ := openStrategies(t, api.StatusActive, nil, WithReadOnly(true))
	a.keys("h")
	a.waitText(ui.NoticeReadOnly)
	a.keys("y", "a", "3", "enter")
	if n := a.sb.Hits(routeHalt) + a.sb.Hits(routeArchive); n != 0 {
		t.Fatalf("%d actions sent in read-only mode", n)
	}
}

// While a bulk action is in flight its rows are no longer marked: the
// next key is not offered rows it is already changing.
func TestProgramMarksGoWhenTheirBulkActionIsSent(t *testing.T) {
	a := startApp(t, 120, 40)
	rows := a.firstRows(2)
	a.setStatus(rows[0].ID, api.StatusActive)
	a.setStatus(rows[1].ID, api.StatusActive)
	a.keys("2")
	a.waitReady("page 1 of 3")
	a.sb.SetFaults(sandbox.Faults{ActionLatency: 500 * time.Millisecond})
	a.keys("space", "down", "space")
	a.waitText("2 marked")
	a.keys("s")
	a.waitText("Suspend 2 marked strategies?")
	a.keys("y")
	a.waitFor("marks gone, rows pending", func(v string) bool {
		return !strings.Contains(lineWith(v, "page 1 of 3"), "marked") && strings.Contains(lineWith(v, " "+itoa(rows[1].ID)+" "), "~")
	})
	a.keys("s")
	a.waitText(ui.NoticeInFlight(rows[1].ID))
	if strings.Contains(a.frame(), "marked strategies?") {
		t.Fatalf("a second bulk dialog over rows in flight:\n%s", a.frame())
	}
	a.waitText("Bulk suspend report")
	if n := a.sb.Hits(routeSuspend); n != 2 {
		t.Fatalf("%d suspend requests, want 2", n)
	}
}
