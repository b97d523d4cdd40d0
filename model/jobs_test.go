package model

// Update tests of the job tracker on a fake whose count the test sets: the
// progress survives switching tabs, stale counts are dropped, and a job not
// seen to end within jobPatience (on the injected clock) is reported as
// still running and no longer followed.

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/api"
)

// jobsAPI is the fake with a settable count of the user's strategies and a
// job that never changes it by itself.
type jobsAPI struct {
	*fakeAPI
	left   atomic.Int64
	starts atomic.Int64
}

func (j *jobsAPI) GetStrategies(_ context.Context, req api.UserStrategiesRequest) (*api.StrategiesPage, error) {
	if req.Status != api.StatusActive {
		return &api.StrategiesPage{}, nil
	}
	return &api.StrategiesPage{TotalCount: int(j.left.Load())}, nil
}

func (j *jobsAPI) DisableAllStrategies(context.Context, string) (*api.JobStarted, error) {
	j.starts.Add(1)
	return &api.JobStarted{Started: true}, nil
}

// update feeds msgs to m and returns the commands they gave.
func update(m Model, msgs []tea.Msg) (Model, tea.Cmd) {
	var cmds []tea.Cmd
	for _, msg := range msgs {
		var cmd tea.Cmd
		m, cmd = m.Update(msg)
		cmds = append(cmds, cmd)
	}
	return m, tea.Batch(cmds...)
}

// tickJob delivers the next tick of user's job and the count it asks for.
func tickJob(t *testing.T, m Model, user string) Model {
	t.Helper()
	j, ok := m.acts.jobs.byUser[user]
	if !ok {
		t.Fatalf("no job followed for %s", user)
	}
	m, cmd := m.Update(jobTickMsg{gen: j.gen, user: user})
	m, _ = update(m, runCmd(cmd))
	return m
}

func TestJobProgressSurvivesTabsAndEndsStillRunning(t *testing.T) {
	f := &jobsAPI{fakeAPI: newFakeAPI()}
	f.left.Store(3)
	c := &clock{now: t0}
	m := New(t.Context(), f, WithClock(c.Now), WithInterval(5*time.Second), WithUser("u1"))
	m, _ = m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	m, _ = press(m, "4")

	// An ask cancelled while counting: its count lands late and opens nothing.
	m, first := press(m, "A", "K")
	stale := runCmd(first)
	m, _ = press(m, "esc")
	m, second := press(m, "A", "K")
	// Typed ahead of the count: dropped, the count is not shown yet.
	m, _ = press(m, "u", "1", "enter")
	m, _ = update(m, stale)
	if _, ok := m.acts.overlay.(countingDialog); !ok {
		t.Fatalf("a cancelled ask's count replaced the counting dialog: %T", m.acts.overlay)
	}
	m, _ = update(m, runCmd(second))
	if v := m.View(); !strings.Contains(v, "Disable-all for user u1?") || !strings.Contains(v, "3 active strategies -> paused") ||
		!strings.Contains(v, "> _") {
		t.Fatalf("dialog does not state the count, or holds keys typed before it showed:\n%s", v)
	}
	if n := f.starts.Load(); n != 0 {
		t.Fatalf("%d job requests from keys typed before the count showed", n)
	}
	m, cmd := press(m, "u", "1", "enter")
	m, _ = update(m, runCmd(cmd))
	if n := f.starts.Load(); n != 1 {
		t.Fatalf("%d job requests, want 1", n)
	}
	if !strings.Contains(m.View(), "disable-all user u1: running: 0 of 3 paused") {
		t.Fatalf("no progress line once started:\n%s", m.View())
	}

	f.left.Store(1)
	m, _ = press(m, "2", "1") // other tabs: the notice is cleared, the progress stays
	m = tickJob(t, m, "u1")
	if v := m.View(); !strings.Contains(v, "disable-all user u1: running: 2 of 3 paused") {
		t.Fatalf("no progress on another tab:\n%s", v)
	}
	gen := m.acts.jobs.byUser["u1"].gen
	m, _ = m.Update(jobPolledMsg{gen: gen - 1, user: "u1", left: 0}) // an older generation
	if _, ok := m.acts.jobs.byUser["u1"]; !ok {
		t.Fatal("a stale count ended the job")
	}

	c.Add(jobPatience + time.Second)
	m = tickJob(t, m, "u1")
	want := "disable-all user u1: still running after 60 s, 2 of 3 paused, 1 left"
	if !strings.Contains(m.notes.text(), want) {
		t.Fatalf("notice %q, want %q", m.notes.text(), want)
	}
	if len(m.acts.jobs.byUser) != 0 {
		t.Fatal("the job is still followed after the report")
	}
	m, cmd = press(m, "4", "A", "K")
	if _, ok := m.acts.overlay.(countingDialog); !ok || cmd == nil {
		t.Fatalf("a new job is refused after the first stopped being followed: %q", m.notes.text())
	}
}
