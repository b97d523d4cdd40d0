package model

import (
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stratop/stratop/api"
)

// @ ranks the users read and enter chooses the selected one, as enter on
// the Users tab does; down moves the selection first.
func TestProgramPaletteUserFuzzyChoosesTheSelected(t *testing.T) {
	a := startApp(t, 120, 40)
	a.keys("4")
	a.waitReady("12 users")
	users := a.sb.Users()
	u := users[7]
	a.keys(":")
	a.typeText("@" + strings.ToUpper(u.ExternalUserID))
	a.waitText("› "+u.ExternalUserID, "user "+itoa(u.ID)+" · ")
	a.keys("enter")
	a.waitText("user " + u.ExternalUserID)
	if f := a.frame(); strings.Contains(f, ": @") {
		t.Fatalf("the command line stayed open:\n%s", f)
	}
}

// ! finds a pool by a part of its symbol and shows it on the Pools tab.
func TestProgramPalettePoolShowsThePool(t *testing.T) {
	a := startApp(t, 120, 40)
	a.keys("3")
	a.waitReady("SYMBOL", "WETH")
	a.keys("1", ":")
	a.typeText("!wet")
	a.waitText("› WETH")
	a.keys("enter")
	a.waitReady("price        $", "WETH")
}

// >filter sets the Strategies filter through the tab's own path: the list
// read is the filtered one, and a value the filter does not know is said.
func TestProgramPaletteFilterAppliesTheStrategiesFilter(t *testing.T) {
	a := startApp(t, 120, 40)
	a.keys(":")
	a.typeText(">filter status=bogus")
	a.keys("enter")
	a.waitText("status is one of")
	a.keys("esc", ":")
	a.typeText(">fil")
	a.waitText("› filter")
	a.keys("tab")
	a.typeText("status=paused method=dca")
	a.keys("enter")
	a.waitReady("status paused", "method dca")
	p, err := a.c.ListStrategies(t.Context(), stratFilter{fieldStatus: "paused", fieldMethod: "dca"}.integrationQuery(1, 20))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range p.Strategies {
		a.waitText(itoa(s.ID))
	}
	if f := a.frame(); strings.Contains(f, " active ") {
		t.Fatalf("an active strategy is listed under status=paused:\n%s", f)
	}
}

// >fleet outside a fleet is said, not sent; inside one it asks as F does
// (fleet_test.go covers F).
func TestPaletteFleetOnlyInsideAFleet(t *testing.T) {
	m, _, _ := newTestModel(t)
	m, _ = press(m, ":")
	for _, r := range ">fleet" {
		m, _ = press(m, string(r))
	}
	m, cmd := press(m, "enter")
	if asked[FleetMsg](cmd) || !strings.Contains(m.View(), "no fleet holds this dashboard") {
		t.Fatalf("outside a fleet: asked %v\n%s", asked[FleetMsg](cmd), m.View())
	}
	m, _, _ = newTestModel(t, WithFleet(true))
	m, _ = press(m, ":")
	for _, r := range ">fl" {
		m, _ = press(m, string(r))
	}
	if _, cmd := press(m, "enter"); !asked[FleetMsg](cmd) {
		t.Fatal(">fl (completed to fleet) did not ask for the fleet")
	}
}

// The history survives a restart: lines run in one program are offered by
// up in the next on the same file, newest first.
func TestProgramPaletteHistorySurvivesARestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "commands.jsonl")
	a, id := openStrategies(t, api.StatusActive, nil, WithCommandHistory(path))
	a.keys(":")
	a.typeText(">filter status=active")
	a.keys("enter")
	a.waitReady("status active")
	a.keys(":")
	a.typeText("#" + itoa(id))
	a.keys("enter")
	a.waitFor("two lines in the file", func(string) bool {
		l, _ := readHistory(path)
		return len(l) == 2
	})
	_ = a.tm.Quit()

	b := startApp(t, 120, 40, WithCommandHistory(path))
	b.keys(":")
	b.waitText(": _", "↑ history (2)")
	b.keys("up")
	b.waitText(": #" + itoa(id) + "_")
	b.keys("up")
	b.waitText(": >filter status=active_")
	b.keys("down", "down")
	b.waitText(": _", "#ID")
	b.keys("ctrl+r")
	b.typeText("filt")
	b.waitText("history: filt_", "› >filter status=active")
	b.keys("enter")
	b.waitText(": >filter status=active_")
}

// Two programs adding to one file at once lose none of each other's
// lines, and the file is cut back to the last maxHistory.
func TestCommandHistoryTwoWritersLoseNothing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state", "commands.jsonl")
	const each = 600
	var wg sync.WaitGroup
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < each; i++ {
				if err := appendHistory(path, ">w"+itoa(int64(w))+" "+itoa(int64(i))); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	lines, err := readHistory(path)
	if err != nil || len(lines) != maxHistory {
		t.Fatalf("%d lines, %v", len(lines), err)
	}
	// Each writer's last line is there, and each writer's lines are in
	// their order.
	last := map[string]int{}
	for _, l := range lines {
		w, n, _ := strings.Cut(l[1:], " ")
		v, err := strconv.Atoi(n)
		if err != nil {
			t.Fatal(l)
		}
		if p, ok := last[w]; ok && v <= p {
			t.Fatalf("%s: %d after %d", w, v, p)
		}
		last[w] = v
	}
	if last["w0"] != each-1 || last["w1"] != each-1 {
		t.Fatalf("last lines %v", last)
	}
}

// ? lists the command line, C on the Strategies tab and u while an undo
// is offered.
func TestPaletteInHelp(t *testing.T) {
	m, _, _ := newTestModel(t)
	h, _ := press(m, "?")
	v := h.View()
	if !strings.Contains(v, ": command line") {
		t.Fatalf("help does not list the command line:\n%s", v)
	}
	if strings.Contains(v, "u undo") {
		t.Fatalf("help offers undo with nothing to undo:\n%s", v)
	}
}
