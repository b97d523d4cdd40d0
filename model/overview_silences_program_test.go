package model

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stratop/stratop/alert"
)

// fakeSilences answers reads with what the test sets, and can stall.
type fakeSilences struct {
	mu    sync.Mutex
	notes []alert.SilenceNote
	err   error
	stall chan struct{} // non-nil: a read waits for it (or its context)
	reads int
}

func (f *fakeSilences) Read(ctx context.Context) ([]alert.SilenceNote, error) {
	f.mu.Lock()
	f.reads++
	notes, err, stall := f.notes, f.err, f.stall
	f.mu.Unlock()
	if stall != nil {
		select {
		case <-stall:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	return notes, err
}

func (f *fakeSilences) set(notes []alert.SilenceNote, err error) {
	f.mu.Lock()
	f.notes, f.err = notes, err
	f.mu.Unlock()
}

// fastSilencePolls makes the silences' poll come at once; every other
// wait keeps its time.
func fastSilencePolls(d time.Duration) <-chan time.Time {
	if d == silencePoll {
		d = 50 * time.Millisecond
	}
	return time.After(d)
}

// With a rule routing to Alertmanager, Needs attention shows the silences
// Alertmanager holds, with who set them, although no serve keeps a board
// on this machine; when Alertmanager stops answering it says so and keeps
// what it last read.
func TestProgramNeedsAttentionReadsAlertmanagersSilences(t *testing.T) {
	until := time.Now().Add(time.Hour)
	src := &fakeSilences{notes: []alert.SilenceNote{{Sink: "oncall", ID: "s1", Matchers: "alertname=halted", CreatedBy: "ana",
		Comment: "maintenance window", EndsAt: until}}}
	a := startApp(t, 200, 30, WithInterval(100*time.Millisecond), WithTimer(fastSilencePolls), WithSilences(src, nil))
	ana := "by ana until " + until.Format("15:04") + ": alertname=halted · maintenance window"
	a.waitText("Needs attention (1)", "silence", ana)

	src.set(nil, &alert.SilencesError{Sinks: []string{"oncall"}, Err: errors.New("connection refused")})
	a.waitText("silences as last read: the Alertmanagers of sink oncall not read: connection refused", ana)

	// Back, with another operator's silence instead.
	src.set([]alert.SilenceNote{{Sink: "oncall", ID: "s2", Matchers: "alertname=halted,strategy=7", CreatedBy: "bo",
		Comment: "ack 3f2a9c1e: looking", EndsAt: until}}, nil)
	a.waitFor("bo's silence alone, the failure gone", func(v string) bool {
		return strings.Contains(v, "by bo until") && !strings.Contains(v, "by ana") && !strings.Contains(v, "not read")
	})
}

// Alertmanager's silences replace serve's board (which may be stale, or
// another machine's); a source that could not be built says why over the
// board's silences.
func TestProgramAlertmanagerSilencesOverServesBoard(t *testing.T) {
	dir := t.TempDir()
	until := time.Now().Add(time.Hour)
	err := (&alert.Store{Dir: dir}).Update(func(b *alert.Board) error {
		b.Silences = []alert.SilenceNote{{Sink: "oncall", ID: "old", Matchers: "alertname=halted", CreatedBy: "bob", EndsAt: until}}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	src := &fakeSilences{notes: []alert.SilenceNote{{Sink: "oncall", ID: "s1", Matchers: "alertname=halted", CreatedBy: "ana", EndsAt: until}}}
	a := startApp(t, 200, 30, WithInterval(100*time.Millisecond), WithAlertDir(dir), WithSilences(src, nil))
	a.waitFor("Alertmanager's silence, not the board's", func(v string) bool {
		return strings.Contains(v, "by ana until") && !strings.Contains(v, "by bob")
	})

	b := startApp(t, 200, 30, WithInterval(100*time.Millisecond), WithAlertDir(dir),
		WithSilences(nil, errors.New("sink oncall: bearer_env AM_TOKEN is not set")))
	b.waitText("silences as serve last saw them: Alertmanager not read: sink oncall: bearer_env AM_TOKEN is not set", "by bob until")
}

// A stalled Alertmanager holds no key: the read runs beside the screen.
func TestProgramStalledAlertmanagerHoldsNoKey(t *testing.T) {
	src := &fakeSilences{stall: make(chan struct{})}
	t.Cleanup(func() { close(src.stall) })
	a := startApp(t, 200, 30, WithInterval(100*time.Millisecond), WithSilences(src, nil))
	a.waitFor("the read under way", func(string) bool {
		src.mu.Lock()
		defer src.mu.Unlock()
		return src.reads > 0
	})
	a.keys("5")
	a.waitText("[5 Activity]")
	a.keys("1")
	a.waitText("[1 Overview]")
}
