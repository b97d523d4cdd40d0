package model

// Program tests of the user kill switch (disable-all, remove-all) on the
// sandbox: the sandbox's state after the job, the progress line reaching
// done, the routes hit and the audit log; a wrong typed id, a second job
// for the same user and read-only mode send nothing.

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/api/sandbox"
	"github.com/stratop/stratop/ui"
)

const (
	routeDisableAll = "POST /api/v1/strategies/disableAllStrategies"
	routeRemoveAll  = "POST /api/v1/strategies/removeAllStrategies"
)

// strategiesOf are the sandbox's strategies of the user, every state.
func (a *app) strategiesOf(user string) []api.Strategy {
	var out []api.Strategy
	for id := int64(1); ; id++ {
		s, ok := a.sb.Strategy(id)
		if !ok {
			return out
		}
		if s.UserID == user {
			out = append(out, s)
		}
	}
}

// busiestUser is the user with the most strategies in one of states, and
// how many.
func (a *app) busiestUser(states ...api.Status) (string, int) {
	a.t.Helper()
	best, most := "", 0
	for _, u := range a.sb.Users() {
		n := 0
		for _, s := range a.strategiesOf(u.ExternalUserID) {
			for _, st := range states {
				if s.Status == st {
					n++
				}
			}
		}
		if n > most {
			best, most = u.ExternalUserID, n
		}
	}
	if most < 2 {
		a.t.Fatal("no seeded user has two strategies in the states the test needs")
	}
	return best, most
}

// selectUser shows the Users tab filtered to user, its row selected.
func (a *app) selectUser(user string) {
	a.t.Helper()
	a.keys("4")
	a.waitReady("12 users")
	a.keys("/")
	a.typeText(user)
	a.keys("enter")
	a.waitFor("user "+user+" selected", func(v string) bool { return strings.Contains(selectedLine(v), user) })
}

// openJob opens the confirmation of a user-wide job from the menu.
func (a *app) openJob(user, menuKey, title string) {
	a.t.Helper()
	a.keys("A")
	a.waitText("Actions for ", "K  pause every active strategy of the user", "R  archive every strategy of the user")
	a.keys(menuKey)
	a.waitText(title+" for user "+user+"?", "type "+user+" and enter")
}

func TestProgramKillSwitchPausesEveryActiveStrategy(t *testing.T) {
	j := &memJournal{}
	a := startApp(t, 120, 40, WithJournal(j))
	user, active := a.busiestUser(api.StatusActive)
	before := a.strategiesOf(user)
	a.selectUser(user)
	a.openJob(user, "K", "Disable-all")
	a.waitText("now       " + ui.CountedStrategies(active, "active") + " -> paused")

	// A wrong id, then y alone: nothing is sent.
	a.typeText(user[:len(user)-1])
	a.keys("enter", "y")
	a.waitText("typed text does not match " + user)
	if n := a.sb.Hits(routeDisableAll); n != 0 {
		t.Fatalf("%d disable-all requests for a wrong typed id", n)
	}
	a.tm.Send(tea.KeyMsg{Type: tea.KeyCtrlU})
	a.typeText(user)
	a.keys("enter")
	a.waitText("disable-all user " + user + ": done, " + itoa(int64(active)) + " of " + itoa(int64(active)) + " paused")

	for _, s := range before {
		want := s.Status
		if s.Status == api.StatusActive {
			want = api.StatusPaused
		}
		if got := a.status(s.ID); got != want {
			t.Errorf("strategy %d was %s, is %s after disable-all, want %s", s.ID, s.Status, got, want)
		}
	}
	if n := a.sb.Hits(routeDisableAll); n != 1 {
		t.Fatalf("%d disable-all requests, want 1", n)
	}
	var logged []string
	for _, e := range j.all() {
		if e.Action == "disable-all" && e.User == user {
			logged = append(logged, string(e.Outcome))
		}
	}
	if len(logged) != 2 || logged[0] != "" || logged[1] != "done" {
		t.Fatalf("audit log of disable-all: outcomes %q, want the intent then done", logged)
	}
}

func TestProgramRemoveAllArchivesEveryStrategy(t *testing.T) {
	a := startApp(t, 120, 40)
	user, live := a.busiestUser(api.StatusActive, api.StatusSuspended, api.StatusPaused, api.StatusCompleted)
	a.selectUser(user)
	a.openJob(user, "R", "Remove-all")
	a.waitText("now       " + ui.CountedStrategies(live, "non-archived") + " -> archived")
	a.typeText(user)
	a.keys("enter")
	a.waitText("remove-all user " + user + ": done, " + itoa(int64(live)) + " of " + itoa(int64(live)) + " archived")
	for _, s := range a.strategiesOf(user) {
		if s.Status != api.StatusArchived {
			t.Errorf("strategy %d is %s after remove-all, want archived", s.ID, s.Status)
		}
		if s.BalanceUsed != "0" {
			t.Errorf("strategy %d keeps balance %s after remove-all", s.ID, s.BalanceUsed)
		}
	}
	if n := a.sb.Hits(routeRemoveAll); n != 1 {
		t.Fatalf("%d remove-all requests, want 1", n)
	}
	// Nothing left to change: said, and nothing sent.
	a.keys("A", "K")
	a.waitText("disable-all user " + user + ": no active strategies, nothing sent")
	if n := a.sb.Hits(routeDisableAll); n != 0 {
		t.Fatalf("%d disable-all requests for a user with no active strategy", n)
	}
}

func TestProgramKillSwitchFromTheChosenUser(t *testing.T) {
	a := startApp(t, 120, 40)
	user, active := a.busiestUser(api.StatusActive)
	a.selectUser(user)
	a.keys("enter") // choose the user, then act from the Strategies tab
	a.keys("2")
	// The user is chosen by a message of its own: wait for the tab to
	// show the choice (the Users tab's frame holds the user's name too).
	a.waitReady("[2 Strategies]", "user "+user)
	a.openJob(user, "K", "Disable-all")
	a.typeText(user)
	a.keys("enter")
	a.waitText("disable-all user " + user + ": done, " + itoa(int64(active)) + " of " + itoa(int64(active)) + " paused")
	for _, s := range a.strategiesOf(user) {
		if s.Status == api.StatusActive {
			t.Errorf("strategy %d is still active after disable-all", s.ID)
		}
	}
}

func TestProgramSecondJobForTheUserIsRefused(t *testing.T) {
	a := startApp(t, 120, 40)
	user, _ := a.busiestUser(api.StatusActive)
	a.selectUser(user)
	// A slow start keeps the first job running while the second is asked.
	a.sb.SetFaults(sandbox.Faults{ActionLatency: 400 * time.Millisecond})
	a.openJob(user, "K", "Disable-all")
	a.typeText(user)
	a.keys("enter")
	a.waitText("disable-all user " + user + ": starting…")
	for _, k := range []string{"K", "R"} {
		a.keys("A", k)
		a.waitText("user " + user + ": refused, disable-all still running for this user")
	}
	a.waitText("disable-all user " + user + ": done")
	if n := a.sb.Hits(routeDisableAll) + a.sb.Hits(routeRemoveAll); n != 1 {
		t.Fatalf("%d job requests, want 1 (the second refused)", n)
	}
}

// actionRoutes are every state-changing route of the dashboard.
var actionRoutes = []string{routeHalt, routeSuspend, routeResume, routeStop, routeArchive, routeDisable,
	routeBalance, routeDuplicate, routeDisableAll, routeRemoveAll}

func TestProgramReadOnlyRefusesEveryAction(t *testing.T) {
	a, _ := openStrategies(t, api.StatusActive, nil, WithReadOnly(true))
	// Each single key, then each typed confirmation's answer.
	a.keys("h")
	a.waitText(ui.NoticeReadOnly)
	a.keys("y", "s", "y", "r", "y", "x", "2", "enter", "a", "2", "enter")
	// Marked rows and the bulk keys.
	a.keys("space", "down", "space", "h", "y", "a", "2", "enter", "s", "y", "x", "2", "enter")
	// The menu and each of its keys.
	a.keys("A", "d", "b", "1", "enter", "z", "y", "enter", "esc")
	// The Users tab: the kill switch.
	user, _ := a.busiestUser(api.StatusActive)
	a.selectUser(user)
	a.keys("A")
	a.waitText(ui.NoticeReadOnly)
	// K and R live only in the menu: typed here they do nothing (the user's
	// id is not typed: its letters would be other keys, q among them).
	a.keys("K", "enter", "R", "enter")
	a.waitText("user " + user + "  ") // enter chose the user: every key before it was handled
	for _, r := range actionRoutes {
		if n := a.sb.Hits(r); n != 0 {
			t.Errorf("%d requests on %s in read-only mode", n, r)
		}
	}
	if v := a.frame(); strings.Contains(v, "Disable-all") || strings.Contains(v, "Remove-all") {
		t.Fatalf("a kill-switch dialog opened in read-only mode:\n%s", v)
	}
}

func TestProgramMenuKeyInHelpWhereItOffers(t *testing.T) {
	footer := func(v string) string {
		lines := strings.Split(v, "\n")
		return lines[len(lines)-1]
	}
	a := startApp(t, 120, 40)
	a.waitReady("12 users")
	if f := footer(a.frame()); strings.Contains(f, "A actions") {
		t.Fatalf("the Overview offers the menu: %q", f)
	}
	a.keys("4")
	a.waitReady("12 users")
	a.waitFor("A in the footer", func(v string) bool { return strings.Contains(footer(v), "A actions") })
	a.keys("?")
	a.waitText("Keys", "A actions")

	ro := startApp(t, 120, 40, WithReadOnly(true))
	ro.keys("4")
	ro.waitReady("12 users")
	if f := footer(ro.frame()); strings.Contains(f, "A actions") {
		t.Fatalf("read-only mode offers the menu: %q", f)
	}
}
