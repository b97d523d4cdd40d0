package model

// The users list is read only when it may have changed, and only the
// visible tab (besides the header stats) polls.

import (
	"strings"
	"testing"
	"time"

	"github.com/jonboulle/clockwork"

	"github.com/stratop/stratop/api"
)

const (
	routeUsers      = "GET /api/v1/users"
	routeStats      = "POST /api/v1/strategies/getDashBoardStats"
	routeStrategies = "GET /api/v1/strategies"
	routePools      = "POST /api/v1/getClientPools"
)

// waitHits waits until the sandbox counted at least n requests of pattern.
func (a *app) waitHits(pattern string, n int) {
	a.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for a.sb.Hits(pattern) < n {
		if time.Now().After(deadline) {
			a.t.Fatalf("waiting for %d hits of %s, have %d", n, pattern, a.sb.Hits(pattern))
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// statsPolls waits for n more stats polls.
func (a *app) statsPolls(n int) {
	a.t.Helper()
	a.waitHits(routeStats, a.sb.Hits(routeStats)+n)
}

func TestProgramUsersReadOnlyWhenCountChanges(t *testing.T) {
	a := startApp(t, 120, 40)
	a.keys("4")
	a.waitReady("12 users", "users as of")
	a.statsPolls(2) // a read the Overview started before the switch lands first
	others := map[string]int{routeStrategies: a.sb.Hits(routeStrategies), routePools: a.sb.Hits(routePools)}

	a.statsPolls(20)
	if n := a.sb.Hits(routeUsers); n != 1 {
		t.Fatalf("20 stats polls without change: GET /users sent %d times, want 1", n)
	}
	for route, n := range others {
		if got := a.sb.Hits(route); got != n {
			t.Errorf("%s polled %d times while the Users tab was shown", route, got-n)
		}
	}

	if _, err := a.c.UpsertUser(t.Context(), api.CreateUserRequest{ExternalUserID: "newcomer"}); err != nil {
		t.Fatal(err)
	}
	a.waitText("13 users")
	a.statsPolls(20)
	if n := a.sb.Hits(routeUsers); n != 2 {
		t.Fatalf("after one new user and 20 more polls: GET /users sent %d times, want 2", n)
	}
	a.keys("/", "n", "e", "w", "c")
	a.waitText("1 of 13 users", "newcomer")
	a.keys("esc", "esc")

	a.keys("ctrl+r")
	a.waitHits(routeUsers, 3)
	a.statsPolls(20)
	if n := a.sb.Hits(routeUsers); n != 3 {
		t.Fatalf("ctrl+r: GET /users sent %d times in all, want 3", n)
	}
}

func TestProgramUsersReadWhenShownAfterCountChanged(t *testing.T) {
	a := startApp(t, 120, 40)
	a.keys("4")
	a.waitReady("12 users")
	a.keys("1")
	if _, err := a.c.UpsertUser(t.Context(), api.CreateUserRequest{ExternalUserID: "late"}); err != nil {
		t.Fatal(err)
	}
	a.waitText("13 users") // the header's count
	a.statsPolls(5)
	if n := a.sb.Hits(routeUsers); n != 1 {
		t.Fatalf("hidden Users tab read the list: %d reads, want 1", n)
	}
	a.keys("4", "G")
	a.waitFor("the new user in the list", func(v string) bool { return strings.Contains(v, " late ") })
	if n := a.sb.Hits(routeUsers); n != 2 {
		t.Fatalf("GET /users sent %d times, want 2", n)
	}
}

func TestProgramOnlyTheShownTabPolls(t *testing.T) {
	// Each tab's own routes, and the routes of the other tabs.
	cases := []struct {
		key, ready string
		own        string
	}{
		{"1", "last good", routeStrategies}, // the counts feed
		{"2", "page 1 of 3", routeStrategies},
		{"3", "WETH", routePools},
		{"4", "12 users", routeUsers},
		{"5", "nothing changed yet", ""}, // nothing watched: the stats only
	}
	all := []string{routeStrategies, routePools, routeUsers}
	for _, c := range cases {
		t.Run("tab"+c.key, func(t *testing.T) {
			a := startApp(t, 120, 40)
			if c.key != "1" {
				a.keys(c.key)
			}
			a.waitReady(c.ready)
			a.statsPolls(2)
			before := map[string]int{}
			for _, r := range all {
				before[r] = a.sb.Hits(r)
			}
			a.statsPolls(10)
			for _, r := range all {
				moved := a.sb.Hits(r) - before[r]
				switch {
				case r != c.own && moved != 0:
					t.Errorf("tab %s shown: %s polled %d times", c.key, r, moved)
				case r == c.own && r != routeUsers && moved == 0:
					t.Errorf("tab %s shown: its own %s did not poll", c.key, r)
				}
			}
			// ctrl+r reads this tab's data once more, and no other tab's.
			for _, r := range all {
				before[r] = a.sb.Hits(r)
			}
			if c.own == routeUsers {
				a.keys("ctrl+r")
				a.waitHits(routeUsers, before[routeUsers]+1)
				a.statsPolls(3)
				if n := a.sb.Hits(routeUsers) - before[routeUsers]; n != 1 {
					t.Errorf("ctrl+r on Users: %d reads of the list, want 1", n)
				}
			}
			for _, r := range all {
				if r != c.own && a.sb.Hits(r) != before[r] {
					t.Errorf("tab %s: %s read while another tab was shown", c.key, r)
				}
			}
		})
	}
}

func TestProgramUsersReadAgainAfterFiveMinutes(t *testing.T) {
	fc := clockwork.NewFakeClockAt(t0)
	a := startApp(t, 120, 40, WithClock(fc.Now))
	a.keys("4")
	a.waitReady("12 users", "users as of 12:30, checked 12:30:45")
	a.keys("1")
	fc.Advance(usersMaxAge - time.Second)
	a.statsPolls(2)
	a.keys("4")
	a.waitText("checked 12:35:44")
	if n := a.sb.Hits(routeUsers); n != 1 {
		t.Fatalf("list read %d times within its maximum age, want 1", n)
	}
	a.keys("1")
	fc.Advance(time.Second)
	a.keys("4")
	a.waitHits(routeUsers, 2)
	a.waitText("users as of 12:35, checked 12:35:45")
}
