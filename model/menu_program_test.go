package model

// Program tests of the action menu, disable, duplicate, the halt dialog's
// warning and the bulk lifecycle actions, on the sandbox: each checks the
// sandbox's state and the routes hit, not only the screen.

import (
	"context"
	"strings"
	"testing"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/ui"
)

const (
	routeDisable   = "POST /api/v1/strategies/disableStrategy"
	routeDuplicate = "POST /api/v1/strategies/duplicateStrategy"
	routeResume    = "POST /api/v1/strategies/resumeStrategy"
	routeStop      = "POST /api/v1/strategies/stopStrategy"
	routeBalance   = "POST /api/v1/strategies/changeBalance"
)

// selectStrategy moves the Strategies tab (on page 1) to strategy id,
// paging as needed.
func (a *app) selectStrategy(id int64) {
	a.t.Helper()
	for page := 1; page <= 3; page++ {
		p, err := a.c.ListStrategies(context.Background(), stratFilter{}.integrationQuery(page, 20))
		if err != nil || p == nil {
			a.t.Fatalf("listing page %d: %v", page, err)
		}
		for row, s := range p.Strategies {
			if s.ID != id {
				continue
			}
			for i := 1; i < page; i++ {
				a.keys("]")
			}
			a.waitReady("page " + itoa(int64(page)) + " of 3")
			for i := 0; i < row; i++ {
				a.keys("down")
			}
			a.waitFor("strategy "+itoa(id)+" selected", func(v string) bool {
				return strings.Contains(selectedLine(v), " "+itoa(id)+" ")
			})
			return
		}
	}
	a.t.Fatalf("strategy %d is on no page", id)
}

// findStrategy is the first seeded strategy matching ok.
func (a *app) findStrategy(ok func(api.Strategy) bool) api.Strategy {
	a.t.Helper()
	for id := int64(1); ; id++ {
		s, found := a.sb.Strategy(id)
		if !found {
			a.t.Fatal("no seeded strategy fits the test")
		}
		if ok(s) {
			return s
		}
	}
}

func TestProgramMenuOffersAllowedActionsAndDisables(t *testing.T) {
	a, id := openStrategies(t, api.StatusActive, nil)
	a.keys("A")
	a.waitText("Actions for strategy "+itoa(id)+" (active)", "h  pause for good", "z  pause and zero balances", "d  copy into a new strategy")
	if v := a.frame(); strings.Contains(v, "run a suspended strategy again") {
		t.Fatalf("the menu offers resume for an active strategy:\n%s", v)
	}
	a.keys("z")
	a.waitText("Disable strategy "+itoa(id)+"?", "type "+itoa(id)+" and enter", "effect    execution pauses; balances zeroed")
	a.keys("y") // not a confirmation for an action that cannot be undone
	a.typeText(itoa(id))
	a.keys("enter")
	a.waitText("disable strategy " + itoa(id) + ": done, now paused")
	s, _ := a.sb.Strategy(id)
	if s.Status != api.StatusPaused {
		t.Fatalf("strategy %d is %s after disable, want paused", id, s.Status)
	}
	if s.BalanceUsed != "0" {
		t.Fatalf("strategy %d keeps balance %s after disable, want 0", id, s.BalanceUsed)
	}
	if n := a.sb.Hits(routeDisable); n != 1 {
		t.Fatalf("%d disable requests, want 1", n)
	}
}

func TestProgramMenuDuplicateMovesToTheNewStrategy(t *testing.T) {
	a, id := openStrategies(t, api.StatusActive, nil)
	a.keys("down") // away from the first row, where the new one will appear
	second := a.firstRows(2)[1].ID
	a.waitFor("second row selected", func(v string) bool { return strings.Contains(selectedLine(v), " "+itoa(second)+" ") })
	a.keys("A")
	a.waitText("Actions for strategy " + itoa(second))
	a.keys("d")
	a.waitText("Duplicate strategy " + itoa(second) + "?")
	a.keys("y")
	a.waitText("duplicate strategy " + itoa(second) + ": done, new strategy ")
	if n := a.sb.Hits(routeDuplicate); n != 1 {
		t.Fatalf("%d duplicate requests, want 1", n)
	}
	first := a.firstRows(1)[0]
	if first.ID == id || first.ID == second {
		t.Fatalf("no new strategy is listed first (first row %d)", first.ID)
	}
	if _, ok := a.sb.Strategy(first.ID); !ok {
		t.Fatalf("the new strategy %d is not in the sandbox", first.ID)
	}
	a.waitText("new strategy " + itoa(first.ID))
	a.waitFor("the list moved to the new strategy", func(v string) bool {
		return strings.Contains(selectedLine(v), " "+itoa(first.ID)+" ")
	})
}

func TestProgramHaltDialogWarnsAndOffersSuspend(t *testing.T) {
	a, id := openStrategies(t, api.StatusActive, nil)
	a.keys("h")
	a.waitText("Halt strategy "+itoa(id)+"?", ui.HaltIrreversible, ui.HaltReversible, "s suspend instead")
	a.keys("s")
	a.waitText("Suspend strategy " + itoa(id) + "?")
	a.keys("y")
	a.waitText("suspend strategy " + itoa(id) + ": done, now suspended")
	if got := a.status(id); got != api.StatusSuspended {
		t.Fatalf("strategy %d is %s, want suspended", id, got)
	}
	if n := a.sb.Hits(routeHalt); n != 0 {
		t.Fatalf("%d halt requests after choosing suspend instead", n)
	}
}

func TestProgramMenuForbiddenAndReadOnlySendNothing(t *testing.T) {
	a, id := openStrategies(t, api.StatusCompleted, nil)
	a.keys("A")
	a.waitText("Actions for strategy " + itoa(id) + " (completed)")
	if v := a.frame(); strings.Contains(v, "pause and zero balances") || strings.Contains(v, "add to a volume") {
		t.Fatalf("the menu offers actions a completed strategy refuses:\n%s", v)
	}
	a.keys("z", "b", "h", "esc")
	a.waitFor("menu closed", func(v string) bool { return !strings.Contains(v, "Actions for") })

	ro, _ := openStrategies(t, api.StatusActive, nil, WithReadOnly(true))
	ro.keys("A")
	ro.waitText(ui.NoticeReadOnly)
	ro.keys("z", "d", "b", "y", "enter")
	for _, a := range []*app{a, ro} {
		if n := a.sb.Hits(routeDisable) + a.sb.Hits(routeDuplicate) + a.sb.Hits(routeBalance) + a.sb.Hits(routeHalt); n != 0 {
			t.Fatalf("%d requests sent for refused actions", n)
		}
	}
}

func TestProgramBulkLifecycleActions(t *testing.T) {
	cases := []struct {
		key      string
		from, to api.Status
		route    string
		typed    bool
	}{
		{"s", api.StatusActive, api.StatusSuspended, routeSuspend, false},
		{"r", api.StatusSuspended, api.StatusActive, routeResume, false},
		{"x", api.StatusPaused, api.StatusCompleted, routeStop, true},
	}
	for _, tc := range cases {
		t.Run(tc.key, func(t *testing.T) {
			a := startApp(t, 120, 40)
			rows := a.firstRows(3)
			for _, r := range rows {
				a.setStatus(r.ID, tc.from)
			}
			p2, err := a.c.ListStrategies(context.Background(), stratFilter{}.integrationQuery(2, 20))
			if err != nil {
				t.Fatal(err)
			}
			hidden := p2.Strategies[:2]
			for _, r := range hidden {
				a.setStatus(r.ID, tc.from)
			}
			a.keys("2")
			a.waitReady("page 1 of 3")
			a.keys("]")
			a.waitReady("page 2 of 3")
			a.keys("space", "down", "space", "[", "g")
			a.waitReady("page 1 of 3")
			a.keys("space", "down", "space", "down", "space")
			a.waitText("5 marked")
			a.keys(tc.key)
			a.waitText("5 marked strategies?", "5 strategies, 2 not shown")
			if tc.typed {
				a.keys("5", "enter")
			} else {
				a.keys("y")
			}
			a.waitText(ui.BulkTitle(spec(tc.key)))
			for _, r := range append(rows, hidden...) {
				if got := a.status(r.ID); got != tc.to {
					t.Fatalf("strategy %d is %s after bulk, want %s", r.ID, got, tc.to)
				}
			}
			if n := a.sb.Hits(tc.route); n != 5 {
				t.Fatalf("%d requests, want 5", n)
			}
		})
	}
}

// spec is the action name of a default action key.
func spec(k string) string {
	for _, nb := range ui.DefaultActionKeys() {
		for _, bk := range nb.Binding.Keys() {
			if bk == k {
				return nb.Name
			}
		}
	}
	return ""
}
