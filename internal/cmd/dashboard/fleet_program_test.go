package dashboard

// The fleet and its dashboards in one program: rows as each integration
// stands, enter into a dashboard under its own policy, esc back, and
// bursts of keys that never show one integration's data as another's.

import (
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/stratop/stratop/api/sandbox"
	"github.com/stratop/stratop/internal/factory"
	"github.com/stratop/stratop/internal/fleet"
	"github.com/stratop/stratop/internal/fleet/fleettest"
	"github.com/stratop/stratop/internal/testkit"
	"github.com/stratop/stratop/model"
	"github.com/stratop/stratop/shell"
)

// Four sandboxes: slow, stopped, refusing the secret, healthy with a
// halt. The troubled rows come first, each says its state, the healthy
// one keeps its pace while the slow one's read hangs, and its row names
// the halted strategy.
func TestProgramFleetFourIntegrations(t *testing.T) {
	slow := testkit.NewSandbox(t, sandbox.WithLatency(6*time.Second))
	wrong := testkit.NewSandbox(t)
	healthy := testkit.NewSandbox(t)
	halted := fleettest.HaltNewest(t, healthy.Client)
	ff := newFleetFactory(t,
		fleettest.Profile{Name: "slow", URL: slow.URL},
		fleettest.Profile{Name: "stopped", URL: fleettest.StoppedURL(t)},
		fleettest.Profile{Name: "wrongkey", URL: wrong.URL, Secret: "not-the-secret"},
		fleettest.Profile{Name: "healthy", URL: healthy.URL},
	)
	const interval = time.Second
	r := startFleetRig(t, ff, fleet.Options{Interval: interval, Timeout: 20 * time.Second, Budget: 100000}, 200, 60, nil)
	order := []struct{ label, state string }{
		{"wrongkey", "credentials rejected"}, {"stopped", "FAILING"}, {"slow", "STALE"}, {"healthy", "ok"},
	}
	frame := testkit.WaitFor(t, 10*time.Second, "rows troubled first, each in its state", r.st.frame, func(v string) bool {
		for i, o := range order {
			l, n := rowLine(v, o.label)
			if n != i || !strings.Contains(l, o.state) {
				return false
			}
		}
		return true
	})
	if !strings.Contains(frame, "4 integrations · 3 failing · 1 with halts in the last hour · partial: 3 of 4 not answering") {
		t.Errorf("header:\n%s", frame)
	}
	// While the slow one's read still hangs, the healthy one's data stays
	// younger than two intervals, frame after frame.
	age := regexp.MustCompile(`:\d+ +(\d+) s\b`) // the age after the host
	for until := time.Now().Add(3 * interval); time.Now().Before(until); time.Sleep(interval / 4) {
		v := r.st.frame()
		slowRow, _ := rowLine(v, "slow")
		if !strings.Contains(slowRow, "STALE") {
			t.Fatalf("the slow one answered or changed state: %q", slowRow)
		}
		row, _ := rowLine(v, "healthy")
		m := age.FindStringSubmatch(row)
		if m == nil {
			t.Fatalf("healthy row without its age: %q", row)
		}
		if s, _ := strconv.Atoi(m[1]); time.Duration(s)*time.Second >= 2*interval {
			t.Fatalf("healthy data %s s old with a %s interval: %q", m[1], interval, row)
		}
		if !strings.Contains(row, "paused #"+strconv.FormatInt(halted, 10)) {
			t.Fatalf("healthy row does not name halted strategy %d: %q", halted, row)
		}
	}
	if n := len(healthy.Writes()); n != 1 { // the halt this test sent
		t.Errorf("%d writes reached the healthy sandbox, want the test's own halt", n)
	}
	// The hung integration's dashboard opens at once (its reads wait in
	// it, not in the fleet), and esc comes back to a fleet that kept
	// its pace.
	r.keys("/", "slow", "enter", "enter")
	r.waitDash(hostOf(slow), "loading")
	r.keys("esc")
	testkit.WaitFor(t, 5*time.Second, "back in the fleet", r.st.frame, isFleet)
	r.keys("esc") // the filter
	v := testkit.WaitFor(t, 5*time.Second, "every row again", r.st.frame, func(v string) bool {
		row, _ := rowLine(v, "healthy")
		return strings.Contains(row, " ok ")
	})
	if row, _ := rowLine(v, "slow"); !strings.Contains(row, "STALE") {
		t.Errorf("slow after its dashboard was entered: %q", row)
	}
}

// hostOf is a sandbox's host:port as the header shows it.
func hostOf(sb *testkit.Sandbox) string { return strings.TrimPrefix(sb.URL, "http://") }

// isFleet says the frame is the fleet view.
func isFleet(v string) bool { return fleetHeader.MatchString(v) }

var fleetHeader = regexp.MustCompile(`\d+ integrations? · \d+ failing`)

// waitDash waits for the dashboard of host showing subs.
func (r *fleetRig) waitDash(host string, subs ...string) string {
	r.t.Helper()
	return testkit.WaitFor(r.t, 10*time.Second, "the dashboard of "+host+" with "+strings.Join(subs, ", "), r.st.frame, func(v string) bool {
		if isFleet(v) || !strings.Contains(v, "Overview") || !strings.Contains(v, host) {
			return false
		}
		for _, s := range subs {
			if !strings.Contains(v, s) {
				return false
			}
		}
		return true
	})
}

// Entering a read-only integration from the fleet: s and h are refused
// and nothing is sent; back in the fleet, the other integration's
// dashboard asks to confirm under its own policy, esc closes its dialog
// before it leaves, and the first dashboard is found again as it was left.
func TestProgramFleetEachDashboardUnderItsOwnPolicy(t *testing.T) {
	ro, rw := testkit.NewSandbox(t), testkit.NewSandbox(t)
	ff := newFleetFactory(t, fleettest.Profile{Name: "ro", URL: ro.URL}, fleettest.Profile{Name: "rw", URL: rw.URL})
	ff.settings(t, "[profiles.ro]\nread_only = true\n")
	r := startFleetRig(t, ff, fleet.Options{Interval: time.Second, Budget: 100000}, 120, 40, nil)
	testkit.WaitFor(t, 10*time.Second, "both rows ok, ro first and read-only", r.st.frame, func(v string) bool {
		a, i := rowLine(v, "ro")
		b, j := rowLine(v, "rw")
		return i == 0 && j == 1 && strings.Contains(a, "ok · read-only") && strings.Contains(b, "ok") && !strings.Contains(b, "read-only")
	})

	r.keys("enter")
	r.waitDash(hostOf(ro), "READ-ONLY")
	r.keys("2")
	r.waitDash(hostOf(ro), "page 1 of")
	for _, k := range []string{"s", "h"} {
		r.keys("esc") // the previous refusal's notice goes; esc on the list leaves nothing open
		testkit.WaitFor(t, 5*time.Second, "back in the fleet", r.st.frame, isFleet)
		r.keys("enter")
		r.waitDash(hostOf(ro), "page 1 of") // warm: the tab as it was left
		r.keys(k)
		r.waitDash(hostOf(ro), "read-only mode: actions are disabled")
	}
	if w := ro.Writes(); len(w) != 0 {
		t.Fatalf("read-only integration received %v", w)
	}

	r.keys("esc")
	testkit.WaitFor(t, 5*time.Second, "back in the fleet", r.st.frame, isFleet)
	r.keys("down", "enter")
	v := r.waitDash(hostOf(rw))
	if strings.Contains(v, "READ-ONLY") || strings.Contains(v, hostOf(ro)) {
		t.Fatalf("rw's dashboard shows ro's mode or host:\n%s", v)
	}
	r.keys("2")
	r.waitDash(hostOf(rw), "page 1 of")
	r.keys("s")
	r.waitDash(hostOf(rw), "Suspend strategy")
	r.keys("esc")
	v = testkit.WaitFor(t, 5*time.Second, "the dialog closed", r.st.frame, func(v string) bool {
		return !strings.Contains(v, "Suspend strategy")
	})
	if isFleet(v) {
		t.Fatalf("esc left the dashboard with its dialog open instead of closing it:\n%s", v)
	}
	r.keys("esc")
	testkit.WaitFor(t, 5*time.Second, "back in the fleet", r.st.frame, isFleet)
	if w := rw.Writes(); len(w) != 0 {
		t.Fatalf("cancelled suspend sent %v", w)
	}
}

// Bursts of F, enter, esc and moves, sent without waiting for a frame:
// wherever each key lands, every dashboard frame shows its own
// integration's data (7 users on one, 31 on the other), never the other's.
func TestProgramFleetBurstsNeverCrossIntegrations(t *testing.T) {
	a := testkit.NewSandbox(t, sandbox.WithUsers(7))
	b := testkit.NewSandbox(t, sandbox.WithUsers(31))
	ff := newFleetFactory(t, fleettest.Profile{Name: "a", URL: a.URL}, fleettest.Profile{Name: "b", URL: b.URL})
	users := regexp.MustCompile(`users +(\d+)\b`)
	own := map[string]string{hostOf(a): "7", hostOf(b): "31"}
	var mu sync.Mutex
	seen := map[string]int{}
	check := func(v string) {
		if isFleet(v) || !strings.Contains(v, "Overview") {
			return
		}
		var host string
		for h := range own {
			if strings.Contains(v, h) {
				host = h
			}
		}
		m := users.FindStringSubmatch(v)
		if host == "" || m == nil {
			return
		}
		if m[1] != own[host] {
			t.Errorf("the dashboard of %s shows %s users, the other integration's:\n%s", host, m[1], v)
		}
		mu.Lock()
		seen[host]++
		mu.Unlock()
	}
	r := startFleetRig(t, ff, fleet.Options{Interval: time.Second, Budget: 100000}, 120, 40, check)
	testkit.WaitFor(t, 10*time.Second, "both rows ok", r.st.frame, func(v string) bool {
		x, _ := rowLine(v, "a")
		y, _ := rowLine(v, "b")
		return strings.Contains(x, " ok ") && strings.Contains(y, " ok ")
	})
	bursts := [][]string{
		{"enter", "F", "down", "enter", "esc", "up", "enter"},
		{"esc", "down", "enter", "F", "enter", "esc", "esc", "up", "enter"},
		{"F", "up", "enter", "1", "esc", "down", "enter", "F", "down", "enter"},
		{"esc", "esc", "enter", "F", "up", "enter", "F", "down", "enter", "esc", "up", "enter"},
	}
	for round := 0; round < 5; round++ {
		for _, burst := range bursts {
			r.keys(burst...)
			time.Sleep(time.Duration(round*7) * time.Millisecond) // some bursts land before replies, some after
		}
	}
	// Settle on each dashboard so both have drawn their data.
	r.keys("F", "esc")
	testkit.WaitFor(t, 5*time.Second, "back in the fleet", r.st.frame, isFleet)
	for profile, host := range map[string]string{"a": hostOf(a), "b": hostOf(b)} {
		r.keys("esc")
		testkit.WaitFor(t, 5*time.Second, "the fleet", r.st.frame, isFleet)
		r.keys("esc", "/", profile, "enter", "enter", "1") // esc: the previous filter
		r.waitDash(host, own[host]+" users")
	}
	mu.Lock()
	defer mu.Unlock()
	if seen[hostOf(a)] == 0 || seen[hostOf(b)] == 0 {
		t.Fatalf("frames checked per host: %v", seen)
	}
	if w := append(a.Writes(), b.Writes()...); len(w) != 0 {
		t.Errorf("keys that act on nothing sent %v", w)
	}
}

// The `stratop` start: the shell on the profile's dashboard. Alone, esc
// at its top level does nothing; F opens the fleet, and enter on the
// dashboard's own row finds it as it was left (its tab), not a new one.
func TestProgramFleetFromTheDashboard(t *testing.T) {
	a, b := testkit.NewSandbox(t), testkit.NewSandbox(t)
	ff := newFleetFactory(t, fleettest.Profile{Name: "a", URL: a.URL}, fleettest.Profile{Name: "b", URL: b.URL})
	c, err := ff.f.Resolve(t.Context(), factory.Dashboard, factory.WithProfile("a"))
	if err != nil {
		t.Fatal(err)
	}
	client, err := c.Client()
	if err != nil {
		t.Fatal(err)
	}
	opts, err := dashboardOptions(c)
	if err != nil {
		t.Fatal(err)
	}
	start := model.New(t.Context(), client, append(opts, model.WithProfile("a"), model.WithIntegration(c.Integration), model.WithFleet(true))...)
	r := startFleetRig(t, ff, fleet.Options{Interval: time.Second, Budget: 100000}, 120, 40, nil, shell.WithDashboard(start))
	r.waitDash(hostOf(a), "Overview")
	r.keys("2")
	r.waitDash(hostOf(a), "page 1 of")
	r.keys("esc", "esc")
	time.Sleep(200 * time.Millisecond)
	if v := r.st.frame(); isFleet(v) || !strings.Contains(v, "page 1 of") {
		t.Fatalf("esc alone left the dashboard:\n%s", v)
	}
	r.keys("F")
	testkit.WaitFor(t, 10*time.Second, "the fleet with both rows ok", r.st.frame, func(v string) bool {
		x, _ := rowLine(v, "a")
		y, _ := rowLine(v, "b")
		return isFleet(v) && strings.Contains(x, " ok ") && strings.Contains(y, " ok ")
	})
	r.keys("/", "a", "enter", "enter")
	r.waitDash(hostOf(a), "page 1 of") // the start's dashboard, on the tab it was left on
	r.keys("esc")
	testkit.WaitFor(t, 5*time.Second, "back in the fleet", r.st.frame, isFleet)
}

// At 80x24 the fleet's frame fits, with each row's label and state, and
// so does the dashboard entered from it.
func TestProgramFleetAt80Columns(t *testing.T) {
	a, b := testkit.NewSandbox(t), testkit.NewSandbox(t)
	ff := newFleetFactory(t, fleettest.Profile{Name: "prod-eu", URL: a.URL}, fleettest.Profile{Name: "staging", URL: b.URL})
	ff.settings(t, "[profiles.staging]\nread_only = true\n")
	fits := func(v string) bool {
		lines := strings.Split(v, "\n")
		for _, l := range lines {
			if lipgloss.Width(l) > 80 {
				return false
			}
		}
		return len(lines) <= 24
	}
	r := startFleetRig(t, ff, fleet.Options{Interval: time.Second, Budget: 100000}, 80, 24, nil)
	v := testkit.WaitFor(t, 10*time.Second, "both rows with label and state", r.st.frame, func(v string) bool {
		x, _ := rowLine(v, "prod-eu")
		y, _ := rowLine(v, "staging")
		return strings.Contains(x, " ok ") && strings.Contains(y, "ok · read-only")
	})
	if !fits(v) {
		t.Fatalf("the fleet overflows 80x24:\n%s", v)
	}
	r.keys("/", "staging", "enter", "enter")
	v = r.waitDash(hostOf(b), "READ-ONLY")
	if !fits(v) {
		t.Fatalf("the dashboard overflows 80x24:\n%s", v)
	}
}
