package model

import (
	"errors"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/api"
)

func TestFirstFrameBeforeAnyAnswer(t *testing.T) {
	f := newFakeAPI()
	m := New(t.Context(), f, WithClock(func() time.Time { return t0 }))
	if v := m.View(); !strings.Contains(v, "loading…") || !strings.Contains(v, "stratop") {
		t.Fatalf("frame before the window size should be a skeleton, got %q", v)
	}
	m, _ = m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	v := m.View()
	if !strings.Contains(v, "Overview") || !strings.Contains(v, "loading…") {
		t.Fatalf("first sized frame should show tabs and loading, got:\n%s", v)
	}
	if got := f.count("stats") + f.count("strategies"); got != 0 {
		t.Fatalf("New and View must not call the API; %d calls", got)
	}
	if n := strings.Count(v, "\n") + 1; n != 24 {
		t.Fatalf("frame has %d lines, want 24", n)
	}
	// Init carries the first fetches: stats and the Overview's counts.
	msgs := fetched(runCmd(m.Init()))
	owners := map[feedID]bool{}
	for _, r := range msgs {
		owners[r.feed] = true
	}
	if !owners[feedStats] || !owners[feedCounts] || len(owners) != 2 {
		t.Fatalf("Init fetched %v, want stats and counts only", owners)
	}
}

func TestStaleReplyIsDropped(t *testing.T) {
	m, _, _ := newTestModel(t)
	m, _ = press(m, "2")
	old := pageReply(m, strat(1, api.StatusActive))
	// A filter change while the first fetch is in flight.
	m, _ = press(m, "f", "down", "enter")
	if m.strategiesTab().filter[fieldStatus] != string(api.StatusActive) {
		t.Fatalf("filter not applied: %v", m.strategiesTab().filter)
	}
	m, cmd := m.Update(old)
	if m.strategiesTab().pane.list.data != nil {
		t.Fatal("reply for the old filter was applied")
	}
	// Dropping it starts the fetch for the new filter at once.
	var saw bool
	for _, r := range fetched(runCmd(cmd)) {
		if r.feed == feedStrategies && r.gen == m.strategiesTab().pane.list.gen {
			saw = true
		}
	}
	if !saw {
		t.Fatal("no fetch for the current filter after the stale reply")
	}
}

func TestSelectionFollowsID(t *testing.T) {
	m, _, _ := newTestModel(t)
	m, _ = press(m, "2")
	m, _ = m.Update(pageReply(m, strat(5, api.StatusActive), strat(4, api.StatusActive), strat(3, api.StatusActive)))
	m, _ = press(m, "down") // id 4
	if id, _, _ := m.strategiesTab().pane.tbl.selected(); id != 4 {
		t.Fatalf("selected %d, want 4", id)
	}
	// A new strategy arrives on top: the cursor stays on id 4.
	m, _ = m.Update(pageReply(m, strat(6, api.StatusActive), strat(5, api.StatusActive), strat(4, api.StatusActive), strat(3, api.StatusActive)))
	tb := m.strategiesTab().pane.tbl
	if id, _, _ := tb.selected(); id != 4 || tb.cursor != 2 {
		t.Fatalf("after refresh selected %d at %d, want 4 at 2", id, tb.cursor)
	}
	if !strings.Contains(lineWith(m.View(), ">"), " 4 ") {
		t.Fatalf("cursor row is not strategy 4: %q", lineWith(m.View(), ">"))
	}
	if !strings.Contains(m.View(), "row 3 of 4") {
		t.Fatalf("the page line does not say where the cursor is:\n%s", m.View())
	}
	// Id 4 goes away: the cursor goes to the top, and the tab says so
	// until the cursor moves.
	m, _ = m.Update(pageReply(m, strat(6, api.StatusActive), strat(5, api.StatusActive), strat(3, api.StatusActive)))
	if id, _, _ := m.strategiesTab().pane.tbl.selected(); id != 6 {
		t.Fatalf("after removal selected %d, want 6 (the top)", id)
	}
	if !strings.Contains(m.View(), "row 1 of 3 · selected strategy not shown") {
		t.Fatalf("the loss is not said:\n%s", m.View())
	}
	m, _ = press(m, "down")
	if strings.Contains(m.View(), "not shown") || !strings.Contains(m.View(), "row 2 of 3") {
		t.Fatalf("after a move:\n%s", m.View())
	}
}

func TestBackoffGrowsToCapAndRecovers(t *testing.T) {
	m, _, c := newTestModel(t)
	m, _ = press(m, "2")
	m, _ = m.Update(pageReply(m, strat(1, api.StatusActive)))
	firstChange := m.strategiesTab().pane.list.changedAt
	netErr := &api.TransportError{Op: "dial", Host: "api.test", Err: errors.New("connection refused")}
	want := []time.Duration{10, 20, 40, 60, 60}
	for i, w := range want {
		c.Add(time.Second)
		m, _ = m.Update(fetchedMsg{session: m.env.session, feed: feedStrategies, gen: m.strategiesTab().pane.list.gen, err: netErr})
		if got := m.strategiesTab().pane.list.delay; got != w*time.Second {
			t.Fatalf("failure %d: delay %v, want %v", i+1, got, w*time.Second)
		}
	}
	v := m.View()
	if !strings.Contains(v, "STALE 5s") || !strings.Contains(v, "cannot reach api.test") {
		t.Fatalf("stale badge with age and reason missing:\n%s", lineWith(v, "updated"))
	}
	if !strings.Contains(v, " 1 ") {
		t.Fatal("last good data should stay visible while stale")
	}
	// Recovery: the next good answer resets the delay and clears the badge;
	// the "updated" time moves although the data is the same.
	c.Add(time.Second)
	m, _ = m.Update(pageReply(m, strat(1, api.StatusActive)))
	l := m.strategiesTab().pane.list
	if l.delay != 5*time.Second || l.err != nil || l.failures != 0 {
		t.Fatalf("after recovery delay %v err %v failures %d", l.delay, l.err, l.failures)
	}
	if !l.changedAt.After(firstChange) || strings.Contains(m.View(), "STALE") {
		t.Fatal("recovery should clear the stale badge and move the updated time")
	}
}

func TestRetryAfterStretchesBackoff(t *testing.T) {
	m, _, _ := newTestModel(t)
	m, _ = press(m, "2")
	rl := &api.Error{StatusCode: 429, RetryAfter: 45 * time.Second}
	m, _ = m.Update(fetchedMsg{session: m.env.session, feed: feedStrategies, gen: m.strategiesTab().pane.list.gen, err: rl})
	if got := m.strategiesTab().pane.list.delay; got != 45*time.Second {
		t.Fatalf("delay %v, want the server's 45s", got)
	}
}

func TestUnchangedPollKeepsFrameAndUpdatedTime(t *testing.T) {
	m, _, c := newTestModel(t)
	m, _ = press(m, "2")
	m, _ = m.Update(pageReply(m, strat(1, api.StatusActive), strat(2, api.StatusPaused)))
	before := m.View()
	if !strings.Contains(before, "read just now · changed 12:30:45") {
		t.Fatalf("data age missing: %q", lineWith(before, "changed"))
	}
	c.Add(7 * time.Second)
	// The display clock moves the read age, and nothing else.
	m, _ = m.Update(clockMsg{gen: m.clock.gen})
	aged := m.View()
	if !strings.Contains(aged, "read 7s ago · changed 12:30:45") {
		t.Fatalf("read age did not move: %q", lineWith(aged, "changed"))
	}
	// The fetch command returns the previous snapshot when nothing changed:
	// it was read, it did not change.
	prev := m.strategiesTab().pane.list.data
	m, _ = m.Update(fetchedMsg{session: m.env.session, feed: feedStrategies, gen: m.strategiesTab().pane.list.gen, data: prev})
	if after := m.View(); after != before {
		t.Fatalf("unchanged poll changed more than the read age:\n%s\n---\n%s", before, after)
	}
	// A changed value moves the changed time.
	s := strat(2, api.StatusActive)
	m, _ = m.Update(pageReply(m, strat(1, api.StatusActive), s))
	if !strings.Contains(m.View(), "changed 12:30:52") {
		t.Fatalf("changed time did not move: %q", lineWith(m.View(), "changed"))
	}
}

func TestUnchangedDataIsDetectedInTheCommand(t *testing.T) {
	m, f, _ := newTestModel(t)
	f.strategies = []api.Strategy{strat(1, api.StatusActive)}
	m, cmd := press(m, "2")
	for _, r := range fetched(runCmd(cmd)) {
		m, _ = m.Update(r)
	}
	first := m.strategiesTab().pane.list.data
	if first == nil {
		t.Fatal("no data after the first fetch")
	}
	_, cmd = press(m, "ctrl+r")
	for _, r := range fetched(runCmd(cmd)) {
		if r.feed == feedStrategies && r.data.(*strategiesData) != first {
			t.Fatal("an unchanged page should come back as the previous snapshot")
		}
	}
}

func TestFilterSurvivesRefresh(t *testing.T) {
	m, f, _ := newTestModel(t)
	f.strategies = []api.Strategy{strat(1, api.StatusPaused)}
	m, cmd := press(m, "2")
	m = deliver(m, cmd)
	// status: active -> suspended -> paused; category: buy.
	m, cmd = press(m, "f", "down", "down", "down", "right", "down", "enter")
	m = deliver(m, cmd)
	m, cmd = press(m, "ctrl+r")
	m = deliver(m, cmd)
	f.mu.Lock()
	last := f.filters[len(f.filters)-1]
	f.mu.Unlock()
	if last.Status != api.StatusPaused || last.Category != "buy" || last.Page != 1 {
		t.Fatalf("refresh lost the filter: %+v", last)
	}
	if !strings.Contains(m.View(), "status paused, category buy") {
		t.Fatalf("page line does not name the filters: %q", lineWith(m.View(), "page"))
	}
}

func TestOneFetchInFlightPerOwner(t *testing.T) {
	m, f, _ := newTestModel(t)
	m, c1 := press(m, "2")
	_, c2 := press(m, "ctrl+r", "ctrl+r")
	runCmd(c1)
	runCmd(c2)
	if n := f.count("strategies"); n != 1 {
		t.Fatalf("%d list fetches in flight, want 1", n)
	}
}

func TestOnlyTheVisibleTabPolls(t *testing.T) {
	m, _, _ := newTestModel(t)
	m, _ = press(m, "2")
	m, _ = m.Update(pageReply(m, strat(1, api.StatusActive)))
	tick := m.strategiesTab().pane.list.tick
	m, _ = press(m, "3") // Strategies hidden
	if _, cmd := m.Update(pollMsg{feed: feedStrategies, tick: tick}); cmd != nil {
		t.Fatal("a hidden tab's poll started a fetch")
	}
}

func TestTabShownAgainRefreshesWhenDue(t *testing.T) {
	m, f, c := newTestModel(t)
	m, _ = press(m, "2")
	m, _ = m.Update(pageReply(m, strat(1, api.StatusActive)))
	m, _ = press(m, "3")
	c.Add(2 * time.Second)
	m, cmd := press(m, "2")
	runCmd(cmd)
	if n := f.count("strategies"); n != 0 {
		t.Fatalf("data 2s old was fetched again (%d)", n)
	}
	m, _ = press(m, "3")
	c.Add(4 * time.Second)
	_, cmd = press(m, "2")
	runCmd(cmd)
	if n := f.count("strategies"); n != 1 {
		t.Fatalf("data 6s old was not refreshed (%d fetches)", n)
	}
}

func TestErrorsInPlainWords(t *testing.T) {
	m, _, _ := newTestModel(t)
	e401 := &api.Error{StatusCode: 401}
	m, _ = m.Update(fetchedMsg{session: m.env.session, feed: feedStats, gen: m.stats.gen, err: e401, attempts: []attempt{{at: t0, err: e401}}})
	m, _ = m.Update(fetchedMsg{session: m.env.session, feed: feedCounts, gen: m.tabs[tabOverview].(overviewTab).counts.gen, err: e401,
		attempts: []attempt{{at: t0, err: e401}}})
	if v := m.View(); !strings.Contains(v, "credentials rejected: run stratop login / check STRATOP_API_KEY") {
		t.Fatalf("401 not explained:\n%s", v)
	}
	if h := m.health; h.failures != 2 {
		t.Fatalf("consecutive errors %d, want 2", h.failures)
	}
}
