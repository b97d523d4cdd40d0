package termout

import (
	"bytes"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/charmbracelet/x/term"
)

// slowWriter records writes one byte at a time, so that two writers
// without a common lock would interleave.
type slowWriter struct{ buf bytes.Buffer }

func (s *slowWriter) Write(p []byte) (int, error) {
	for _, b := range p {
		s.buf.WriteByte(b)
		for range 50 {
			_ = b // widen the window between bytes
		}
	}
	return len(p), nil
}

func TestWritesNeverInterleave(t *testing.T) {
	sw := &slowWriter{}
	w := New(sw)
	frame := strings.Repeat("F", 4096)
	seq := "\x1b]52;c;" + strings.Repeat("Q", 512) + "\a"
	var wg sync.WaitGroup
	for i := 0; i < 20; i++ {
		wg.Add(2)
		go func() { defer wg.Done(); _, _ = w.Write([]byte(frame)) }()
		go func() { defer wg.Done(); _, _ = w.Write([]byte(seq)) }()
	}
	wg.Wait()
	out := sw.buf.String()
	if got := strings.Count(out, frame); got != 20 {
		t.Fatalf("%d whole frames, want 20", got)
	}
	if got := strings.Count(out, seq); got != 20 {
		t.Fatalf("%d whole sequences, want 20", got)
	}
}

func TestAFileStaysATerminalFile(t *testing.T) {
	f, err := os.CreateTemp(t.TempDir(), "out")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w := New(f)
	tf, ok := w.(term.File)
	if !ok {
		t.Fatal("a wrapped *os.File does not offer Fd: Bubble Tea would lose the terminal")
	}
	if tf.Fd() != f.Fd() {
		t.Fatal("Fd is not the file's")
	}
	if _, ok := New(&bytes.Buffer{}).(term.File); ok {
		t.Fatal("a buffer claims to be a terminal file")
	}
}

func TestMultiplexer(t *testing.T) {
	for _, c := range []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"TMUX": "/tmp/tmux-0/default,1,0", "TERM": "screen-256color"}, "tmux"},
		{map[string]string{"TERM": "screen.xterm-256color"}, "screen"},
		{map[string]string{"STY": "1234.pts-0", "TERM": "xterm"}, "screen"},
		{map[string]string{"TERM": "xterm-256color"}, ""},
	} {
		if got := Multiplexer(func(k string) string { return c.env[k] }); got != c.want {
			t.Errorf("%v: %q, want %q", c.env, got, c.want)
		}
	}
}
