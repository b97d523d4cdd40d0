package model

// Program tests of what a person over SSH hits: keys that arrive together
// in one read, a terminal too small to show what a key would do, dialogs
// that must say when they cancel, esc typed just before a key, help that
// must not offer keys that type text, and records merged after an action.

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/stratop/stratop/api"
)

// runes is what Bubble Tea v1 delivers for printable keys that arrive in
// one read: one KeyMsg holding all of them.
func runes(s string) tea.KeyMsg { return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)} }

// selectedLine is the row the cursor is on (the gutter's ">").
func selectedLine(view string) string {
	for _, l := range strings.Split(view, "\n") {
		if strings.HasPrefix(l, ">") {
			return l
		}
	}
	return ""
}

func TestProgramTypeAheadEachKeyCounts(t *testing.T) {
	a := startApp(t, 120, 40)
	a.waitReady("12 users")
	a.tm.Send(runes("2j")) // tab 2, then one row down
	a.waitReady("page 1 of 3")
	rows := a.firstRows(4)
	a.waitFor("the second row selected", func(v string) bool {
		return strings.Contains(selectedLine(v), " "+itoa(rows[1].ID)+" ")
	})
	a.tm.Send(runes("jj"))
	a.waitFor("the fourth row selected", func(v string) bool {
		return strings.Contains(selectedLine(v), " "+itoa(rows[3].ID)+" ")
	})
	a.tm.Send(runes("]]"))
	a.waitReady("page 3 of 3")

	a.tm.Send(runes("4/cust_cx"))
	a.waitText("/ cust_cx", "1 of 12 users")
}

func TestProgramTypeAheadHaltThenConfirm(t *testing.T) {
	a, id := openStrategies(t, api.StatusActive, nil)
	// Halt cannot be undone: type-ahead of "hy" opens the dialog and the
	// y confirms nothing; the id typed ahead does.
	a.tm.Send(runes("hy"))
	a.waitText("Halt strategy " + itoa(id) + "?")
	a.tm.Send(runes(itoa(id)))
	a.keys("enter")
	a.waitFor("the halt to land", func(string) bool { return a.status(id) == api.StatusPaused })
	// The row must read paused before s: typed while it still reads active,
	// s opens the suspend dialog and y confirms it, and the check before
	// sending finds the strategy paused (also nothing sent, but not the
	// refusal this test is about).
	a.waitFor("the row to read paused", func(v string) bool { return strings.Contains(selectedLine(v), "paused") })
	// The s is refused (a paused strategy cannot be suspended), so the y
	// typed with it has no dialog to confirm and copies instead. Both may be
	// handled between two frames, so the refusal can be drawn over at once:
	// wait for either, then check that nothing was sent.
	a.tm.Send(runes("sy"))
	a.waitFor("the s and y to be handled", func(v string) bool {
		return strings.Contains(v, "suspend strategy "+itoa(id)+": only an active strategy can be suspended") ||
			strings.Contains(v, "copy needs the terminal")
	})
	if got := a.status(id); got != api.StatusPaused {
		t.Fatalf("strategy %d is %s after the refused suspend, want paused", id, got)
	}
}

func TestProgramTypeAheadQuitTwice(t *testing.T) {
	a := startApp(t, 80, 24)
	a.waitReady("12 users")
	a.tm.Send(runes("qq"))
	a.tm.WaitFinished(t, teatest.WithFinalTimeout(5*time.Second))
}

func TestProgramYYConfirmsAndCancelSaysSo(t *testing.T) {
	a, id := openStrategies(t, api.StatusActive, nil)
	a.keys("s")
	a.waitText("Suspend strategy")
	a.keys("n")
	a.waitText("cancelled")
	if got := a.status(id); got != api.StatusActive {
		t.Fatalf("after n the strategy is %s", got)
	}
	a.keys("s")
	a.waitText("Suspend strategy")
	a.tm.Send(runes("yy"))
	a.waitFor("the suspend to land", func(string) bool { return a.status(id) == api.StatusSuspended })
}

func TestProgramHiddenFrameActsOnNothing(t *testing.T) {
	a, id := openStrategies(t, api.StatusActive, nil)
	a.tm.Send(tea.WindowSizeMsg{Width: 50, Height: 10})
	a.waitText("too small")
	a.keys("h", "y")
	a.tm.Send(runes("hy"))
	// A dialog opened while hidden would show once the terminal grows.
	a.tm.Send(tea.WindowSizeMsg{Width: 120, Height: 40})
	a.waitReady("page 1 of 3")
	a.keys("y")
	time.Sleep(100 * time.Millisecond)
	if v := a.frame(); strings.Contains(v, "Halt strategy") {
		t.Fatalf("a dialog opened while the frame was hidden:\n%s", v)
	}

	// A dialog open when the terminal shrinks is cancelled, not kept.
	a.keys("h")
	a.waitText("Halt strategy")
	a.tm.Send(tea.WindowSizeMsg{Width: 50, Height: 10})
	a.waitText("too small")
	a.keys("y")
	a.tm.Send(tea.WindowSizeMsg{Width: 120, Height: 40})
	a.waitText("cancelled")
	a.keys("y")
	time.Sleep(100 * time.Millisecond)
	if got := a.status(id); got != api.StatusActive {
		t.Fatalf("a key acted while the frame was hidden: strategy is %s", got)
	}
}

func TestProgramEscThenKeyIsNotTyped(t *testing.T) {
	a := startApp(t, 120, 40)
	a.keys("4")
	a.waitReady("12 users")
	a.keys("/")
	a.tm.Send(runes("zz"))
	a.waitText("/ zz", "0 of 12 users")
	// esc followed at once by a key arrives as alt+key.
	a.tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("c"), Alt: true})
	a.waitText("12 users · row ", "/ filter")
	if v := a.frame(); strings.Contains(v, "zzc") || strings.Contains(v, "/ c") {
		t.Fatalf("esc+key was typed into the filter:\n%s", v)
	}
}

func TestProgramUsersListHasNoEmailColumn(t *testing.T) {
	a := startApp(t, 120, 40)
	a.keys("4")
	a.waitReady("12 users", "EXTERNAL ID")
	if v := a.frame(); strings.Contains(v, "E-MAIL") {
		t.Fatalf("the users list shows an e-mail column the list route never fills:\n%s", v)
	}
}

func TestProgramHelpWhileFilteringOffersNoLetters(t *testing.T) {
	a := startApp(t, 80, 24)
	a.keys("4")
	a.waitReady("12 users")
	a.keys("/")
	a.waitText("keep filter")
	help := lastLine(a.frame())
	if strings.Contains(help, "/k") || strings.Contains(help, "/j") {
		t.Fatalf("the footer offers j/k while they type into the filter: %q", help)
	}
}

func TestProgramFilterPickerScrollsToFocusedField(t *testing.T) {
	a := startApp(t, 60, 20)
	a.keys("2")
	a.waitReady("page 1 of 3")
	a.keys("f", "left") // from status back to the last field, sort
	a.waitFor("the sort field in view", func(v string) bool {
		return strings.Contains(v, "sort")
	})
}

func TestProgramActionKeepsListOnlyFields(t *testing.T) {
	a, id := openStrategies(t, api.StatusActive, nil, WithInterval(time.Hour))
	row := selectedLine(a.frame())
	if !strings.Contains(row, "$") {
		t.Fatalf("the selected row shows no price: %q", row)
	}
	a.keys("s", "y")
	a.waitFor("the suspend to land", func(string) bool { return a.status(id) == api.StatusSuspended })
	a.waitFor("the re-read row", func(v string) bool { return strings.Contains(selectedLine(v), "suspended") })
	if row := selectedLine(a.frame()); !strings.Contains(row, "$") {
		t.Fatalf("after the action the row lost its price: %q", row)
	}
}

func lastLine(v string) string {
	lines := strings.Split(v, "\n")
	return lines[len(lines)-1]
}
