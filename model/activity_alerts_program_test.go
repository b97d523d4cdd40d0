package model

import (
	"strings"
	"testing"
	"time"

	"github.com/stratop/stratop/alert"
)

// raiseAlert records an open alert the way serve's engine does: through
// the alert package's store, under its lock.
func raiseAlert(t *testing.T, dir string, o alert.Open) {
	t.Helper()
	st := &alert.Store{Dir: dir}
	if err := st.Update(func(b *alert.Board) error {
		b.Open = append(b.Open, o)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
}

func openAlerts(t *testing.T, dir string) []alert.Open {
	t.Helper()
	b, err := (&alert.Store{Dir: dir}).Board()
	if err != nil {
		t.Fatal(err)
	}
	return b.Open
}

func TestProgramAlertOpenShowsOnActivityAndTheAckKeyAcknowledgesIt(t *testing.T) {
	dir := t.TempDir()
	raiseAlert(t, dir, alert.Open{ID: "a1b2c3d4", Rule: "halted", Severity: "critical", Time: time.Now(),
		Title: "strategy 42 halted", Count: 2})
	a := startApp(t, 140, 30, WithInterval(100*time.Millisecond), WithAlertDir(dir))
	a.keys("5")
	a.waitFor("the open alert on Activity", func(v string) bool {
		return strings.Contains(v, "alert") && strings.Contains(v, "halted (critical): strategy 42 halted · 2 events")
	})
	if strings.Contains(a.probe.Frame(), "acknowledged") {
		t.Fatal("an open alert is shown acknowledged before the key")
	}
	a.keys("c")
	deadline := time.Now().Add(10 * time.Second)
	for len(openAlerts(t, dir)) != 0 {
		if time.Now().After(deadline) {
			t.Fatalf("the ack key left the alert open in the store: %+v", openAlerts(t, dir))
		}
		time.Sleep(5 * time.Millisecond)
	}
	a.waitFor("the line marked acknowledged", func(v string) bool {
		return strings.Contains(v, "acknowledged · halted (critical)")
	})
	a.keys("?")
	a.waitFor("the full help listing the ack key", func(v string) bool { return strings.Contains(v, "c ack alert") })
	a.keys("?")
	// A second press on the acknowledged line writes nothing more.
	a.keys("c")
	if n := len(openAlerts(t, dir)); n != 0 {
		t.Fatalf("%d open alerts after acknowledging", n)
	}
}

func TestProgramAlertAckedElsewhereIsMarkedAndANewOneShows(t *testing.T) {
	dir := t.TempDir()
	raiseAlert(t, dir, alert.Open{ID: "00000001", Rule: "failed", Severity: "warning", Time: time.Now(), Title: "job failed", Count: 1})
	a := startApp(t, 140, 30, WithInterval(100*time.Millisecond), WithAlertDir(dir))
	a.keys("5")
	a.waitFor("the first alert", func(v string) bool { return strings.Contains(v, "failed (warning): job failed") })
	if err := (&alert.Store{Dir: dir}).Ack("00000001"); err != nil {
		t.Fatal(err)
	}
	raiseAlert(t, dir, alert.Open{ID: "00000002", Rule: "stale", Severity: "critical", Time: time.Now(), Title: "no read for 5m", Count: 1})
	a.waitFor("the acknowledged line marked and the new alert shown", func(v string) bool {
		return strings.Contains(v, "acknowledged · failed (warning)") && strings.Contains(v, "stale (critical): no read for 5m")
	})
}

func TestProgramAlertSnoozedRuleShowsInTheStatusLine(t *testing.T) {
	dir := t.TempDir()
	until := time.Now().Add(time.Hour)
	if err := (&alert.Store{Dir: dir}).Snooze("halted", until); err != nil {
		t.Fatal(err)
	}
	a := startApp(t, 140, 30, WithInterval(100*time.Millisecond), WithAlertDir(dir))
	a.keys("5")
	want := "rule halted snoozed until " + until.Format("15:04")
	a.waitFor(want, func(v string) bool { return strings.Contains(v, want) })
	// Lifting the snooze clears the line at the next poll.
	if err := (&alert.Store{Dir: dir}).Snooze("halted", time.Time{}); err != nil {
		t.Fatal(err)
	}
	a.waitFor("the snooze gone", func(v string) bool { return !strings.Contains(v, "snoozed until") })
}
