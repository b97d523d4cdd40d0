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

func TestProgramAlertSnoozedRuleShowsInTheStatusLineOnEveryTab(t *testing.T) {
	dir := t.TempDir()
	until := time.Now().Add(time.Hour)
	if err := (&alert.Store{Dir: dir}).Snooze("halted", until); err != nil {
		t.Fatal(err)
	}
	a := startApp(t, 140, 30, WithInterval(100*time.Millisecond), WithAlertDir(dir))
	want := "rule halted snoozed until " + until.Format("15:04")
	// Strategies first ("page 1 of 3" above its list), before Activity was
	// ever shown: the snooze holds whatever tab is shown, so the status
	// line ("read just now · changed 12:30:45") says it there too.
	a.keys("2")
	a.waitFor(want+" in Strategies' status line", func(v string) bool {
		return strings.Contains(v, "page 1 of 3") && strings.Contains(lineWith(v, " · changed "), want)
	})
	a.keys("5")
	a.waitFor(want+" on Activity", func(v string) bool {
		return strings.Contains(v, want) && !strings.Contains(v, "page 1 of 3")
	})
	a.keys("2")
	a.waitReady("page 1 of 3")
	// Lifting the snooze clears the line at the next poll, on Strategies too.
	if err := (&alert.Store{Dir: dir}).Snooze("halted", time.Time{}); err != nil {
		t.Fatal(err)
	}
	a.waitFor("the snooze gone from Strategies' status", func(v string) bool {
		return strings.Contains(v, "page 1 of 3") && lineWith(v, " · changed ") != "" && !strings.Contains(v, "snoozed until")
	})
	a.keys("5")
	a.waitFor("Activity shown", func(v string) bool { return !strings.Contains(v, "page 1 of 3") })
	if strings.Contains(a.frame(), "snoozed until") {
		t.Fatal("Activity still says the lifted snooze")
	}
}
