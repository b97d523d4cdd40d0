package model

// The write budget, asserted on the real program: Bubble Tea's standard
// renderer writing into a byte-counting writer, the model polling a sandbox
// over loopback HTTP at 200x60. A poll that returns unchanged data writes
// 0 bytes; a poll after one strategy changed status rewrites only that
// strategy's line. Nothing here measures time: the test waits for polls by
// counting the sandbox's requests.

import (
	"bytes"
	"context"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/api"
)

// perfWriter records every write of the renderer.
type perfWriter struct {
	mu     sync.Mutex
	buf    bytes.Buffer
	writes []int // offset of each write
}

func (w *perfWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.writes = append(w.writes, w.buf.Len())
	return w.buf.Write(p)
}

// since returns the bytes written from offset on and how many writes they took.
func (w *perfWriter) since(off int) (string, int) {
	w.mu.Lock()
	defer w.mu.Unlock()
	n := 0
	for _, o := range w.writes {
		if o >= off {
			n++
		}
	}
	return w.buf.String()[off:], n
}

func (w *perfWriter) len() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.Len()
}

// rewrittenLines returns the lines a standard-renderer flush in the alt
// screen repaints: the flush starts at the home position and moves down one
// line with a bare "\n" for every line it skips as unchanged.
func rewrittenLines(flush string) []string {
	flush = strings.TrimPrefix(flush, "\x1b[H")
	if i := strings.LastIndex(flush, "\x1b["); i >= 0 && strings.HasSuffix(flush, ";H") {
		flush = flush[:i] // the closing cursor position
	}
	var out []string
	for _, seg := range strings.Split(flush, "\n") {
		if seg = strings.TrimSuffix(seg, "\r"); seg != "" {
			out = append(out, seg)
		}
	}
	return out
}

func TestProgramPollWritesOnlyChanges(t *testing.T) {
	sb, c := testSandbox(t)
	// A fixed clock keeps every time and latency on screen constant, so the
	// only thing a poll can change is the data.
	m := New(t.Context(), c, WithClock(func() time.Time { return t0 }), WithInterval(20*time.Millisecond),
		WithFetchTimeout(5*time.Second), WithPageSize(50))
	out := &perfWriter{}
	ctx, cancel := context.WithCancel(context.Background())
	p := tea.NewProgram(m.Tea(), tea.WithContext(ctx), tea.WithInput(nil), tea.WithOutput(out),
		tea.WithAltScreen(), tea.WithoutSignalHandler())
	done := make(chan struct{})
	go func() { defer close(done); _, _ = p.Run() }()
	t.Cleanup(func() { p.Quit(); cancel(); <-done })

	p.Send(tea.WindowSizeMsg{Width: 200, Height: 60})
	p.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("2")})

	// A visible active strategy: the first page lists the highest ids.
	var target api.Strategy
	for id := int64(60); id >= 1; id-- {
		if s, ok := sb.Strategy(id); ok && s.Status == api.StatusActive {
			target = s
			break
		}
	}
	if target.ID == 0 {
		t.Fatal("no active strategy in the sandbox")
	}
	idText := strconv.FormatInt(target.ID, 10)

	const route = "GET /api/v1/strategies"
	waitPolls := func(n int) {
		t.Helper()
		want := sb.Hits(route) + n
		deadline := time.Now().Add(20 * time.Second)
		for sb.Hits(route) < want {
			if time.Now().After(deadline) {
				t.Fatalf("waiting for %d polls of %s", n, route)
			}
			time.Sleep(2 * time.Millisecond)
		}
	}
	// Wait until the list is drawn, then until the output stops growing
	// across several polls (the first frames and the tab switch are done).
	// Its page line says the Strategies tab drew: the Overview names
	// statuses too and reads the same route, so on a loaded machine its
	// polls could pass for the list's while the tab switch waits.
	deadline := time.Now().Add(20 * time.Second)
	for all := out.all(); !strings.Contains(all, "page 1 of") || !strings.Contains(all, "paused") || !strings.Contains(all, "active"); all = out.all() {
		if time.Now().After(deadline) {
			t.Fatal("the strategies list never appeared")
		}
		time.Sleep(5 * time.Millisecond)
	}
	mark := out.len()
	for tries := 0; ; tries++ {
		waitPolls(4)
		if now := out.len(); now == mark {
			break
		} else if tries > 50 {
			t.Fatalf("output never settled: %d bytes after the list appeared", now-mark)
		} else {
			mark = now
		}
	}

	// Unchanged polls write nothing.
	waitPolls(5)
	if got, n := out.since(mark); n != 0 {
		t.Fatalf("5 unchanged polls wrote %d bytes in %d writes: %q", len(got), n, got)
	}

	// One value changes: only its line is rewritten.
	if !sb.SetStrategyStatus(target.ID, api.StatusPaused) {
		t.Fatalf("SetStrategyStatus(%d) refused", target.ID)
	}
	deadline = time.Now().Add(20 * time.Second)
	for out.len() == mark {
		if time.Now().After(deadline) {
			t.Fatal("the status change was never drawn")
		}
		time.Sleep(2 * time.Millisecond)
	}
	waitPolls(5) // anything else a poll would redraw has landed by now
	got, n := out.since(mark)
	if n != 1 {
		t.Fatalf("the change took %d writes, want 1: %q", n, got)
	}
	// Two lines: the strategy's row, and the tab bar, whose Activity title
	// now counts the change seen.
	lines := rewrittenLines(got)
	if len(lines) != 2 {
		t.Fatalf("the change rewrote %d lines, want 2 (the row and the Activity count): %q", len(lines), lines)
	}
	if !strings.Contains(lines[0], "Activity (1)") {
		t.Fatalf("the first rewritten line is not the tab bar counting one change: %q", lines[0])
	}
	if !strings.Contains(lines[1], idText) || !strings.Contains(lines[1], "paused") {
		t.Fatalf("the rewritten line is not strategy %d's, now paused: %q", target.ID, lines[1])
	}
	if len(got) > 500 {
		t.Fatalf("the changed row and tab bar cost %d bytes", len(got))
	}
}

// all returns everything written so far.
func (w *perfWriter) all() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.String()
}
