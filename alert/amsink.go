package alert

// The Alertmanager sink. Alertmanager keeps an alert firing only while its
// sender keeps sending it, so this sink holds what it sent: each event of
// a rule's burst is one alert, labelled by the rule, the integration, the
// profile and the subject (strategy, user, pool), and is posted again
// every Resend until it is acknowledged in stratop (locally, or by an ack
// silence another operator set) or its rule's resolve_after passes; a
// resolved alert is posted with its end for KeepResolved, so every
// Alertmanager of the cluster hears of it. Labels carry nothing that
// differs between two serve processes, so a pair of them sending to one
// cluster is one alert there, and one notification.

import (
	"context"
	"errors"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jonboulle/clockwork"

	"github.com/stratop/stratop/config"
	"github.com/stratop/stratop/internal/explorer"
	"github.com/stratop/stratop/internal/text"
	"github.com/stratop/stratop/watch"
)

// KeepResolved is how long a resolved alert is still posted.
const KeepResolved = 15 * time.Minute

// HeartbeatAlert is the alertname of the dead-man alert.
const HeartbeatAlert = "stratop_no_good_read"

// AckPrefix begins the comment of a silence that acknowledges one alert;
// serve resolves a firing alert such a silence matches.
const AckPrefix = "ack "

// AlertmanagerOptions configure an Alertmanager sink.
type AlertmanagerOptions struct {
	Client       *AMClient
	Integration  string // the integration's canonical id: the "integration" label
	Profile      string
	Resend       time.Duration // default config.DefaultResend
	GeneratorURL string        // template with {strategy}, {user}, {pool}, {rule}
	Explorers    explorer.Explorers
	Strategies   StrategyReader // reads a strategy's pool token for its link; New hands the engine's
}

// Alertmanager is the sink; the engine attaches its state directory,
// rules and board.
type Alertmanager struct {
	o     AlertmanagerOptions
	name  string
	rules map[string]config.AlertRule
	store *Store
	clock clockwork.Clock
	logf  func(string, ...any)
	path  string

	mu     sync.Mutex
	state  amState
	loaded bool
	wake   chan struct{}
	lastMu sync.Mutex
	last   string // the last resend failure said, so a dead cluster is not logged each minute
	tokens tokens
}

type amState struct {
	Integration string    `json:"integration"`
	Alerts      []amEntry `json:"alerts"`
}

// amEntry is one alert the sink keeps sending.
type amEntry struct {
	Open       string    `json:"open,omitempty"` // the local open alert's id
	Alert      AMAlert   `json:"alert"`
	Until      time.Time `json:"until,omitzero"` // when resolve_after ends it
	ResolvedAt time.Time `json:"resolvedAt,omitzero"`
}

func (e amEntry) firing() bool { return e.ResolvedAt.IsZero() }

// NewAlertmanager returns the sink named name.
func NewAlertmanager(name string, o AlertmanagerOptions) *Alertmanager {
	if o.Resend <= 0 {
		o.Resend = config.DefaultResend
	}
	return &Alertmanager{o: o, name: name, wake: make(chan struct{}, 1), clock: clockwork.NewRealClock(),
		logf: func(string, ...any) {}}
}

// AMStateFile is the sink's state in the alert state directory.
func AMStateFile(dir, sink string) string { return filepath.Join(dir, "alertmanager-"+sink+".json") }

// attach is called by New with the engine's directory, rules and board.
func (a *Alertmanager) attach(e *Engine) {
	a.rules = map[string]config.AlertRule{}
	for _, r := range e.rules {
		a.rules[r.Name] = r
	}
	a.store, a.clock, a.logf = e.store, e.clock, e.logf
	if a.o.Strategies == nil {
		a.o.Strategies = e.o.Strategies
	}
	a.path = AMStateFile(e.o.Dir, a.name)
}

func (a *Alertmanager) load() error {
	if a.loaded || a.path == "" { // not attached (`alerts test`): nothing kept
		return nil
	}
	if err := readJSON(a.path, &a.state); err != nil {
		return err
	}
	a.state.Integration = a.o.Integration
	a.loaded = true
	return nil
}

func (a *Alertmanager) save() error {
	if a.path == "" {
		return nil
	}
	return writeJSON(a.path, a.state)
}

// labelKey is a label set in one canonical string: two alerts are one
// when their keys are equal, as Alertmanager sees them.
func labelKey(l map[string]string) string {
	keys := make([]string, 0, len(l))
	for k := range l {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		b.WriteString(k + "=" + strconv.Quote(l[k]) + ",")
	}
	return b.String()
}

// labels are an event's labels under rule: nothing in them differs
// between two serve processes watching one integration.
func (a *Alertmanager) labels(rule, severity string, ev *watch.Event) map[string]string {
	l := map[string]string{"alertname": rule, "severity": severity, "integration": a.o.Integration}
	if a.o.Profile != "" {
		l["profile"] = a.o.Profile
	}
	if ev != nil {
		if ev.Strategy != 0 {
			l["strategy"] = strconv.FormatInt(ev.Strategy, 10)
		}
		if ev.User != "" {
			l["user"] = ev.User
		}
		if ev.Pool != "" {
			l["pool"] = ev.Pool
		}
	}
	return l
}

// fromMessage is what m becomes in Alertmanager: entries to keep sending
// (alerts, the dead-man) or to send once (a test, the dropped count).
func (a *Alertmanager) fromMessage(ctx context.Context, m Message) (keep []amEntry, once []AMAlert, resolve []string) {
	switch m.Kind {
	case MsgAlert:
		rule := a.rules[m.Rule]
		for _, ev := range m.Events {
			at := ev.Time
			if at.IsZero() {
				at = m.Time
			}
			al := AMAlert{Labels: a.labels(m.Rule, m.Severity, &ev), StartsAt: at.UTC(),
				Annotations: map[string]string{"summary": text.Clean("[" + m.Severity + "] " + m.Rule + ": " + eventLine(ev)),
					"description": text.Clean(eventLine(ev))}, GeneratorURL: a.generatorURL(ctx, m.Rule, ev)}
			if rule.Runbook != "" {
				al.Annotations["runbook"] = rule.Runbook
			}
			en := amEntry{Open: shortID(m.ID), Alert: al}
			if rule.ResolveAfter > 0 {
				en.Until = at.Add(rule.ResolveAfter)
			}
			keep = append(keep, en)
		}
	case MsgHeartbeat:
		l := a.labels(HeartbeatAlert, "urgent", nil)
		if m.Severity != "urgent" { // reads succeed again
			return nil, nil, []string{labelKey(l)}
		}
		keep = append(keep, amEntry{Alert: AMAlert{Labels: l, StartsAt: m.Time.UTC(),
			Annotations: map[string]string{"summary": text.Clean(m.Title)}}})
	case MsgTest, MsgDropped:
		name := "stratop_" + m.Kind
		if m.Rule != "" {
			name = m.Rule
		}
		l := a.labels(name, m.Severity, nil)
		l["test"] = strconv.FormatBool(m.Kind == MsgTest)
		once = append(once, AMAlert{Labels: l, StartsAt: m.Time.UTC(), EndsAt: m.Time.Add(5 * time.Minute).UTC(),
			Annotations: map[string]string{"summary": text.Clean(m.Title)}})
	}
	return keep, once, resolve
}

// firingEnd is the end a firing alert is sent with: Alertmanager resolves
// it by itself when no serve has resent it for four rounds.
func (a *Alertmanager) firingEnd(now time.Time) time.Time { return now.Add(4 * a.o.Resend).UTC() }

// Send records the message's alerts and posts them to every
// Alertmanager; it fails only when none took them, and the outbox
// retries. The resend loop brings the others in step.
func (a *Alertmanager) Send(ctx context.Context, m Message) error {
	keep, once, resolve := a.fromMessage(ctx, m)
	var held map[string]time.Time
	if len(keep) > 0 {
		held, _ = a.heldStarts(ctx) // none answered: the post fails too, and the outbox retries
	}
	now := a.clock.Now()
	a.mu.Lock()
	if err := a.load(); err != nil {
		a.mu.Unlock()
		return err
	}
	post := once
	for _, en := range keep {
		key := labelKey(en.Alert.Labels)
		i := a.find(key)
		switch {
		case i < 0:
			agreeStart(&en, held)
			a.state.Alerts = append(a.state.Alerts, en)
		case !a.state.Alerts[i].firing():
			agreeStart(&en, held)
			a.state.Alerts[i] = en
		default:
			en = a.state.Alerts[i] // firing already: the same alert
		}
		al := en.Alert
		al.EndsAt = a.firingEnd(now)
		post = append(post, al)
	}
	for _, key := range resolve {
		if i := a.find(key); i >= 0 && a.state.Alerts[i].firing() {
			a.state.Alerts[i].ResolvedAt = now
			al := a.state.Alerts[i].Alert
			al.EndsAt = now.UTC()
			post = append(post, al)
		}
	}
	err := a.save()
	a.mu.Unlock()
	if err != nil {
		return err
	}
	if len(post) == 0 {
		return nil
	}
	took, errs := a.o.Client.PostAlerts(ctx, post)
	if took == 0 {
		return errors.Join(errs...)
	}
	for _, err := range errs {
		a.logf("alerts: %v (the resend brings it in step)", err)
	}
	return nil
}

func (a *Alertmanager) find(key string) int {
	for i, en := range a.state.Alerts {
		if labelKey(en.Alert.Labels) == key {
			return i
		}
	}
	return -1
}

// Run resends the firing and recently resolved alerts every Resend until
// ctx ends; it is where acknowledgements, resolve_after and the silences
// other operators set reach Alertmanager.
func (a *Alertmanager) Run(ctx context.Context) {
	t := a.clock.NewTicker(a.o.Resend)
	defer t.Stop()
	for {
		a.Resend(ctx)
		select {
		case <-ctx.Done():
			return
		case <-t.Chan():
		case <-a.wake:
		}
	}
}

// Resend is one round of Run: tests call it with a fake clock.
func (a *Alertmanager) Resend(ctx context.Context) {
	board, boardErr := a.store.Board()
	open := map[string]bool{}
	for _, o := range board.Open {
		open[o.ID] = true
	}
	silences, _, silErr := a.o.Client.Silences(ctx, a.o.Integration)
	held, heldErr := a.heldStarts(ctx)
	now := a.clock.Now()

	a.mu.Lock()
	if err := a.load(); err != nil {
		a.mu.Unlock()
		a.logf("alerts: sink %s: %v", a.name, err)
		return
	}
	var post []AMAlert
	var acked []string
	kept := a.state.Alerts[:0]
	for _, en := range a.state.Alerts {
		agreeStart(&en, held)
		if en.firing() {
			ackAt, ackSilence := ackedAt(silences, en.Alert.Labels)
			// Acknowledged: it ends when the ack was made (its silence's
			// start) where a silence says so; never before it began.
			ackEnd := now
			if ackSilence && ackAt.Before(now) {
				ackEnd = ackAt
			}
			if ackEnd.Before(en.Alert.StartsAt) {
				ackEnd = en.Alert.StartsAt
			}
			switch {
			case en.Open != "" && boardErr == nil && !open[en.Open]:
				en.ResolvedAt = ackEnd // acknowledged here
			case !en.Until.IsZero() && !now.Before(en.Until):
				en.ResolvedAt = en.Until
				acked = append(acked, en.Open)
			case ackSilence:
				en.ResolvedAt = ackEnd
				acked = append(acked, en.Open)
			}
		}
		if !en.firing() && now.Sub(en.ResolvedAt) > KeepResolved {
			continue
		}
		al := en.Alert
		if en.firing() {
			al.EndsAt = a.firingEnd(now)
		} else {
			al.EndsAt = en.ResolvedAt.UTC()
		}
		post = append(post, al)
		kept = append(kept, en)
	}
	a.state.Alerts = kept
	if err := a.save(); err != nil {
		a.logf("alerts: sink %s: %v", a.name, err)
	}
	a.mu.Unlock()

	for _, id := range acked {
		if id != "" {
			if err := a.store.Ack(id); err != nil && !errors.Is(err, ErrNoAlert) {
				a.logf("alerts: %v", err)
			}
		}
	}
	a.applySilences(silences, silErr == nil)
	var errs []error
	if len(post) > 0 {
		_, errs = a.o.Client.PostAlerts(ctx, post)
	}
	if silErr != nil {
		errs = append(errs, silErr)
	} else if heldErr != nil {
		errs = append(errs, heldErr)
	}
	a.sayOnce(errors.Join(errs...))
}

func (a *Alertmanager) sayOnce(err error) {
	msg := ""
	if err != nil {
		msg = err.Error()
	}
	a.lastMu.Lock()
	changed := msg != a.last
	a.last = msg
	a.lastMu.Unlock()
	switch {
	case changed && err != nil:
		a.logf("alerts: resend: %v", err)
	case changed:
		a.logf("alerts: sink %s: every Alertmanager answers again", a.name)
	}
}
