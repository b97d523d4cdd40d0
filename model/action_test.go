package model

// Update tests of the action gate, dialogs and replies on the fake API.

import (
	"context"
	"errors"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/api"
)

func TestAllowedTable(t *testing.T) {
	all := []api.Status{api.StatusActive, api.StatusSuspended, api.StatusPaused, api.StatusCompleted, api.StatusArchived}
	want := map[Action][]api.Status{
		ActionHalt:    {api.StatusActive, api.StatusSuspended, api.StatusPaused},
		ActionSuspend: {api.StatusActive},
		ActionResume:  {api.StatusSuspended},
		ActionStop:    {api.StatusActive, api.StatusSuspended, api.StatusPaused},
		ActionArchive: {api.StatusActive, api.StatusSuspended, api.StatusPaused, api.StatusCompleted},
	}
	for a, ok := range want {
		for _, st := range all {
			got, why := a.Allowed(st)
			exp := false
			for _, s := range ok {
				exp = exp || s == st
			}
			if got != exp {
				t.Errorf("%s from %s: allowed=%v, want %v", a, st, got, exp)
			}
			if !got && why == "" {
				t.Errorf("%s from %s refused without a reason", a, st)
			}
		}
	}
}

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
	for _, want := range []string{"Halt strategy 7?", "TOK", "Base", "owner     u7", "active -> paused", "y confirm"} {
		if !strings.Contains(v, want) {
			t.Fatalf("dialog lacks %q:\n%s", want, v)
		}
	}
	m, cmd := press(m, "enter")
	m = settle(m, cmd)
	if m.overlay != nil || f.count("halt") != 0 {
		t.Fatalf("enter confirmed (overlay %v, %d halts)", m.overlay, f.count("halt"))
	}
}

func TestConfirmFiveTimesSendsOnce(t *testing.T) {
	m, f, _ := newTestModel(t)
	m = openDialog(t, f, m, strat(7, api.StatusActive), "h")
	m, cmd := press(m, "y", "y", "y", "y", "y")
	if !m.strategiesTab().pending[7] {
		t.Fatal("no pending mark while the halt is in flight")
	}
	// A second dialog for the same strategy is refused while in flight.
	m2, c2 := press(m, "h")
	m2 = settle(m2, c2)
	if m2.overlay != nil || !strings.Contains(m2.notice, "in flight") {
		t.Fatalf("second action while in flight: overlay %v, notice %q", m2.overlay, m2.notice)
	}
	m = settle(m, cmd)
	if n := f.count("halt"); n != 1 {
		t.Fatalf("%d halt requests, want 1", n)
	}
	if m.strategiesTab().pending[7] || m.inflight[7] {
		t.Fatal("pending mark or in-flight lock left after the re-read")
	}
	if !strings.Contains(m.notice, "done, now paused") {
		t.Fatalf("notice %q", m.notice)
	}
}

func TestTypedConfirmationForArchive(t *testing.T) {
	m, f, _ := newTestModel(t)
	m = openDialog(t, f, m, strat(123, api.StatusCompleted), "a")
	m, _ = press(m, "y", "1", "2", "enter")
	if m.overlay == nil || !strings.Contains(m.View(), "type 123 exactly") {
		t.Fatalf("wrong text confirmed or closed the dialog:\n%s", m.View())
	}
	m, cmd := press(m, "3", "enter")
	m = settle(m, cmd)
	if n := f.count("archive"); n != 1 {
		t.Fatalf("%d archive requests after typing the id, want 1", n)
	}
}

func TestChangedMeanwhileSendsNothing(t *testing.T) {
	m, f, _ := newTestModel(t)
	m = openDialog(t, f, m, strat(7, api.StatusActive), "s")
	// A poll shows it suspended by someone else while the dialog is open.
	m, _ = m.Update(pageReply(m, strat(7, api.StatusSuspended)))
	m, cmd := press(m, "y")
	m = settle(m, cmd)
	if !strings.Contains(m.View(), "changed state meanwhile") {
		t.Fatalf("dialog does not say the strategy changed:\n%s", m.View())
	}
	if n := f.count("suspend"); n != 0 {
		t.Fatalf("%d suspend requests, want 0", n)
	}
	m, _ = press(m, "y")
	if m.overlay != nil {
		t.Fatal("blocked dialog did not close on a key")
	}
}

func TestPreSendReadCatchesChange(t *testing.T) {
	m, f, _ := newTestModel(t)
	m = openDialog(t, f, m, strat(7, api.StatusActive), "h")
	f.mu.Lock()
	f.strategies = []api.Strategy{strat(7, api.StatusPaused)} // the pre-send read sees the change
	f.mu.Unlock()
	m, cmd := press(m, "y")
	m = settle(m, cmd)
	if n := f.count("halt"); n != 0 || !strings.Contains(m.View(), "changed state meanwhile (now paused)") {
		t.Fatalf("%d halts; view:\n%s", n, m.View())
	}
}

func TestOwnerAskedAndCompleted(t *testing.T) {
	m, f, _ := newTestModel(t)
	s := strat(7, api.StatusActive)
	s.UserID = ""
	m = openDialog(t, f, m, s, "s")
	dl, ok := m.overlay.(actionDialog)
	if !ok || !dl.askOwner {
		t.Fatalf("no owner prompt for a record without owner: %#v", m.overlay)
	}
	dl.users = []string{"alice", "bob", "bobby"}
	m.overlay = dl
	m, _ = press(m, "b")
	m, _ = m.Update(tea.KeyMsg{Type: tea.KeyTab})
	if !strings.Contains(m.View(), "> bob_") {
		t.Fatalf("tab did not complete:\n%s", m.View())
	}
	m, _ = press(m, "enter")
	if !strings.Contains(m.View(), "owner     bob") {
		t.Fatalf("owner not taken:\n%s", m.View())
	}
	m, cmd := press(m, "y")
	settle(m, cmd)
	if n := f.count("suspend"); n != 1 {
		t.Fatalf("%d suspend requests, want 1", n)
	}
}

func TestActionErrorsInPlainWords(t *testing.T) {
	cases := []struct {
		err  error
		a    Action
		want string
	}{
		{&api.Error{StatusCode: 400, Message: "cannot resume a completed strategy"}, ActionResume, "not allowed from the current state: cannot resume"},
		{&api.Error{StatusCode: 403, Message: "two-factor authentication must be enabled"}, ActionStop, "enable it in the partner portal's security settings"},
		{&api.Error{StatusCode: 403, Message: "strategy 4 does not belong to user \"x\""}, ActionSuspend, "not the owner"},
		{&api.Error{StatusCode: 404, Message: "no such strategy"}, ActionHalt, "gone (404)"},
		{&api.TransportError{Op: "POST", Host: "h", Err: errors.New("refused")}, ActionHalt, "not sent"},
	}
	for _, c := range cases {
		if got := actionErrorText(c.err, c.a); !strings.Contains(got, c.want) {
			t.Errorf("%v: %q lacks %q", c.err, got, c.want)
		}
	}
	if !outcomeUnknown(&api.TransportError{Op: "POST", Timeout: true, MaybeDelivered: true}) ||
		!outcomeUnknown(context.DeadlineExceeded) || outcomeUnknown(&api.TransportError{Op: "POST"}) ||
		outcomeUnknown(&api.Error{StatusCode: 400}) {
		t.Fatal("outcomeUnknown misclassifies")
	}
}

func TestUnknownOutcomeOffersRetryNeverAutomatic(t *testing.T) {
	m, f, _ := newTestModel(t)
	m = openDialog(t, f, m, strat(7, api.StatusActive), "h")
	f.mu.Lock()
	f.actErr = &api.TransportError{Op: "POST", Host: "api.test", Timeout: true, MaybeDelivered: true}
	f.mu.Unlock()
	reads := f.count("strategy")
	m, cmd := press(m, "y")
	m = settle(m, cmd)
	if f.count("halt") != 1 || f.count("strategy")-reads < 2 {
		t.Fatalf("halts %d, reads %d: want one halt, a read before and a re-read after", f.count("halt"), f.count("strategy")-reads)
	}
	if _, ok := m.overlay.(resultDialog); !ok || !strings.Contains(m.View(), "y retry halt") {
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
