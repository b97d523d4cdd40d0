package model

// The command line's history file at its seams: a full disk, a state
// directory that cannot be written, appends that end out of order.

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// historyModel is a dashboard on a fake with a few strategies, its
// command history in the file at path.
func historyModel(t *testing.T, path string) Model {
	t.Helper()
	m := New(t.Context(), fakeWith(3, 5), WithClock(func() time.Time { return t0 }), WithInterval(time.Hour),
		WithCommandHistory(path))
	m, _ = m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	return deliver(m, m.Init())
}

// typeLine opens the command line, types line and runs it with enter,
// delivering what each key but enter asked for; enter's commands are
// returned, not run.
func typeLine(m Model, line string) (Model, tea.Cmd) {
	m, cmd := press(m, ":")
	m = deliver(m, cmd)
	for _, r := range line {
		m, cmd = press(m, string(r))
		m = deliver(m, cmd)
	}
	return press(m, "enter")
}

// runLine is typeLine delivering what enter asked for.
func runLine(m Model, line string) Model {
	m, cmd := typeLine(m, line)
	return deliver(m, cmd)
}

// On a full disk, or a state directory where no file can be made, a
// command still runs, the failure is said once (not again at the next
// command, nor at the next opening of the command line), and the lines
// run stay in the history for up.
func TestCommandHistoryOnAFullOrUnwritableDiskRunsAndSaysItOnce(t *testing.T) {
	cases := map[string]func(t *testing.T) string{
		"full disk": func(t *testing.T) string {
			if _, err := os.Stat("/dev/full"); err != nil {
				t.Skip("no /dev/full here")
			}
			path := filepath.Join(t.TempDir(), "commands.jsonl")
			if err := os.Symlink("/dev/full", path); err != nil {
				t.Fatal(err)
			}
			return path
		},
		// A read-only directory does not stop root, who runs CI: a state
		// directory that is a file stops everyone.
		"state directory not writable": func(t *testing.T) string {
			dir := filepath.Join(t.TempDir(), "state")
			if err := os.WriteFile(dir, nil, 0o600); err != nil {
				t.Fatal(err)
			}
			return filepath.Join(dir, "commands.jsonl")
		},
	}
	for name, pathOf := range cases {
		t.Run(name, func(t *testing.T) {
			m := historyModel(t, pathOf(t))
			m, cmd := press(m, ":")
			if m = deliver(m, cmd); !strings.Contains(m.notes.text(), "command history not read") {
				t.Fatalf("the read's failure was not said: %q", m.notes.text())
			}
			m, _ = press(m, "esc", "esc")
			m = runLine(m, "#2")
			if m.active != tabStrategies {
				t.Fatalf("#2 did not go to the Strategies tab (tab %d)", m.active)
			}
			if said := m.notes.text(); !strings.Contains(said, "command history not saved") {
				t.Fatalf("the write's failure was not said: %q", said)
			}
			m, _ = press(m, "esc") // read: the notices go
			m = runLine(m, ">filter status=active")
			if m.strategiesTab().filter == (stratFilter{}) {
				t.Fatal(">filter did not run")
			}
			if said := m.notes.text(); strings.Contains(said, "command history") {
				t.Fatalf("the failure was said again at the next command: %q", said)
			}
			m, cmd = press(m, ":")
			m = deliver(m, cmd)
			if said := m.notes.text(); strings.Contains(said, "command history") {
				t.Fatalf("the failure was said again at the next opening: %q", said)
			}
			m, _ = press(m, "up")
			if got := m.palette.input.Value(); got != ">filter status=active" {
				t.Fatalf("up shows %q, want the last line run", got)
			}
			m, _ = press(m, "up")
			if got := m.palette.input.Value(); got != "#2" {
				t.Fatalf("up twice shows %q, want the first line run", got)
			}
		})
	}
}

// A write that worked again after failing writes the lines it missed, in
// the order they were run.
func TestCommandHistoryWritesWhatItMissedOnceTheDiskWorks(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state")
	if err := os.WriteFile(dir, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "commands.jsonl")
	m := historyModel(t, path)
	m = runLine(m, "#1")
	if err := os.Remove(dir); err != nil { // room again
		t.Fatal(err)
	}
	m = runLine(m, "#2")
	got, err := readHistory(path)
	if err != nil || !slices.Equal(got, []string{"#1", "#2"}) {
		t.Fatalf("the file holds %q (%v), want both lines in order", got, err)
	}
	if m.history.writeFailed {
		t.Fatal("still says the history cannot be saved")
	}
}

// Two lines run one after the other reach the file in that order however
// the appends' goroutines are scheduled: whichever runs first writes both.
func TestCommandHistoryKeepsTheOrderRunWhenAppendsFinishOutOfOrder(t *testing.T) {
	path := filepath.Join(t.TempDir(), "commands.jsonl")
	m := historyModel(t, path)
	m, first := typeLine(m, ">filter status=active")
	m, second := typeLine(m, "#3")
	// The second's commands finish first.
	for _, msg := range append(runCmd(second), runCmd(first)...) {
		var cmd tea.Cmd
		m, cmd = m.Update(msg)
		m = deliver(m, cmd)
	}
	got, err := readHistory(path)
	if err != nil || !slices.Equal(got, []string{">filter status=active", "#3"}) {
		t.Fatalf("the file holds %q (%v), want the lines in the order run", got, err)
	}
}

// A dashboard replaced (by a profile switch) before the append of its last
// line ran loses no line: the append that does run writes every line
// queued, in order.
func TestCommandHistoryLinesOfAReplacedDashboardAreWritten(t *testing.T) {
	path := filepath.Join(t.TempDir(), "commands.jsonl")
	m := historyModel(t, path)
	m, first := typeLine(m, "#1")
	_, _ = typeLine(m, "#2") // then replaced: its own commands never run
	runCmd(first)
	got, err := readHistory(path)
	if err != nil || !slices.Equal(got, []string{"#1", "#2"}) {
		t.Fatalf("the file holds %q (%v), want both lines in order", got, err)
	}
}
