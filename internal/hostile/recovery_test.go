package hostile_test

// Fault tests of the real program: whatever breaks, the dashboard keeps the
// last good data on screen, marks it stale with a reason, stays responsive,
// and recovers by itself within one backed-off interval once the server
// heals.

import (
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stratop/stratop/api/sandbox"
	"github.com/stratop/stratop/internal/hostile"
	"github.com/stratop/stratop/ui"
)

// faultCase breaks the server (on) and heals it (off); reason is what the
// stale badge must say.
type faultCase struct {
	name   string
	on     func()
	off    func()
	reason string
	// extra is how much longer than one backed-off interval recovery may
	// take for reasons of the fault itself (a request that hangs until the
	// fetch timeout, a Retry-After the client honours).
	extra time.Duration
}

// body is the part of a frame between the tab bar and the footer: the data.
func body(frame string) string {
	lines := strings.Split(frame, "\n")
	if len(lines) <= ui.HeaderHeight+ui.FooterHeight {
		return frame
	}
	return strings.Join(lines[ui.HeaderHeight:len(lines)-ui.FooterHeight], "\n")
}

// statusLine is the footer line that carries the stale badge.
func statusLine(frame string) string {
	lines := strings.Split(frame, "\n")
	if len(lines) < ui.FooterHeight {
		return ""
	}
	return lines[len(lines)-ui.FooterHeight]
}

// checkFaults runs the program on the Strategies tab, then each fault case:
// it waits for the stale badge with the case's reason (failing with the
// last frame when it never shows), checks that the data
// shown is the last good data and that the program still answers a key,
// heals, and checks that the badge goes within the recovery bound.
func checkFaults(t *testing.T, r *run, page string, cases []faultCase) {
	t.Helper()
	r.step("strategies before faults", "2")
	good := body(r.ready("[2 Strategies]", page))
	for _, fc := range cases {
		r.step("fault " + fc.name)
		fc.on()
		// A read that hangs first marks the data stale with how long it
		// has waited; the reason follows when the read fails.
		f := r.waitFor("the stale badge with the reason "+fc.reason+" ("+fc.name+")", func(f string) bool {
			return strings.Contains(statusLine(f), "STALE") && strings.Contains(statusLine(f), fc.reason)
		})
		if got := body(f); got != good {
			t.Errorf("fault %s: the last good data is not what is shown while stale.\nwant:\n%s\ngot:\n%s", fc.name, good, got)
		}
		// Still alive and responsive: help opens and closes.
		r.step("fault "+fc.name+", help", "?")
		r.waitFor("help while "+fc.name, func(f string) bool { return strings.Contains(f, "Keys") })
		r.step("fault "+fc.name+", help closed", "?")
		r.waitFor("help closed while "+fc.name, func(f string) bool { return strings.Contains(f, page) })

		r.step("healed from " + fc.name)
		healed := time.Now()
		fc.off()
		bound := testMaxBackoff + testFetch + fc.extra + recoverySlack
		f = r.waitFor("recovery from "+fc.name, func(f string) bool {
			return !strings.Contains(statusLine(f), "STALE") && strings.Contains(f, page)
		})
		took := time.Since(healed)
		t.Logf("fault %s: recovered %v after healing", fc.name, took.Round(time.Millisecond))
		if took > bound {
			t.Errorf("fault %s: recovered %v after healing, want within %v (one backed-off interval %v, one fetch timeout %v, fault allowance %v)",
				fc.name, took.Round(time.Millisecond), bound, testMaxBackoff, testFetch, fc.extra)
		}
		if got := body(f); got != good {
			t.Errorf("fault %s: after recovery the data differs from before.\nwant:\n%s\ngot:\n%s", fc.name, good, got)
		}
	}
	r.finish()
}

// recoverySlack absorbs scheduling under -race on a loaded 2-core machine;
// a missed recovery (no poll until the next user key) takes forever instead.
const recoverySlack = 2 * time.Second

// reasonOf is the stale reason each hostile fault mode must produce.
var reasonOf = map[hostile.FaultMode]string{
	hostile.Status500:     "server error 500",
	hostile.Status502:     "server error 502",
	hostile.Status503:     "server error 503",
	hostile.RateLimited:   "rate limited",
	hostile.Truncated:     "cannot reach",
	hostile.TruncatedJSON: "unexpected answer",
	hostile.Reset:         "cannot reach",
	hostile.Trickle:       "cannot reach",
	hostile.HTMLError:     "server error 503",
	hostile.HTML200:       "got text/html",
	hostile.WrongTypes:    "unexpected answer",
	hostile.Down:          "cannot reach",
	hostile.Status403:     "forbidden",
	hostile.Status404:     "not found",
}

func TestHostileFaultsKeepLastGoodDataAndRecover(t *testing.T) {
	h := hostile.New(hostile.WithRows(8))
	live, err := hostile.Listen(h)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = live.Close() }()
	r := startProgram(t, live.URL(), 80, 24)
	var cases []faultCase
	for _, mode := range hostile.Modes {
		f := hostile.Fault{Mode: mode, RetryAfter: time.Second, TrickleEvery: 100 * time.Millisecond, TrickleBytes: 16}
		fc := faultCase{name: mode.String(), reason: reasonOf[mode],
			on: func() { h.SetFault(f) }, off: func() { h.SetFault(hostile.Fault{}) }}
		switch mode {
		case hostile.RateLimited:
			fc.extra = f.RetryAfter
		case hostile.Trickle:
			fc.extra = testFetch // a trickle that began before healing runs to its timeout
		}
		cases = append(cases, fc)
	}
	cases = append(cases,
		faultCase{name: "latency beyond the timeout", reason: "cannot reach",
			on:  func() { h.SetFault(hostile.Fault{Latency: 3 * testFetch}) },
			off: func() { h.SetFault(hostile.Fault{}) }, extra: testFetch},
		faultCase{name: "listener down then up (refused dials)", reason: "cannot reach",
			on: func() {
				if err := live.Down(); err != nil {
					t.Fatal(err)
				}
			},
			off: func() {
				if err := live.Up(); err != nil {
					t.Fatal(err)
				}
			}},
	)
	checkFaults(t, r, "page 1 of 3", cases)
}

func TestSandboxFaultsKeepLastGoodDataAndRecover(t *testing.T) {
	sb := sandbox.New(sandbox.WithSeed(3), sandbox.WithTick(0), sandbox.WithUsers(8), sandbox.WithStrategies(90))
	srv := httptest.NewServer(sb)
	defer srv.Close()
	c, err := newSandboxClient(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	r := startProgramWith(t, c, 120, 40)
	heal := func() { sb.SetFaults(sandbox.Faults{}) }
	set := func(f sandbox.Faults) func() { return func() { sb.SetFaults(f) } }
	checkFaults(t, r, "page 1 of 2", []faultCase{
		{name: "sandbox 5xx", on: set(sandbox.Faults{FailRate: 1}), off: heal, reason: "server error"},
		{name: "sandbox 429", on: set(sandbox.Faults{RateLimitRate: 1, RetryAfter: time.Second}), off: heal,
			reason: "rate limited", extra: time.Second},
		{name: "sandbox truncated", on: set(sandbox.Faults{TruncateRate: 1}), off: heal, reason: "unexpected answer"},
		{name: "sandbox dropped", on: set(sandbox.Faults{DropRate: 1}), off: heal, reason: "cannot reach"},
		{name: "sandbox down", on: set(sandbox.Faults{Down: true}), off: heal, reason: "cannot reach"},
		{name: "sandbox slow", on: set(sandbox.Faults{Latency: 3 * testFetch}), off: heal, reason: "cannot reach",
			extra: 2 * testFetch},
	})
}

// TestUserDetailSurvivesAForeignUserID: a server that answers the
// single-user read with another externalUserId (it normalises ids, or a
// cache is wrong) must not leave the user's detail "loading…" forever while
// every poll succeeds.
func TestUserDetailSurvivesAForeignUserID(t *testing.T) {
	srv := httptest.NewServer(hostile.New(hostile.WithRows(6), hostile.WithForeignUserIDs()))
	defer srv.Close()
	r := startProgram(t, srv.URL, 120, 40)
	r.step("tab 4 users", "4")
	r.ready("[4 Users]", "6 users")
	r.step("tab 4 choose user", "down", "enter")
	r.ready("Native balances")
	r.finish()
}
