package alert

import (
	"context"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/jonboulle/clockwork"

	"github.com/stratop/stratop/config"
	"github.com/stratop/stratop/watch"
)

func rule(t *testing.T, name, when, where, sev string, group time.Duration, to ...string) config.AlertRule {
	t.Helper()
	f, err := config.ParseFilter(where)
	if err != nil {
		t.Fatal(err)
	}
	return config.AlertRule{Name: name, When: when, Where: f, Severity: sev, To: to, Group: group}
}

func status(id string, strategy int64, before, after string) watch.Event {
	return watch.Event{ID: id, Kind: watch.KindStatus, Strategy: strategy, User: "u1", Pool: "ETH/USDC",
		Chain: 4663, Before: before, After: after}
}

// start builds an engine on dir and runs it until the test ends (or stop
// is called).
func start(t *testing.T, o Options) (e *Engine, stop func()) {
	t.Helper()
	if o.Backoff == 0 {
		o.Backoff, o.MaxBackoff = 5*time.Millisecond, 40*time.Millisecond
	}
	if o.Tick == 0 {
		o.Tick = 10 * time.Millisecond
	}
	e, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { e.Run(ctx); close(done) }()
	stopped := false
	stop = func() {
		if !stopped {
			stopped = true
			cancel()
			<-done
		}
	}
	t.Cleanup(stop)
	return e, stop
}

func TestRoutingBySeverityAndFilter(t *testing.T) {
	pager, chat := newReceiver(t, "k1"), newReceiver(t, "k2")
	e, _ := start(t, Options{Dir: t.TempDir(),
		Rules: []config.AlertRule{
			rule(t, "halted", "strategy.status", "after in ['paused','completed']", "urgent", 0, "pager", "chat"),
			rule(t, "appeared", "strategy.appeared", "", "info", 0, "chat"),
		},
		Sinks: map[string]Sink{"pager": pager.sink(t, "pager"), "chat": chat.sink(t, "chat")}})
	e.Handle(status("e1", 1, "active", "paused"))
	e.Handle(status("e2", 2, "paused", "active")) // no rule
	e.Handle(watch.Event{ID: "e3", Kind: watch.KindAppeared, Strategy: 3, After: "active"})
	e.Handle(watch.Event{ID: "e4", Kind: watch.KindCounts, Status: "paused", Before: "1", After: "2"}) // no rule

	pager.waitFor(1)
	chat.waitFor(2)
	p := pager.settle()
	if len(p) != 1 || p[0].Rule != "halted" || p[0].Severity != "urgent" || p[0].Events[0].ID != "e1" {
		t.Fatalf("pager got %+v", p)
	}
	c := chat.settle()
	if len(c) != 2 || c[0].Rule != "halted" || c[1].Rule != "appeared" || c[1].Severity != "info" {
		t.Fatalf("chat got %+v", c)
	}
	if !strings.Contains(p[0].Title, "strategy 1") || !strings.Contains(p[0].Title, "active -> paused") {
		t.Errorf("title: %q", p[0].Title)
	}
	st := e.Stats()
	if st.Alerts[RuleKey{"halted", "urgent"}] != 1 || st.Alerts[RuleKey{"appeared", "info"}] != 1 || st.Events["counts"] != 1 {
		t.Errorf("stats: %+v", st)
	}
}

func TestBurstInsideWindowIsOneMessage(t *testing.T) {
	rcv := newReceiver(t, "k")
	clock := clockwork.NewFakeClock()
	e, _ := start(t, Options{Dir: t.TempDir(), Clock: clock, Tick: time.Hour,
		Rules: []config.AlertRule{rule(t, "halted", "strategy.status", "after = 'paused'", "urgent", time.Minute, "s")},
		Sinks: map[string]Sink{"s": rcv.sink(t, "s")}})
	for i := range 25 {
		e.Handle(status(fmt.Sprint("b", i), int64(100+i), "active", "paused"))
		clock.Advance(time.Second)
	}
	e.Tick(clock.Now()) // 25 s into the window: still open
	if got := rcv.settle(); len(got) != 0 {
		t.Fatalf("sent before the window closed: %d", len(got))
	}
	clock.Advance(40 * time.Second)
	e.Tick(clock.Now())
	rcv.waitFor(1)
	m := rcv.settle()
	if len(m) != 1 || m[0].Count != 25 || len(m[0].Events) != 25 {
		t.Fatalf("got %d messages, first %+v", len(m), m)
	}
	if !strings.Contains(m[0].Title, "25 events") || !strings.Contains(m[0].Body, "… and 5 more") ||
		strings.Count(m[0].Body, "strategy.status") != maxListed {
		t.Errorf("message: %q\n%s", m[0].Title, m[0].Body)
	}
	// The next event opens a new window.
	e.Handle(status("b-next", 999, "active", "paused"))
	clock.Advance(time.Minute)
	e.Tick(clock.Now())
	if m = rcv.waitFor(2); m[1].Count != 1 {
		t.Errorf("second burst: %+v", m[1])
	}
}

func TestNoEventAlertedTwiceAcrossRestart(t *testing.T) {
	rcv := newReceiver(t, "k")
	dir := t.TempDir()
	clock := clockwork.NewFakeClock()
	o := Options{Dir: dir, Clock: clock, Tick: time.Hour,
		Rules: []config.AlertRule{
			rule(t, "halted", "strategy.status", "", "urgent", 0, "s"),
			rule(t, "grouped", "strategy.appeared", "", "info", time.Minute, "s"),
		},
		Sinks: map[string]Sink{"s": rcv.sink(t, "s")}}
	e, stop := start(t, o)
	e.Handle(status("r1", 1, "active", "paused"))
	e.Handle(watch.Event{ID: "g1", Kind: watch.KindAppeared, Strategy: 5})
	rcv.waitFor(1)
	stop() // a burst is still inside its window

	e2, _ := start(t, o)
	e2.Handle(status("r1", 1, "active", "paused"))                          // the watcher repeats it after its restart
	e2.Handle(watch.Event{ID: "g1", Kind: watch.KindAppeared, Strategy: 5}) // repeated too
	e2.Handle(status("r2", 2, "active", "paused"))
	clock.Advance(time.Minute)
	e2.Tick(clock.Now())
	rcv.waitFor(3)
	got := rcv.settle()
	var ids []string
	for _, m := range got {
		for _, ev := range m.Events {
			ids = append(ids, ev.ID)
		}
	}
	sort.Strings(ids)
	if !reflect.DeepEqual(ids, []string{"g1", "r1", "r2"}) {
		t.Fatalf("events sent: %v (want each once)", ids)
	}
}

func TestOutboxDeliversEverythingInOrderOnceAfterOutage(t *testing.T) {
	rcv := newReceiver(t, "k")
	other := newReceiver(t, "k")
	rcv.down.Store(true)
	dir := t.TempDir()
	o := Options{Dir: dir,
		Rules: []config.AlertRule{rule(t, "all", "strategy.status", "", "urgent", 0, "s", "other")},
		Sinks: map[string]Sink{"s": rcv.sink(t, "s"), "other": other.sink(t, "other")}}
	e, stop := start(t, o)
	for i := range 30 {
		e.Handle(status(fmt.Sprint("o", i), int64(i), "active", "paused"))
	}
	other.waitFor(30) // a sink that is down delays no other
	if st := e.Stats(); st.Outbox["s"] != 30 || st.Failures["s"] == 0 {
		t.Errorf("while down: outbox %d, failures %d", st.Outbox["s"], st.Failures["s"])
	}
	stop() // and a restart while it is down: the outbox is on disk
	e, _ = start(t, o)
	for i := 30; i < 50; i++ {
		e.Handle(status(fmt.Sprint("o", i), int64(i), "active", "paused"))
	}
	time.Sleep(50 * time.Millisecond)
	rcv.down.Store(false)
	rcv.waitFor(50)
	got := rcv.settle()
	if len(got) != 50 {
		t.Fatalf("got %d messages, want 50", len(got))
	}
	for i, m := range got {
		if m.Events[0].ID != fmt.Sprint("o", i) {
			t.Fatalf("message %d is event %s: out of order", i, m.Events[0].ID)
		}
	}
	if rcv.bad != 0 {
		t.Errorf("%d bodies failed the signature check", rcv.bad)
	}
	if st := e.Stats(); st.Outbox["s"] != 0 || st.Deliveries["s"] != 50 {
		t.Errorf("after: %+v", st)
	}
}

func TestOutboxBoundDropsAndSaysHowMany(t *testing.T) {
	rcv := newReceiver(t, "")
	rcv.down.Store(true)
	e, _ := start(t, Options{Dir: t.TempDir(), MaxOutbox: 5,
		Rules: []config.AlertRule{rule(t, "all", "strategy.status", "", "urgent", 0, "s")},
		Sinks: map[string]Sink{"s": rcv.sink(t, "s")}})
	for i := range 8 {
		e.Handle(status(fmt.Sprint("d", i), int64(i), "active", "paused"))
	}
	if st := e.Stats(); st.Dropped["s"] != 3 {
		t.Fatalf("dropped %d, want 3", st.Dropped["s"])
	}
	rcv.down.Store(false)
	rcv.waitFor(6)
	got := rcv.settle()
	if len(got) != 6 || got[5].Kind != MsgDropped || !strings.Contains(got[5].Title, "3 messages were dropped") {
		t.Fatalf("got %d: last %+v", len(got), got[len(got)-1])
	}
	for i := range 5 {
		if got[i].Events[0].ID != fmt.Sprint("d", i) {
			t.Errorf("message %d: %s", i, got[i].Events[0].ID)
		}
	}
}

func TestHangingSinkDelaysNoOtherSinkNorTheWatcher(t *testing.T) {
	slow, fast := newReceiver(t, "k"), newReceiver(t, "k")
	slow.hang.Store(true)
	e, _ := start(t, Options{Dir: t.TempDir(), SendTimeout: 30 * time.Second,
		Rules: []config.AlertRule{rule(t, "all", "strategy.status", "", "urgent", 0, "slow", "fast")},
		Sinks: map[string]Sink{"slow": slow.sink(t, "slow"), "fast": fast.sink(t, "fast")}})
	begin := time.Now()
	for i := range 20 {
		e.Handle(status(fmt.Sprint("h", i), int64(i), "active", "paused"))
	}
	handled := time.Since(begin)
	fast.waitFor(20)
	if handled > 5*time.Second {
		t.Errorf("Handle took %s with a hanging sink", handled)
	}
	slow.hang.Store(false)
}

func TestAckAndSnooze(t *testing.T) {
	rcv := newReceiver(t, "k")
	dir := t.TempDir()
	clock := clockwork.NewFakeClock()
	e, _ := start(t, Options{Dir: dir, Clock: clock, Tick: time.Hour,
		Rules: []config.AlertRule{rule(t, "halted", "strategy.status", "", "urgent", 0, "s")},
		Sinks: map[string]Sink{"s": rcv.sink(t, "s")}})
	e.Handle(status("s1", 1, "active", "paused"))
	rcv.waitFor(1)
	// The command line edits the same directory while serve runs.
	cli := &Store{Dir: dir}
	b, err := cli.Board()
	if err != nil || len(b.Open) != 1 || b.Open[0].Rule != "halted" {
		t.Fatalf("board: %+v %v", b, err)
	}
	if err := cli.Ack(b.Open[0].ID); err != nil {
		t.Fatal(err)
	}
	if err := cli.Ack(b.Open[0].ID); err != ErrNoAlert {
		t.Errorf("a second ack: %v", err)
	}
	if err := cli.Snooze("halted", clock.Now().Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	e.Handle(status("s2", 2, "active", "paused"))
	if got := rcv.settle(); len(got) != 1 {
		t.Fatalf("a snoozed rule sent: %d messages", len(got))
	}
	b, _ = cli.Board()
	if len(b.Open) != 1 || !b.Open[0].Snoozed || !reflect.DeepEqual(b.SnoozedRules(clock.Now()), []string{"halted"}) {
		t.Errorf("board while snoozed: %+v", b)
	}
	clock.Advance(61 * time.Minute)
	if b.SnoozedRules(clock.Now()) != nil {
		t.Error("still snoozed after the hour")
	}
	e.Handle(status("s3", 3, "active", "paused"))
	if got := rcv.waitFor(2); got[1].Events[0].ID != "s3" {
		t.Errorf("after the snooze: %+v", got[1])
	}
	if st := e.Stats(); st.Snoozed["halted"] != 1 {
		t.Errorf("snoozed count: %v", st.Snoozed)
	}
}

func TestHeartbeatOnStoppedReadsAndRecovery(t *testing.T) {
	rcv := newReceiver(t, "k")
	clock := clockwork.NewFakeClock()
	e, _ := start(t, Options{Dir: t.TempDir(), Clock: clock, Tick: time.Hour, Interval: 5 * time.Second,
		Heartbeat: 3, HeartbeatTo: []string{"s"}, Sinks: map[string]Sink{"s": rcv.sink(t, "s")}})
	for range 4 { // reads succeed
		clock.Advance(5 * time.Second)
		e.Sample(clock.Now(), false)
		e.Tick(clock.Now())
	}
	for range 2 { // the server stopped: reads fail
		clock.Advance(5 * time.Second)
		e.Sample(clock.Now(), true)
		e.Tick(clock.Now())
	}
	if got := rcv.settle(); len(got) != 0 || e.Stats().Dead {
		t.Fatalf("dead-man message after 2 intervals: %+v", got)
	}
	clock.Advance(5 * time.Second)
	e.Sample(clock.Now(), true)
	e.Tick(clock.Now())
	e.Tick(clock.Now()) // once, not once per tick
	rcv.waitFor(1)
	got := rcv.settle()
	if len(got) != 1 || got[0].Kind != MsgHeartbeat || got[0].Severity != "urgent" ||
		!strings.Contains(got[0].Title, "no good read for 15s") || !e.Stats().Dead {
		t.Fatalf("dead-man: %+v", got)
	}
	clock.Advance(5 * time.Second)
	e.Sample(clock.Now(), false)
	e.Tick(clock.Now())
	got = rcv.waitFor(2)
	if !strings.Contains(got[1].Title, "reads succeed again after 20s") || e.Stats().Dead {
		t.Errorf("recovery: %+v", got[1])
	}
}

func TestDigestOnFakeClock(t *testing.T) {
	rcv := newReceiver(t, "k")
	loc := time.UTC
	clock := clockwork.NewFakeClockAt(time.Date(2026, 3, 2, 7, 0, 0, 0, loc))
	e, _ := start(t, Options{Dir: t.TempDir(), Clock: clock, Tick: time.Hour,
		Rules:  []config.AlertRule{rule(t, "halted", "strategy.status", "after = 'paused'", "urgent", 0, "pager")},
		Digest: &config.Daily{Hour: 8}, DigestTo: []string{"s"},
		Sinks: map[string]Sink{"s": rcv.sink(t, "s"), "pager": newReceiver(t, "k").sink(t, "pager")}})
	e.Handle(status("d1", 1, "active", "paused"))
	e.Handle(status("d2", 2, "paused", "active"))
	e.Handle(watch.Event{ID: "d3", Kind: watch.KindStatus, Strategy: 3, User: "u2", Before: "active", After: "paused"})
	e.Handle(watch.Event{ID: "d4", Time: clock.Now(), Kind: watch.KindAction, Strategy: 1, User: "u1", After: "halt", Detail: "ok"})
	e.Handle(watch.Event{ID: "d5", Time: clock.Now().Add(10 * time.Minute), Kind: watch.KindConnLost, Detail: "timeout"})
	e.Handle(watch.Event{ID: "d6", Time: clock.Now().Add(12 * time.Minute), Kind: watch.KindConnBack})
	clock.Advance(59 * time.Minute)
	e.Tick(clock.Now())
	if got := rcv.settle(); len(got) != 0 {
		t.Fatalf("digest before 08:00: %+v", got)
	}
	clock.Advance(time.Minute)
	e.Tick(clock.Now())
	e.Tick(clock.Now())
	rcv.waitFor(1)
	got := rcv.settle()
	if len(got) != 1 || got[0].Kind != MsgDigest {
		t.Fatalf("digests: %+v", got)
	}
	d := got[0]
	for _, want := range []string{"6 events, 2 open alerts, 1 actions, 1 outages", "strategy.status: 3", "u1: 3", "u2: 1",
		"07:00 action strategy 1, user u1: - -> halt (ok)", "connection lost Mar 2 07:10 – 07:12 (2m0s)", "[urgent] halted"} {
		if !strings.Contains(d.Title+"\n"+d.Body, want) {
			t.Errorf("digest lacks %q:\n%s\n%s", want, d.Title, d.Body)
		}
	}
	// The next one is a day later and counts only what came since.
	clock.Advance(23 * time.Hour)
	e.Tick(clock.Now())
	if got := rcv.settle(); len(got) != 1 {
		t.Fatalf("a second digest before a day passed")
	}
	clock.Advance(time.Hour)
	e.Tick(clock.Now())
	if got := rcv.waitFor(2); !strings.Contains(got[1].Title, "0 events") {
		t.Errorf("second digest: %s", got[1].Title)
	}
}

func TestSignatureVerifiedByReceiver(t *testing.T) {
	rcv := newReceiver(t, "the-secret")
	forged, err := NewSink("forged", rcv.srv.URL+"/hook", "another-secret")
	if err != nil {
		t.Fatal(err)
	}
	m := Message{ID: "x", Title: "t"}
	if err := forged.Send(context.Background(), m); err == nil || !strings.Contains(err.Error(), "401") {
		t.Errorf("a wrong secret was accepted: %v", err)
	}
	if err := rcv.sink(t, "good").Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	if len(rcv.got()) != 1 || rcv.bad != 1 {
		t.Errorf("got %d, bad %d", len(rcv.got()), rcv.bad)
	}
	body := []byte(`{"id":"x"}`)
	if !Verify([]byte("k"), body, Sign([]byte("k"), body)) || Verify([]byte("k"), append(body, ' '), Sign([]byte("k"), body)) {
		t.Error("Verify does not tell a changed body")
	}
}

func TestSinkErrorsNeverShowTheURL(t *testing.T) {
	secretPath := "/services/T000/B000/XXXXSECRET"
	s, err := NewSink("hook", "http://127.0.0.1:1"+secretPath+"?sig=abc", "")
	if err != nil {
		t.Fatal(err)
	}
	err = s.Send(context.Background(), Message{ID: "x"})
	if err == nil || strings.Contains(err.Error(), "XXXXSECRET") || strings.Contains(err.Error(), "sig=abc") ||
		!strings.Contains(err.Error(), "http://127.0.0.1:1/…") {
		t.Errorf("error: %v", err)
	}
	if _, err := NewSink("chat", "nosuchservice://tok-123@host/path-secret", ""); err == nil ||
		strings.Contains(err.Error(), "tok-123") || strings.Contains(err.Error(), "path-secret") {
		t.Errorf("unknown service: %v", err)
	}
	for raw, want := range map[string]string{
		"ntfy://ntfy.example/stratop-urgent": "ntfy://ntfy.example/…",
		"slack://xoxb:tok@channel":           "slack://…",
		"https://h.example:8443/a?b=c":       "https://h.example:8443/…",
		"::":                                 "…",
	} {
		if got := Redact(raw); got != want {
			t.Errorf("Redact(%q) = %q, want %q", raw, got, want)
		}
	}
}

func TestShoutrrrGenericSinkDelivers(t *testing.T) {
	// shoutrrr's generic service posts the text, not the JSON message.
	got := make(chan string, 1)
	srv := newTextServer(t, got)
	s, err := NewSink("gen", "generic+"+srv+"/notify", "")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Send(context.Background(), Message{ID: "x", Title: "halted", Body: "strategy 1"}); err != nil {
		t.Fatal(err)
	}
	select {
	case body := <-got:
		if !strings.Contains(body, "strategy 1") {
			t.Errorf("body %q", body)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("nothing arrived")
	}
}

func TestKindsAndFieldsMatchTheEvent(t *testing.T) {
	kinds := []watch.Kind{watch.KindStatus, watch.KindAppeared, watch.KindVanished, watch.KindUsersAdd, watch.KindCounts,
		watch.KindAction, watch.KindConnLost, watch.KindConnBack, watch.KindHeartbeat}
	var names []string
	for _, k := range kinds {
		names = append(names, string(k))
	}
	if !reflect.DeepEqual(names, config.AlertKinds) {
		t.Errorf("config.AlertKinds %v, watch kinds %v", config.AlertKinds, names)
	}
	typ := reflect.TypeOf(watch.Event{})
	var jsonNames []string
	for i := range typ.NumField() {
		n, _, _ := strings.Cut(typ.Field(i).Tag.Get("json"), ",")
		if n != "time" {
			jsonNames = append(jsonNames, n)
		}
	}
	if !reflect.DeepEqual(jsonNames, config.FilterFields) {
		t.Errorf("config.FilterFields %v, event fields %v", config.FilterFields, jsonNames)
	}
	for _, f := range config.FilterFields {
		if fields[f] == nil {
			t.Errorf("no reader of field %s", f)
		}
	}
}

// Every rule's counters exist at 0 before its first alert, so increase()
// over the first one sees it.
func TestRuleCountersExistFromTheStart(t *testing.T) {
	e, err := New(Options{Dir: t.TempDir(), Rules: []config.AlertRule{rule(t, "halted", "strategy.status", "", "urgent", 0)}})
	if err != nil {
		t.Fatal(err)
	}
	s := e.Stats()
	if n, ok := s.Alerts[RuleKey{"halted", "urgent"}]; !ok || n != 0 {
		t.Errorf("alerts %v", s.Alerts)
	}
	if n, ok := s.Snoozed["halted"]; !ok || n != 0 {
		t.Errorf("snoozed %v", s.Snoozed)
	}
}
