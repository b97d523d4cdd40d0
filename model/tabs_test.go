package model

// Update tests of the tabs: actions gate, marks, detail panes, users.

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/action"
	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/ui"
)

func TestReadOnlyRefusesActionsInOnePlace(t *testing.T) {
	m, _, _ := newTestModel(t, WithReadOnly(true))
	m, _ = press(m, "2")
	m, _ = m.Update(pageReply(m, strat(1, api.StatusActive)))
	v := m.View()
	if !strings.Contains(v, "READ-ONLY") {
		t.Fatal("no READ-ONLY badge")
	}
	for _, b := range m.helpMap().Short {
		if b.Enabled() && (b.Help().Desc == "halt" || b.Help().Desc == "mark") {
			t.Fatalf("help offers %q in read-only mode", b.Help().Desc)
		}
	}
	// The key reaches the gate, which refuses.
	m, cmd := press(m, "h")
	for _, msg := range runCmd(cmd) {
		m, _ = m.Update(msg)
	}
	if !strings.Contains(m.View(), ui.NoticeReadOnly) {
		t.Fatalf("no read-only notice: %q", lineWith(m.View(), "updated"))
	}
	// Even a request that does not come from a key is refused by the gate.
	s := strat(1, api.StatusActive)
	if _, ef := m.acts.ask(action.Halt, selection{strategy: &s}); ef.notice != ui.NoticeReadOnly {
		t.Fatalf("gate let an action through in read-only mode: %q", ef.notice)
	}
	// Marks are refused too.
	m, _ = press(m, "space")
	if len(m.strategiesTab().marks) != 0 {
		t.Fatal("space marked a row in read-only mode")
	}
}

func TestForbiddenActionIsHiddenAndExplained(t *testing.T) {
	m, _, _ := newTestModel(t)
	m, _ = press(m, "2")
	m, _ = m.Update(pageReply(m, strat(1, api.StatusPaused)))
	for _, b := range m.helpMap().Short {
		if b.Enabled() && (b.Help().Desc == "suspend" || b.Help().Desc == "resume") {
			t.Fatalf("help offers %q for a paused strategy", b.Help().Desc)
		}
	}
	m, cmd := press(m, "s")
	for _, msg := range runCmd(cmd) {
		m, _ = m.Update(msg)
	}
	if !strings.Contains(m.notes.text(), "only an active strategy can be suspended") {
		t.Fatalf("notice %q", m.notes.text())
	}
}

func TestMarksAndPendingShowInTheGutter(t *testing.T) {
	m, _, _ := newTestModel(t)
	m, _ = press(m, "2")
	m, _ = m.Update(pageReply(m, strat(1, api.StatusActive), strat(2, api.StatusActive)))
	m, _ = press(m, "space")
	m, _ = m.Update(workflowMsg{pending: map[int64]bool{2: true}})
	v := m.View()
	if !strings.HasPrefix(lineWith(v, "    1 "), ">*") {
		t.Fatalf("marked cursor row: %q", lineWith(v, "    1 "))
	}
	if !strings.HasPrefix(lineWith(v, "    2 "), " ~") {
		t.Fatalf("pending row: %q", lineWith(v, "    2 "))
	}
}

func TestDetailPaneFollowsSelection(t *testing.T) {
	m, f, _ := newTestModel(t)
	m, _ = press(m, "2")
	m, _ = m.Update(pageReply(m, strat(1, api.StatusActive), strat(2, api.StatusActive)))
	m, cmd := press(m, "enter")
	m = deliver(m, cmd)
	if !strings.Contains(m.View(), "Strategy 1") {
		t.Fatal("pane does not show strategy 1")
	}
	m, cmd = press(m, "down")
	m = deliver(m, cmd)
	if d := m.strategiesTab().pane; d.id != 2 || !strings.Contains(m.View(), "Strategy 2") {
		t.Fatalf("pane did not follow to strategy 2 (id %d)", d.id)
	}
	if n := f.count("strategy"); n != 2 {
		t.Fatalf("%d detail reads, want 2", n)
	}
	m, _ = press(m, "esc")
	if m.strategiesTab().pane.open || strings.Contains(m.View(), "Strategy 2") {
		t.Fatal("esc did not close the pane")
	}
}

func TestUsersFilterAndChoose(t *testing.T) {
	m, f, _ := newTestModel(t)
	f.users = []api.User{
		{ID: 1, ExternalUserID: "alice", WalletAddress: "0xAAA"},
		{ID: 2, ExternalUserID: "bob", WalletAddress: "0xBBB", Email: "Bob@Example.org"},
		{ID: 3, ExternalUserID: "carol", WalletAddress: "0xCCC"},
	}
	m, cmd := press(m, "4")
	for _, r := range fetched(runCmd(cmd)) {
		m, _ = m.Update(r)
	}
	m, _ = press(m, "down", "down") // carol
	m, _ = press(m, "/", "B", "b", "B")
	ut := m.usersTab()
	if ut.tbl.len() != 1 {
		t.Fatalf("filter 'bbb' (case-insensitive, wallet) matched %d users, want 1", ut.tbl.len())
	}
	if id, _, _ := ut.tbl.selected(); id != 2 {
		t.Fatalf("selected %d, want bob", id)
	}
	// q types while filtering instead of quitting.
	m, cmd = press(m, "q")
	if cmd != nil {
		for _, msg := range runCmd(cmd) {
			if _, ok := msg.(tea.QuitMsg); ok {
				t.Fatal("q quit while typing a filter")
			}
		}
	}
	m, _ = press(m, "backspace", "esc") // clears the filter
	if m.usersTab().tbl.len() != 3 {
		t.Fatal("esc did not clear the filter")
	}
	if id, _, _ := m.usersTab().tbl.selected(); id != 2 {
		t.Fatalf("clearing the filter lost the selection: %d", id)
	}
	m, cmd = press(m, "enter")
	for _, msg := range runCmd(cmd) {
		m, _ = m.Update(msg)
	}
	if m.chosen != "bob" || m.strategiesTab().user != "bob" {
		t.Fatalf("chosen %q, strategies user %q", m.chosen, m.strategiesTab().user)
	}
	if !strings.Contains(m.View(), "user bob") {
		t.Fatal("header does not name the chosen user")
	}
	m, cmd = press(m, "esc")
	for _, msg := range runCmd(cmd) {
		m, _ = m.Update(msg)
	}
	if m.chosen != "" {
		t.Fatal("esc did not clear the chosen user")
	}
}

func TestTooSmallTerminal(t *testing.T) {
	m, _, _ := newTestModel(t)
	m, _ = m.Update(tea.WindowSizeMsg{Width: 59, Height: 20})
	if v := m.View(); !strings.Contains(v, "terminal too small") {
		t.Fatalf("got %q", v)
	}
}

func TestProductionProfileAndKeys(t *testing.T) {
	m, _, _ := newTestModel(t, WithProfile("prod-eu"))
	if !strings.Contains(m.View(), "prod-eu") {
		t.Fatal("profile not shown")
	}
	m, _ = press(m, "?")
	if !strings.Contains(m.View(), "Keys") {
		t.Fatal("? did not open the full help")
	}
	m, _ = press(m, "?")
	if _, cmd := press(m, "ctrl+l"); cmd == nil {
		t.Fatal("ctrl+l should clear the screen")
	}
	if _, cmd := press(m, "q"); cmd == nil {
		t.Fatal("q should quit")
	}
}

func TestFreshRecordUpdatesRowAndPane(t *testing.T) {
	m, _, _ := newTestModel(t)
	m, _ = press(m, "2")
	m, _ = m.Update(pageReply(m, strat(1, api.StatusActive), strat(2, api.StatusActive)))
	prev := m.strategiesTab().pane.list.data
	s := strat(2, api.StatusSuspended)
	s.Pool.Symbol = "NEW\x1b[31m"
	m, _ = m.Update(workflowMsg{records: []api.Strategy{s}})
	row := lineWith(m.View(), "    2 ")
	if !strings.Contains(row, "suspended") || !strings.Contains(row, "NEW") || strings.Contains(row, "\x1b") {
		t.Fatalf("row not updated (or not sanitised): %q", row)
	}
	if prev.items[1].Status != api.StatusActive {
		t.Fatal("the previous snapshot was modified in place")
	}
	if id, _, _ := m.strategiesTab().pane.tbl.selected(); id != 1 {
		t.Fatalf("selection moved to %d", id)
	}
}

// fakeOverlay records keys and closes on "n".
type fakeOverlay struct{ keys *[]string }

func (o fakeOverlay) Update(k tea.KeyMsg) (overlay, decision) {
	*o.keys = append(*o.keys, k.String())
	return o, decision{close: k.String() == "n"}
}

func (o fakeOverlay) View(w, h int) string { return "DIALOG " + itoa(int64(w)) + "x" + itoa(int64(h)) }

func (o fakeOverlay) Help() ui.HelpMap { return ui.HelpMap{} }

func (o fakeOverlay) shown() shownDialog { return shownDialog{kind: "fake"} }

func TestOverlayTakesKeysUntilItCloses(t *testing.T) {
	m, _, _ := newTestModel(t)
	var got []string
	m.acts.overlay = fakeOverlay{keys: &got}
	m, cmd := press(m, "q", "2", "n")
	for _, msg := range runCmd(cmd) {
		if _, ok := msg.(tea.QuitMsg); ok {
			t.Fatal("q quit while a dialog was open")
		}
	}
	if strings.Join(got, ",") != "q,2,n" || m.active != tabOverview {
		t.Fatalf("overlay got %v, active tab %d", got, m.active)
	}
	if m.acts.overlay != nil || strings.Contains(m.View(), "DIALOG") {
		t.Fatal("overlay did not close")
	}
	m.acts.overlay = fakeOverlay{keys: &got}
	if !strings.Contains(m.View(), "DIALOG 120x36") {
		t.Fatal("overlay not drawn over the body")
	}
}

func TestUserFlagChoosesAtStart(t *testing.T) {
	m, f, _ := newTestModel(t, WithUser("bob"))
	if m.strategiesTab().user != "bob" || m.tabs[tabPools].(poolsTab).user != "bob" || m.usersTab().chosen != "bob" {
		t.Fatal("--user did not reach every tab")
	}
	if !strings.Contains(m.View(), "user bob") {
		t.Fatal("header does not name the user")
	}
	_, cmd := press(m, "2")
	runCmd(cmd)
	if f.count("filtered") != 1 || f.count("strategies") != 0 {
		t.Fatalf("with a user the Strategies tab reads getFilteredStrategies (filtered %d, list %d)", f.count("filtered"), f.count("strategies"))
	}
}
