package alert

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/jonboulle/clockwork"

	"github.com/stratop/stratop/config"
	"github.com/stratop/stratop/watch"
)

// fakeAM is a loopback server speaking the part of Alertmanager's v2 API
// the sink uses: it records posted alerts and serves the silences set.
type fakeAM struct {
	URL      string
	mu       sync.Mutex
	posts    [][]AMAlert
	auth     []string
	silences []Silence
	down     bool
	now      func() time.Time // Alertmanager's clock: an alert ended before it is not listed
}

// held is what GET /api/v2/alerts answers: each label set once, with the
// earliest start posted (Alertmanager's merge), unless its last post
// ended it.
func (f *fakeAM) held() []HeldAlert {
	type alert struct {
		HeldAlert
		end time.Time
	}
	by := map[string]*alert{}
	var order []string
	for _, post := range f.posts {
		for _, a := range post {
			key := labelKey(a.Labels)
			h := by[key]
			if h == nil {
				h = &alert{HeldAlert: HeldAlert{Labels: a.Labels, StartsAt: a.StartsAt}}
				by[key] = h
				order = append(order, key)
			}
			switch {
			case !h.end.IsZero() && h.end.Before(a.StartsAt): // the old one ended: a new alert
				h.StartsAt = a.StartsAt
			case a.StartsAt.Before(h.StartsAt): // overlapping: merged
				h.StartsAt = a.StartsAt
			}
			h.end = a.EndsAt
		}
	}
	out := []HeldAlert{}
	for _, key := range order {
		if h := by[key]; h.end.IsZero() || h.end.After(f.now()) {
			out = append(out, h.HeldAlert)
		}
	}
	return out
}

func newFakeAM(t *testing.T) *fakeAM {
	f := &fakeAM{now: time.Now}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		defer f.mu.Unlock()
		if f.down {
			http.Error(w, "down", http.StatusServiceUnavailable)
			return
		}
		f.auth = append(f.auth, r.Header.Get("Authorization"))
		body, _ := io.ReadAll(r.Body)
		switch r.Method + " " + r.URL.Path {
		case "POST /api/v2/alerts":
			var as []AMAlert
			if err := json.Unmarshal(body, &as); err != nil {
				http.Error(w, err.Error(), http.StatusBadRequest)
				return
			}
			f.posts = append(f.posts, as)
		case "GET /api/v2/alerts":
			json.NewEncoder(w).Encode(f.held())
		case "GET /api/v2/silences":
			json.NewEncoder(w).Encode(f.silences)
		case "POST /api/v2/silences":
			var s Silence
			json.Unmarshal(body, &s)
			s.ID = "s1"
			f.silences = append(f.silences, s)
			w.Write([]byte(`{"silenceID":"s1"}`))
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	f.URL = srv.URL
	return f
}

func (f *fakeAM) lastPost() []AMAlert {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.posts) == 0 {
		return nil
	}
	return f.posts[len(f.posts)-1]
}

func (f *fakeAM) setDown(down bool) { f.mu.Lock(); f.down = down; f.mu.Unlock() }

func amSink(t *testing.T, urls []string, env map[string]string, s config.AlertmanagerSink) *Alertmanager {
	t.Helper()
	s.URLs = urls
	c, err := NewAMClient("oncall", &s, func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	return NewAlertmanager("oncall", AlertmanagerOptions{Client: c, Integration: "https://partner.example:443#abc",
		Profile: "prod", Resend: time.Minute, GeneratorURL: "https://ops.example/s/{strategy}"})
}

// The alert a halt becomes: labels, annotations, start and link; the same
// alert from two events (two serve processes) is one label set.
func TestAlertmanagerAlertOfAHalt(t *testing.T) {
	am := newFakeAM(t)
	clock := clockwork.NewFakeClockAt(time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC))
	halted := rule(t, "halted", "strategy.status", "after = 'paused'", "urgent", 0, "oncall")
	halted.Runbook = "https://runbooks.example/halted"
	sink := amSink(t, []string{am.URL}, map[string]string{"TOK": "t0ken"}, config.AlertmanagerSink{BearerEnv: "TOK"})
	e, err := New(Options{Dir: t.TempDir(), Clock: clock, Rules: []config.AlertRule{halted}, Sinks: map[string]Sink{"oncall": sink}})
	if err != nil {
		t.Fatal(err)
	}
	ev := status("e1", 42, "active", "paused")
	ev.Time = clock.Now().Add(-3 * time.Second)
	m := burst("halted", "urgent", []watch.Event{ev}, clock.Now())
	if err := sink.Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	got := am.lastPost()
	if len(got) != 1 {
		t.Fatalf("posted %+v", got)
	}
	a := got[0]
	want := map[string]string{"alertname": "halted", "severity": "urgent", "integration": "https://partner.example:443#abc",
		"profile": "prod", "strategy": "42", "user": "u1", "pool": "ETH/USDC"}
	if len(a.Labels) != len(want) {
		t.Fatalf("labels %v, want %v", a.Labels, want)
	}
	for k, v := range want {
		if a.Labels[k] != v {
			t.Fatalf("label %s = %q, want %q (all: %v)", k, a.Labels[k], v, a.Labels)
		}
	}
	if !a.StartsAt.Equal(ev.Time) || !a.EndsAt.After(clock.Now()) {
		t.Fatalf("startsAt %v endsAt %v: want the event's time and a later end", a.StartsAt, a.EndsAt)
	}
	if a.Annotations["runbook"] != halted.Runbook || a.Annotations["summary"] == "" || a.Annotations["description"] == "" {
		t.Fatalf("annotations %v", a.Annotations)
	}
	if a.GeneratorURL != "https://ops.example/s/42" {
		t.Fatalf("generatorURL %q", a.GeneratorURL)
	}
	if am.auth[0] != "Bearer t0ken" {
		t.Fatalf("Authorization %q", am.auth[0])
	}
	// Another process's event for the same change: another id and time,
	// the same labels.
	ev2 := ev
	ev2.ID, ev2.Time = "other-process", ev.Time.Add(time.Second)
	if labelKey(sink.labels("halted", "urgent", &ev2)) != labelKey(a.Labels) {
		t.Fatal("two events of one change give two label sets")
	}
	_ = e
}

// Firing alerts are resent each round with a later end; an ack in the
// board resolves one; resolve_after ends one; a resolved one is resent
// with its end for KeepResolved, then no more.
func TestAlertmanagerResendAckAndResolveAfter(t *testing.T) {
	am := newFakeAM(t)
	clock := clockwork.NewFakeClockAt(time.Date(2026, 1, 2, 3, 0, 0, 0, time.UTC))
	halted := rule(t, "halted", "strategy.status", "after = 'paused'", "urgent", 0, "oncall")
	timed := rule(t, "timed", "strategy.status", "after = 'completed'", "info", 0, "oncall")
	timed.ResolveAfter = 10 * time.Minute
	sink := amSink(t, []string{am.URL}, nil, config.AlertmanagerSink{})
	dir := t.TempDir()
	e, err := New(Options{Dir: dir, Clock: clock, Rules: []config.AlertRule{halted, timed}, Sinks: map[string]Sink{"oncall": sink}})
	if err != nil {
		t.Fatal(err)
	}
	e.Handle(status("h1", 1, "active", "paused"))
	e.Handle(status("c1", 2, "active", "completed"))
	b, _ := e.Board()
	for _, o := range b.Open {
		m := burst(o.Rule, o.Severity, []watch.Event{map[string]watch.Event{"halted": status("h1", 1, "active", "paused"),
			"timed": status("c1", 2, "active", "completed")}[o.Rule]}, clock.Now())
		if err := sink.Send(context.Background(), m); err != nil {
			t.Fatal(err)
		}
	}
	ctx := context.Background()
	state := func() map[string]AMAlert {
		sink.Resend(ctx)
		out := map[string]AMAlert{}
		for _, a := range am.lastPost() {
			out[a.Labels["alertname"]] = a
		}
		return out
	}
	s := state()
	if len(s) != 2 || !s["halted"].EndsAt.After(clock.Now()) || !s["timed"].EndsAt.After(clock.Now()) {
		t.Fatalf("first round %+v", s)
	}
	var haltedID string
	for _, o := range b.Open {
		if o.Rule == "halted" {
			haltedID = o.ID
		}
	}
	if err := e.store.Ack(haltedID); err != nil {
		t.Fatal(err)
	}
	clock.Advance(time.Minute)
	s = state()
	if end := s["halted"].EndsAt; end.After(clock.Now()) {
		t.Fatalf("acknowledged alert sent with end %v at %v: still firing", end, clock.Now())
	}
	if !s["timed"].EndsAt.After(clock.Now()) {
		t.Fatal("the other alert resolved with the ack")
	}
	clock.Advance(10 * time.Minute) // past resolve_after
	s = state()
	if end := s["timed"].EndsAt; end.After(clock.Now()) {
		t.Fatalf("resolve_after passed, alert still firing (end %v)", end)
	}
	if b, _ := e.Board(); len(b.Open) != 0 {
		t.Fatalf("open after resolve_after: %+v", b.Open)
	}
	clock.Advance(KeepResolved - 5*time.Minute)
	if s = state(); len(s) != 1 {
		t.Fatalf("resolved alerts within %s: %+v", KeepResolved, s)
	}
	clock.Advance(10 * time.Minute)
	sink.Resend(ctx)
	if n := len(am.posts); n != 6 {
		t.Fatalf("a round with nothing to send posted: %d posts", n)
	}
}

// One Alertmanager down: the others take the alert and Send succeeds; all
// down: Send fails and the outbox retries. A silence that acknowledges an
// alert (set from another machine) resolves it here and acks it locally.
func TestAlertmanagerClusterDownAndAckSilence(t *testing.T) {
	up, down := newFakeAM(t), newFakeAM(t)
	down.setDown(true)
	clock := clockwork.NewFakeClockAt(time.Date(2026, 1, 2, 3, 0, 0, 0, time.UTC))
	halted := rule(t, "halted", "strategy.status", "after = 'paused'", "urgent", 0, "oncall")
	sink := amSink(t, []string{down.URL, up.URL}, map[string]string{"U": "ops", "P": "pw"},
		config.AlertmanagerSink{UsernameEnv: "U", PasswordEnv: "P"})
	e, err := New(Options{Dir: t.TempDir(), Clock: clock, Rules: []config.AlertRule{halted}, Sinks: map[string]Sink{"oncall": sink}})
	if err != nil {
		t.Fatal(err)
	}
	ev := status("h1", 7, "active", "paused")
	e.Handle(ev)
	m := burst("halted", "urgent", []watch.Event{ev}, clock.Now())
	if err := sink.Send(context.Background(), m); err != nil {
		t.Fatalf("one of two down: %v", err)
	}
	if len(up.lastPost()) != 1 || up.auth[0] == "" {
		t.Fatalf("the live one got %+v (auth %q)", up.lastPost(), up.auth)
	}
	up.setDown(true)
	if err := sink.Send(context.Background(), m); err == nil {
		t.Fatal("every Alertmanager down, Send succeeded")
	}
	up.setDown(false)
	up.mu.Lock()
	up.silences = []Silence{{ID: "x", Comment: AckPrefix + "by someone", Matchers: []Matcher{
		{Name: "alertname", Value: "halted", IsEqual: true}, {Name: "strategy", Value: "7", IsEqual: true}},
		Status: &struct {
			State string `json:"state"`
		}{"active"}}}
	up.mu.Unlock()
	sink.Resend(context.Background())
	if a := up.lastPost(); len(a) != 1 || a[0].EndsAt.After(clock.Now()) {
		t.Fatalf("after an ack silence: %+v", a)
	}
	b, _ := e.Board()
	if len(b.Open) != 0 {
		t.Fatalf("the ack silence left the local alert open: %+v", b.Open)
	}
	if len(b.Silences) != 1 || b.Silences[0].Matchers != "alertname=halted,strategy=7" || b.Silences[0].Sink != "oncall" {
		t.Fatalf("the board's silences %+v", b.Silences)
	}
	// Alertmanager down: the board keeps what it last said.
	up.setDown(true)
	sink.Resend(context.Background())
	if b, _ := e.Board(); len(b.Silences) != 1 {
		t.Fatalf("an unanswered read cleared the board's silences: %+v", b.Silences)
	}
}
