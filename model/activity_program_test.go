package model

import (
	"bytes"
	"io"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/audit"
	"github.com/stratop/stratop/watch"
)

// streamTap is the program's output stream for notifications, as the
// command line passes one termout writer to Bubble Tea and to WithTerminal.
// The test harness builds the model before teatest makes its output, so the
// tap is pointed at it once it exists.
type streamTap struct {
	mu  sync.Mutex
	out io.Writer
}

func (s *streamTap) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.out == nil {
		return 0, io.ErrClosedPipe
	}
	return s.out.Write(p)
}

func (s *streamTap) attach(w io.Writer) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.out = w
}

// stream is everything the program wrote so far (frames and notifications).
func (a *app) stream() []byte {
	var b bytes.Buffer
	_, _ = io.Copy(&b, a.tm.Output())
	a.written = append(a.written, b.Bytes()...)
	return a.written
}

// oscSeq is an operating system command (a window title, a link): its BEL
// terminator rings nothing.
var oscSeq = regexp.MustCompile("\x1b\\][^\x07\x1b]*(\x07|\x1b\\\\)")

// bells counts the BEL bytes that ring: those outside an OSC sequence.
func bells(stream []byte) int {
	return bytes.Count(oscSeq.ReplaceAll(stream, nil), []byte{'\a'})
}

// waitMoreHits waits until the sandbox served pattern n more times than now.
func (a *app) waitMoreHits(pattern string, n int) {
	a.t.Helper()
	want := a.sb.Hits(pattern) + n
	deadline := time.Now().Add(10 * time.Second)
	for a.sb.Hits(pattern) < want {
		if time.Now().After(deadline) {
			a.t.Fatalf("waiting for %d more %s", n, pattern)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

func TestProgramActivityShowsAChangeBehindTheDashboardsBackOnce(t *testing.T) {
	// A long interval: the list is read when shown and on ctrl+r only, so
	// "within one poll" is exactly one read.
	var e envOf
	a := startApp(t, 120, 40, WithInterval(time.Hour), e.capture)
	e.waitMoversRead(t, a.frame) // its reads of the halted statuses are not the change's
	a.keys("2")
	a.waitReady("page 1 of 3")
	target := a.firstRows(1)[0]
	next := api.StatusPaused
	if target.Status == next {
		next = api.StatusActive
	}
	a.setStatus(target.ID, next)
	before := a.sb.Hits(routeStrategies)
	a.keys("ctrl+r")
	a.waitText("Activity (1)")
	if polls := a.sb.Hits(routeStrategies) - before; polls != 1 {
		t.Fatalf("the change took %d reads, want 1", polls)
	}
	a.keys("5")
	change := string(target.Status) + " -> " + string(next)
	a.waitText(change, "1 entry")
	row := lineWith(a.frame(), change)
	if !strings.Contains(row, " "+itoa(target.ID)+" ") || !strings.Contains(row, "status") {
		t.Fatalf("the line is not strategy %d's status change: %q", target.ID, row)
	}
	if strings.Contains(a.frame(), "Activity (") {
		t.Errorf("the unseen count stays on the title while the Activity is shown")
	}
	// More reads of the same state add nothing.
	a.keys("2", "ctrl+r", "ctrl+r")
	a.waitMoreHits(routeStrategies, 0)
	a.waitReady("page 1 of 3")
	a.keys("5")
	a.waitReady("1 entry")
	if n := strings.Count(a.frame(), change); n != 1 {
		t.Fatalf("the change shows %d times, want once:\n%s", n, a.frame())
	}
}

func TestProgramWatchedChangeRingsTheBellOnce(t *testing.T) {
	tap := &streamTap{}
	state := t.TempDir()
	a := startApp(t, 120, 40, WithNotify(NotifyBell), WithTerminal(tap), WithWatchStore(testWatchStore(state)))
	tap.attach(a.tm.Output().(io.Writer))
	a.keys("2")
	a.waitReady("page 1 of 3")
	rows := a.firstRows(3)
	target := rows[2]
	a.keys("down", "down", "w")
	a.waitFor("the watched mark", func(v string) bool { return strings.HasPrefix(lineWith(v, " "+itoa(target.ID)+" "), ">@") })
	// The watch is read at once; then the Pools tab, which shows no strategy.
	a.waitMoreHits("GET /api/v1/strategies/{strategyId}", 1)
	a.keys("3")
	a.waitReady("Pools")
	if n := bells(a.stream()); n != 0 {
		t.Fatalf("%d bells before any change", n)
	}
	next := api.StatusPaused
	if target.Status == next {
		next = api.StatusActive
	}
	a.setStatus(target.ID, next)
	a.waitText("Activity (1)")
	// Several more polls of the watch: still one bell.
	a.waitMoreHits("GET /api/v1/strategies/{strategyId}", 4)
	if n := bells(a.stream()); n != 1 {
		t.Fatalf("%d bells in the byte stream, want 1", n)
	}
	a.keys("5")
	a.waitText(string(target.Status) + " -> " + string(next))
	row := lineWith(a.frame(), string(target.Status)+" -> "+string(next))
	if !strings.HasPrefix(row, ">@") && !strings.HasPrefix(row, " @") {
		t.Errorf("the watched change is not marked: %q", row)
	}
	// The watch was saved for the profile.
	if w, err := testWatchStore(state).Load(); err != nil || len(w.Strategies) != 1 || w.Strategies[0] != target.ID {
		t.Errorf("saved watches %+v, %v", w, err)
	}
}

func TestProgramActionAppearsInTheFeedAndTheAuditLog(t *testing.T) {
	path := filepath.Join(t.TempDir(), "stratop", "audit.jsonl")
	j, err := audit.Open(path, "demo", "sandbox.test")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = j.Close() })
	a, id := openStrategies(t, api.StatusActive, nil, WithJournal(j), WithAuditPath(path))
	a.keys("h")
	a.waitText("Halt strategy " + itoa(id) + "?")
	a.typeText(itoa(id))
	a.keys("enter")
	a.waitText("strategy " + itoa(id) + ": done, now paused")
	a.keys("5")
	a.waitText("halt: done (dashboard)")
	row := lineWith(a.frame(), "halt: done (dashboard)")
	if !strings.Contains(row, "action") || !strings.Contains(row, " "+itoa(id)+" ") || !strings.Contains(row, "active -> paused") {
		t.Errorf("the action line: %q", row)
	}
	recs, err := audit.Read(path, time.Time{})
	if err != nil || len(recs) != 1 || recs[0].Outcome != audit.OutcomeDone || recs[0].Action != "halt" || recs[0].StrategyIDs[0] != id {
		t.Fatalf("audit log: %+v, %v; want the halt, done", recs, err)
	}
}

func TestActivityWordsEveryOutcome(t *testing.T) {
	e := newEnv(t.Context(), newFakeAPI(), []Option{WithClock(func() time.Time { return t0 })}, nil)
	e.loadWatches()
	at := t0.Add(-time.Minute)
	rec := func(seq string, o audit.Outcome, errText string, pending bool) audit.Record {
		return audit.Record{Entry: audit.Entry{Seq: seq, Time: at, Source: "cli", Action: "halt", StrategyIDs: []int64{7},
			StateBefore: api.StatusActive, Expected: api.StatusPaused, Outcome: o, Error: errText}, Pending: pending}
	}
	d := &auditData{records: []audit.Record{
		rec("1", audit.OutcomeDone, "", false),
		rec("2", audit.OutcomeRefused, "strategy is not active (400)", false),
		rec("3", audit.OutcomeFailed, "server error (500)\x1b[31m", false),
		rec("4", audit.OutcomeUnknown, "timeout", false),
		rec("5", audit.OutcomeUnknown, "", true),
	}}
	tb := newActivityTab(e).applyAudit(d)
	want := []string{
		"halt: done (cli)",
		"halt: refused: strategy is not active (400) (cli)",
		"halt: failed: server error (500) (cli)",
		"halt: outcome unknown (cli)",
		"halt: outcome unknown (no outcome recorded) (cli)",
	}
	if tb.feed.len() != len(want) {
		t.Fatalf("%d entries, want %d", tb.feed.len(), len(want))
	}
	for i, w := range want {
		e := tb.feed.at(len(want) - 1 - i).entry
		if e.Note != w || e.Kind != "action" || e.Strategy != 7 {
			t.Errorf("entry %d: %+v, want note %q", i, e, w)
		}
	}
	// Read again unchanged: nothing new. The pending one still awaited
	// by its sender, then finishing: the same one line, updated.
	tb = tb.applyAudit(d)
	waiting := &auditData{records: d.records, inFlight: map[string]bool{"5": true}}
	tb = tb.applyAudit(waiting)
	if tb.feed.len() != len(want) || tb.feed.at(0).entry.Note != "halt: sent, waiting for the answer (cli)" || tb.feed.at(0).entry.Outcome != "" {
		t.Fatalf("while its sender waits: %d entries, newest %+v", tb.feed.len(), tb.feed.at(0).entry)
	}
	d2 := &auditData{records: append(append([]audit.Record(nil), d.records[:4]...), rec("5", audit.OutcomeDone, "", false))}
	tb = tb.applyAudit(d2)
	if tb.feed.len() != len(want) || tb.feed.at(0).entry.Note != "halt: done (cli)" {
		t.Fatalf("after the outcome arrived: %d entries, newest %+v", tb.feed.len(), tb.feed.at(0).entry)
	}
}

func TestOneNotificationPerObservation(t *testing.T) {
	var out bytes.Buffer
	for _, tc := range []struct{ mode, mux, want string }{
		{NotifyBell, "", "\a"},
		{NotifyBell, "tmux", "\a"},
		{NotifyOSC, "", "\x1b]9;stratop prod-eu: status strategy 1 user u1 active -> paused\x1b\\"},
		{NotifyOSC, "tmux", "\x1bPtmux;\x1b\x1b]9;stratop prod-eu: status strategy 1 user u1 active -> paused\x1b\x1b\\\x1b\\"},
		{NotifyOSC777, "", "\x1b]777;notify;stratop;stratop prod-eu: status strategy 1 user u1 active -> paused\x1b\\"},
		{NotifyNone, "", ""},
	} {
		out.Reset()
		e := newEnv(t.Context(), newFakeAPI(), []Option{WithClock(func() time.Time { return t0 }),
			WithNotify(tc.mode), WithTerminal(&out), WithMultiplexer(tc.mux), WithProfile("prod-eu")}, nil)
		e.watchStart = watchSetOf(watch.WatchList{Strategies: []int64{1, 2}})
		tb := newActivityTab(e)
		if _, _, changed := tb.Observe(watchedPage(watch.Span{First: 1, Last: 2}, strat(1, api.StatusActive), strat(2, api.StatusActive))); changed {
			t.Fatalf("%s: the first sight changed the feed", tc.mode)
		}
		// Both watched strategies change in one poll: one notification.
		tt, cmd, changed := tb.Observe(watchedPage(watch.Span{First: 3, Last: 4}, strat(1, api.StatusPaused), strat(2, api.StatusPaused)))
		if !changed {
			t.Fatalf("%s: two changes did not change the feed", tc.mode)
		}
		if cmd != nil {
			cmd()
		}
		if got := tt.(activityTab).feed.len(); got != 2 {
			t.Fatalf("%s: %d entries, want 2", tc.mode, got)
		}
		if out.String() != tc.want {
			t.Errorf("%s wrote %q, want %q", tc.mode, out.String(), tc.want)
		}
	}
}

func TestProgramWatchedUsersStrategiesArchivedAndChanged(t *testing.T) {
	tap := &streamTap{}
	a := startApp(t, 120, 40, WithNotify(NotifyBell), WithTerminal(tap))
	tap.attach(a.tm.Output().(io.Writer))
	user, _ := a.busiestUser(api.StatusActive)
	a.selectUser(user)
	a.keys("w")
	a.waitFor("the watched user's mark", func(v string) bool {
		return strings.HasPrefix(selectedLine(v), ">@") && strings.Contains(selectedLine(v), user)
	})
	// Read once as a baseline, then the Pools tab.
	a.waitMoreHits("POST /api/v1/strategies/getFilteredStrategies", 1)
	a.keys("3")
	a.waitReady("Pools")
	var active []api.Strategy
	for _, s := range a.strategiesOf(user) {
		if s.Status == api.StatusActive {
			active = append(active, s)
		}
	}
	gone, halted := active[0], active[1]
	a.setStatus(gone.ID, api.StatusArchived) // leaves the user's list
	a.setStatus(halted.ID, api.StatusPaused)
	// Two changes of the watched user's strategies, and the header's count
	// of strategies (the archived one is no longer counted).
	a.waitText("Activity (3)")
	a.keys("5")
	a.waitText("vanished", "active -> archived", "active -> paused", "strategies 52 -> 51")
	if row := lineWith(a.frame(), "active -> archived"); !strings.Contains(row, " "+itoa(gone.ID)+" ") || !strings.Contains(row, user) {
		t.Errorf("the archived line is not strategy %d of %s: %q", gone.ID, user, row)
	}
	a.waitMoreHits("POST /api/v1/strategies/getFilteredStrategies", 3)
	if n := bells(a.stream()); n < 1 || n > 2 {
		t.Errorf("%d bells for two changes, want one per poll that saw a change", n)
	}
	if n := strings.Count(a.frame(), "active -> archived"); n != 1 {
		t.Errorf("the archived strategy is reported %d times", n)
	}
}

func TestProgramEnterGoesToTheStrategy(t *testing.T) {
	a := startApp(t, 120, 40, WithInterval(time.Hour))
	a.keys("2")
	a.waitReady("page 1 of 3")
	target := a.firstRows(3)[2]
	next := api.StatusPaused
	if target.Status == next {
		next = api.StatusActive
	}
	a.setStatus(target.ID, next)
	a.keys("ctrl+r")
	a.waitText("Activity (1)")
	a.keys("5")
	a.waitText(string(target.Status) + " -> " + string(next))
	a.keys("enter")
	a.waitFor("strategy "+itoa(target.ID)+" selected", func(v string) bool {
		return strings.Contains(v, "[2 Strategies]") && strings.Contains(selectedLine(v), " "+itoa(target.ID)+" ")
	})
}

func TestAuditHistoryIsShownButNotCountedAsUnseen(t *testing.T) {
	e := newEnv(t.Context(), newFakeAPI(), []Option{WithClock(func() time.Time { return t0 })}, nil)
	e.loadWatches()
	rec := func(seq string) audit.Record {
		return audit.Record{Entry: audit.Entry{Seq: seq, Time: t0, Action: "halt", StrategyIDs: []int64{7}, Outcome: audit.OutcomeDone}}
	}
	tb := newActivityTab(e).applyAudit(&auditData{records: []audit.Record{rec("1"), rec("2")}})
	if tb.feed.len() != 2 || tb.Badge() != 0 {
		t.Fatalf("history: %d lines, %d unseen; want 2 lines, none unseen", tb.feed.len(), tb.Badge())
	}
	tb = tb.applyAudit(&auditData{records: []audit.Record{rec("1"), rec("2"), rec("3")}})
	if tb.feed.len() != 3 || tb.Badge() != 1 {
		t.Fatalf("an action after start: %d lines, %d unseen; want 3 and 1", tb.feed.len(), tb.Badge())
	}
}

func TestJumpToAUserChoosesItOnTheUsersTab(t *testing.T) {
	m, _, _ := newTestModel(t)
	m, _ = m.Update(jumpMsg{user: "u7"})
	if m.chosen != "u7" || m.active != m.owners[feedUsers] {
		t.Fatalf("after the jump: chosen %q, tab %d; want u7 on the Users tab (%d)", m.chosen, m.active, m.owners[feedUsers])
	}
	m, _ = m.Update(jumpMsg{strategy: 12})
	if m.active != m.owners[feedStrategies] {
		t.Fatalf("a strategy's jump shows tab %d, want Strategies (%d)", m.active, m.owners[feedStrategies])
	}
}

// watchedPage is a read of the watched strategies by id.
func watchedPage(s watch.Span, list ...api.Strategy) watch.Observation {
	return watch.Observation{Source: watch.SourceWatch, Span: s, Complete: true, Strategies: watch.Each(list)}
}
