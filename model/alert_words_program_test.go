package model

import (
	"strings"
	"testing"
	"time"

	"github.com/stratop/stratop/alert"
	"github.com/stratop/stratop/config"
	"github.com/stratop/stratop/watch"
)

// raiseWithRule makes serve's alert engine raise an alert of the rule
// named on a halt of strategy, as serve does on the watcher's event.
func raiseWithRule(t *testing.T, dir, rule string, strategy int64) {
	t.Helper()
	where, err := config.ParseFilter("after = 'paused'")
	if err != nil {
		t.Fatal(err)
	}
	e, err := alert.New(alert.Options{Dir: dir,
		Rules: []config.AlertRule{{Name: rule, When: string(watch.KindStatus), Where: where, Severity: "critical"}}})
	if err != nil {
		t.Fatal(err)
	}
	e.Handle(watch.Event{ID: "ev-" + itoa(strategy), Kind: watch.KindStatus, Strategy: strategy, User: "cust-0042-eu",
		Pool: "WETH/USDC", Before: "active", After: "paused", Time: time.Now()})
	if n := len(openAlerts(t, dir)); n != 1 {
		t.Fatalf("the rule raised %d open alerts, want 1", n)
	}
}

// An alert raised while its rule was snoozed was not sent: Activity says
// so first, with until when and who snoozed it (the silence Alertmanager
// keeps names who, once serve has read it), never as if it were sent; Needs attention says it
// too, each of rule and severity once.
func TestProgramSnoozedAlertShowsSnoozedNotSent(t *testing.T) {
	dir := t.TempDir()
	st := &alert.Store{Dir: dir}
	until := time.Now().Add(time.Hour)
	if err := st.Snooze("halted", until); err != nil {
		t.Fatal(err)
	}
	raiseWithRule(t, dir, "halted", 4242)
	if o := openAlerts(t, dir); !o[0].Snoozed {
		t.Fatalf("the engine did not mark the alert snoozed: %+v", o[0])
	}
	a := startApp(t, 140, 30, WithInterval(100*time.Millisecond), WithAlertDir(dir))
	a.waitText("Needs attention", "halted (critical, snoozed): strategy.status strategy 4242")
	a.keys("5")
	a.waitText("snoozed until " + until.Format("15:04") + ", not sent · halted (critical): strategy.status")
	// Who snoozed it is learnt later, from the silence serve reads on
	// Alertmanager: the same line says so.
	if err := st.Update(func(b *alert.Board) error {
		b.Silences = append(b.Silences, alert.SilenceNote{Sink: "am", ID: "s1", Matchers: "alertname=halted", CreatedBy: "ana", EndsAt: until})
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	want := "snoozed until " + until.Format("15:04") + " by ana, not sent · halted (critical): strategy.status"
	a.waitText(want)
	if n := strings.Count(a.frame(), "not sent"); n != 1 {
		t.Fatalf("%d lines for one alert:\n%s", n, a.frame())
	}
	if l := lineWith(a.frame(), "not sent"); strings.Count(l, "critical") != 1 || strings.Count(l, "halted") != 1 {
		t.Fatalf("the line says the rule or severity more than once: %q", l)
	}
}

// Needs attention's alert line at 80 columns says the rule and severity
// once and keeps the strategy id whole, even under a long rule name.
func TestProgramAlertAttentionLineAt80KeepsTheStrategyWhole(t *testing.T) {
	dir := t.TempDir()
	rule := "strategy-halted-in-production-eu-west-2"
	raiseWithRule(t, dir, rule, 9876543)
	a := startApp(t, 80, 24, WithInterval(100*time.Millisecond), WithAlertDir(dir))
	a.waitText("Needs attention (1)")
	a.waitFor("the alert's line", func(v string) bool { return lineWith(v, "(critical)") != "" })
	l := lineWith(a.frame(), "(critical)")
	if !strings.Contains(l, "strategy 9876543") {
		t.Fatalf("the strategy is cut: %q", l)
	}
	if strings.Count(l, "critical") != 1 || strings.Contains(l, "[critical]") {
		t.Fatalf("the severity is said more than once: %q", l)
	}
	if strings.Count(l, rule[:11]) != 1 {
		t.Fatalf("the rule is said more than once, or not at all: %q", l)
	}
}
