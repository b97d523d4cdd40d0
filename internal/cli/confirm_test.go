package cli

import (
	"bytes"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/creack/pty"

	"github.com/stratop/stratop/action"
)

// askOnTerminal asks spec's confirmation with stdin a pseudo-terminal on
// which typed arrives, and returns the answer, what the terminal showed and
// what was written on stderr. It fails when the question does not end
// within two seconds.
func askOnTerminal(t *testing.T, spec string, typed string) (ok bool, screen, stderr string) {
	t.Helper()
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	defer func() { _ = ptmx.Close() }()
	defer func() { _ = tty.Close() }()
	var mu sync.Mutex
	var shown bytes.Buffer
	go func() {
		b := make([]byte, 256)
		for {
			n, err := ptmx.Read(b)
			mu.Lock()
			shown.Write(b[:n])
			mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	s, found := action.Lookup(spec)
	if !found {
		t.Fatalf("no action %s", spec)
	}
	var errb bytes.Buffer
	done := make(chan bool, 1)
	go func() {
		done <- confirm(IO{In: tty, Out: io.Discard, Err: &errb, InTerminal: true}, s, []int64{4211}, "u1")
	}()
	time.Sleep(100 * time.Millisecond) // the question is up
	if _, err := ptmx.Write([]byte(typed)); err != nil {
		t.Fatal(err)
	}
	select {
	case ok = <-done:
	case <-time.After(2 * time.Second):
		t.Fatalf("%s: typing %q did not end the question", spec, typed)
	}
	time.Sleep(50 * time.Millisecond)
	mu.Lock()
	defer mu.Unlock()
	return ok, shown.String(), errb.String()
}

// Ctrl-C at a confirmation cancels at once: no Enter needed, no "^C" on
// the screen, for the y/N question and the typed one.
func TestConfirmCtrlCCancelsAtOnce(t *testing.T) {
	for _, spec := range []string{"suspend", "stop"} {
		for _, typed := range []string{"\x03", "y\x03", "421\x03"} {
			ok, screen, _ := askOnTerminal(t, spec, typed)
			if ok || strings.Contains(screen, "^C") {
				t.Errorf("%s, typed %q: confirmed %v, screen %q", spec, typed, ok, screen)
			}
		}
	}
}

// The answers that confirm still do, typed as a person types (Enter is a
// carriage return in raw mode), and what is typed is shown.
func TestConfirmOnATerminalStillTakesTheAnswer(t *testing.T) {
	for _, tc := range []struct {
		spec, typed string
		want        bool
	}{
		{"suspend", "y\r", true}, {"suspend", "YES\r", true}, {"suspend", "\r", false}, {"suspend", "n\r", false},
		{"stop", "4211\r", true}, {"stop", "y\r", false}, {"stop", "42111\x7f\r", true},
	} {
		ok, screen, _ := askOnTerminal(t, tc.spec, tc.typed)
		if ok != tc.want {
			t.Errorf("%s, typed %q: confirmed %v, want %v", tc.spec, tc.typed, ok, tc.want)
		}
		if typed := strings.TrimRight(tc.typed, "\r\x7f"); typed != "" && !strings.Contains(screen, typed[:1]) {
			t.Errorf("%s, typed %q: not shown (%q)", tc.spec, tc.typed, screen)
		}
	}
}
