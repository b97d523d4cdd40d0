package model

import (
	"strings"
	"testing"
	"time"

	"github.com/stratop/stratop/alert"
	"github.com/stratop/stratop/config"
	"github.com/stratop/stratop/watch"
)

// fireRule makes serve's alert engine raise an alert from a rule that
// matches a halt, as serve does on the watcher's event.
func fireRule(t *testing.T, dir string, strategy int64) {
	t.Helper()
	where, err := config.ParseFilter("after = 'paused'")
	if err != nil {
		t.Fatal(err)
	}
	e, err := alert.New(alert.Options{Dir: dir,
		Rules: []config.AlertRule{{Name: "halted", When: string(watch.KindStatus), Where: where, Severity: "critical"}}})
	if err != nil {
		t.Fatal(err)
	}
	e.Handle(watch.Event{ID: "ev-" + itoa(strategy), Kind: watch.KindStatus, Strategy: strategy, User: "u1",
		Pool: "WETH", Before: "active", After: "paused", Time: time.Now()})
	if n := len(openAlerts(t, dir)); n != 1 {
		t.Fatalf("the rule raised %d open alerts, want 1", n)
	}
}

// An alert serve keeps open shows under Needs attention on the Overview;
// enter on it shows its line on the Activity tab, selected; once it is
// acknowledged there it leaves Needs attention.
func TestProgramOpenAlertNeedsAttentionAndEnterOpensItsLine(t *testing.T) {
	dir := t.TempDir()
	fireRule(t, dir, 4242)
	a := startApp(t, 140, 30, WithInterval(100*time.Millisecond), WithAlertDir(dir))
	a.waitText("Needs attention (1)", "alert", "halted (critical)")
	line := lineWith(a.frame(), "halted (critical)")
	if !strings.HasPrefix(line, "> ") || !strings.Contains(line, "4242") {
		t.Fatalf("the alert's attention line is not selected or does not name the strategy: %q", line)
	}
	a.keys("enter")
	a.waitFor("the alert's line selected on Activity", func(v string) bool {
		return strings.Contains(v, "[5 Activity]") && strings.Contains(selectedLine(v), "halted (critical)")
	})
	a.keys("c")
	a.waitText("acknowledged · halted (critical)")
	a.keys("1")
	a.waitFor("Needs attention without the acknowledged alert", func(v string) bool {
		return strings.Contains(v, "Needs attention") && !strings.Contains(v, "halted (critical)")
	})
}

// A silence serve saw on Alertmanager (an operator's snooze there) shows
// under Needs attention with who set it, until when and why.
func TestProgramAlertmanagerSilenceNeedsAttentionWithWhoSetIt(t *testing.T) {
	dir := t.TempDir()
	until := time.Now().Add(time.Hour)
	err := (&alert.Store{Dir: dir}).Update(func(b *alert.Board) error {
		b.Silences = []alert.SilenceNote{{Sink: "oncall", ID: "s1", Matchers: "alertname=halted", CreatedBy: "ana",
			Comment: "maintenance window", EndsAt: until}}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	a := startApp(t, 140, 30, WithInterval(100*time.Millisecond), WithAlertDir(dir))
	a.waitText("Needs attention (1)", "silence", "by ana until "+until.Format("15:04")+": alertname=halted · maintenance window")
}
