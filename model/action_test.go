package model

// Update tests of the action gate, dialogs and replies on the fake API.

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/api"
)

// openDialog shows s on the Strategies tab and presses k; the gate's
// request is delivered, so the dialog (if any) is open.
func openDialog(t *testing.T, f *fakeAPI, m Model, s api.Strategy, k string) Model {
	t.Helper()
	f.strategies = []api.Strategy{s}
	m, _ = press(m, "2")
	m, _ = m.Update(pageReply(m, s))
	m, cmd := press(m, k)
	for _, msg := range runCmd(cmd) {
		m, _ = m.Update(msg)
	}
	return m
}

// settle runs cmd and feeds back its messages until nothing is left.
func settle(m Model, cmd tea.Cmd) Model { return deliver(m, cmd) }

func TestDialogNamesTheActionAndDefaultsToCancel(t *testing.T) {
	m, f, _ := newTestModel(t)
	m = openDialog(t, f, m, strat(7, api.StatusActive), "h")
	v := m.View()
	for _, want := range []string{"Halt strategy 7?", "TOK", "Base", "owner     u7", "active -> paused", "type 7 and enter", "effect"} {
		if !strings.Contains(v, want) {
			t.Fatalf("dialog lacks %q:\n%s", want, v)
		}
	}
	m, cmd := press(m, "enter")
	m = settle(m, cmd)
	if m.acts.overlay == nil || f.count("halt") != 0 {
		t.Fatalf("enter confirmed or closed (overlay %v, %d halts)", m.acts.overlay, f.count("halt"))
	}
	m, _ = press(m, "esc")
	m = openDialog(t, f, m, strat(7, api.StatusActive), "s")
	if v := m.View(); !strings.Contains(v, "Suspend strategy 7?") || !strings.Contains(v, "y confirm") {
		t.Fatalf("suspend, the reversible pause, is not confirmed with y:\n%s", v)
	}
	m, cmd = press(m, "enter")
	m = settle(m, cmd)
	if m.acts.overlay != nil || f.count("suspend") != 0 {
		t.Fatalf("enter confirmed a suspend (overlay %v, %d suspends)", m.acts.overlay, f.count("suspend"))
	}
}

// Halt leaves a strategy paused for good: y is no answer to it, for one
// strategy or for several; the typed id (or the count) is.
func TestHaltIsConfirmedByTheTypedIDNotY(t *testing.T) {
	m, f, _ := newTestModel(t)
	m = openDialog(t, f, m, strat(7, api.StatusActive), "h")
	m, cmd := press(m, "y", "Y", "y")
	m = settle(m, cmd)
	if f.count("halt") != 0 || m.acts.overlay == nil {
		t.Fatalf("y halted or closed the dialog (%d halts, overlay %v)", f.count("halt"), m.acts.overlay)
	}
	m, cmd = press(m, "7", "enter")
	m = settle(m, cmd)
	if n := f.count("halt"); n != 1 {
		t.Fatalf("%d halts after typing the id, want 1", n)
	}
}

func TestConfirmFiveTimesSendsOnce(t *testing.T) {
	m, f, _ := newTestModel(t)
	m = openDialog(t, f, m, strat(7, api.StatusActive), "s")
	m, cmd := press(m, "y", "y", "y", "y", "y")
	if !m.strategiesTab().pending[7] {
		t.Fatal("no pending mark while the suspend is in flight")
	}
	// A second dialog for the same strategy is refused while in flight.
	m2, c2 := press(m, "s")
	m2 = settle(m2, c2)
	if m2.acts.overlay != nil || !strings.Contains(m2.notes.text(), "in flight") {
		t.Fatalf("second action while in flight: overlay %v, notice %q", m2.acts.overlay, m2.notes.text())
	}
	m = settle(m, cmd)
	if n := f.count("suspend"); n != 1 {
		t.Fatalf("%d suspend requests, want 1", n)
	}
	if m.strategiesTab().pending[7] || m.acts.inflight[7] {
		t.Fatal("pending mark or in-flight lock left after the re-read")
	}
	if !strings.Contains(m.notes.text(), "done, now suspended") {
		t.Fatalf("notice %q", m.notes.text())
	}
}

func TestTypedConfirmationForArchive(t *testing.T) {
	m, f, _ := newTestModel(t)
	m = openDialog(t, f, m, strat(123, api.StatusCompleted), "a")
	m, _ = press(m, "y", "1", "2", "enter")
	if m.acts.overlay == nil || !strings.Contains(m.View(), "typed text does not match 123") {
		t.Fatalf("wrong text confirmed or closed the dialog:\n%s", m.View())
	}
	m, cmd := press(m, "3", "enter")
	m = settle(m, cmd)
	if n := f.count("archive"); n != 1 {
		t.Fatalf("%d archive requests after typing the id, want 1", n)
	}
}

func TestPreSendReadCatchesChange(t *testing.T) {
	m, f, _ := newTestModel(t)
	m = openDialog(t, f, m, strat(7, api.StatusActive), "h")
	f.mu.Lock()
	f.strategies = []api.Strategy{strat(7, api.StatusPaused)} // the pre-send read sees the change
	f.mu.Unlock()
	m, cmd := press(m, "7", "enter")
	m = settle(m, cmd)
	if n := f.count("halt"); n != 0 || !strings.Contains(m.View(), "changed state meanwhile (now paused)") {
		t.Fatalf("%d halts; view:\n%s", n, m.View())
	}
}

func TestOwnerUnknownSendsNothing(t *testing.T) {
	m, f, _ := newTestModel(t)
	s := strat(7, api.StatusActive)
	s.UserID = ""
	m = openDialog(t, f, m, s, "s")
	if !strings.Contains(m.View(), "owner     —") {
		t.Fatalf("the dialog does not say the owner is unknown:\n%s", m.View())
	}
	m, cmd := press(m, "y")
	m = settle(m, cmd)
	if n := f.count("suspend"); n != 0 || !strings.Contains(m.View(), "owner is unknown") {
		t.Fatalf("%d suspends; view:\n%s", n, m.View())
	}
}

func TestUnknownOutcomeOffersRetryNeverAutomatic(t *testing.T) {
	m, f, _ := newTestModel(t)
	m = openDialog(t, f, m, strat(7, api.StatusActive), "h")
	f.mu.Lock()
	f.actErr = &api.TransportError{Op: "POST", Host: "api.test", Timeout: true, MaybeDelivered: true}
	f.mu.Unlock()
	reads := f.count("strategy")
	m, cmd := press(m, "7", "enter")
	m = settle(m, cmd)
	if f.count("halt") != 1 || f.count("strategy")-reads < 2 {
		t.Fatalf("halts %d, reads %d: want one halt, a read before and a re-read after", f.count("halt"), f.count("strategy")-reads)
	}
	if _, ok := m.acts.overlay.(resultDialog); !ok || !strings.Contains(m.View(), "y retry halt") {
		t.Fatalf("no retry offered:\n%s", m.View())
	}
	m, cmd = press(m, "y") // the user's explicit retry
	settle(m, cmd)
	if n := f.count("halt"); n != 2 {
		t.Fatalf("%d halts after one explicit retry, want 2", n)
	}
}

func TestMarksCounterCountsHidden(t *testing.T) {
	m, f, _ := newTestModel(t)
	f.strategies = []api.Strategy{strat(1, api.StatusActive), strat(2, api.StatusActive)}
	m, _ = press(m, "2")
	m, _ = m.Update(pageReply(m, f.strategies...))
	m, _ = press(m, "space", "down", "space")
	if !strings.Contains(m.View(), "2 marked") {
		t.Fatalf("no counter:\n%s", lineWith(m.View(), "page"))
	}
	m, _ = m.Update(pageReply(m, strat(2, api.StatusActive)))
	if !strings.Contains(m.View(), "2 marked (1 hidden") {
		t.Fatalf("hidden marks not counted: %q", lineWith(m.View(), "marked"))
	}
}
