// Package termout is the program's one way to the terminal for bytes that
// are not part of a frame: an OSC 52 clipboard write, a bell, a desktop
// notification.
//
// Bubble Tea v1 writes each frame with a single Write of the whole frame
// from its renderer goroutine (standardRenderer.flush), under a lock of its
// own that nothing outside the renderer can take. A sequence written to the
// same terminal from a command's goroutine could land in the middle of that
// Write when both go through separate file handles or unbuffered writers:
// the frame would tear and the sequence would be cut. Wrapping the output in
// one Writer whose every Write holds a mutex, and handing that Writer both to
// tea.WithOutput and to the model, makes each frame and each sequence reach
// the terminal whole, one after the other.
package termout

import (
	"io"
	"os"
	"strings"
	"sync"
)

// Writer serialises whole writes to one terminal. Use New.
type Writer struct {
	mu sync.Mutex
	w  io.Writer
}

// Write writes p whole before any other Write begins.
func (t *Writer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.w.Write(p)
}

// File is a Writer over a terminal device. Bubble Tea finds the terminal
// (its size, raw mode) through the output's Fd, so a wrapped *os.File must
// keep offering it.
type File struct {
	Writer
	f *os.File
}

// Fd is the terminal's file descriptor.
func (t *File) Fd() uintptr { return t.f.Fd() }

// Read reads from the terminal device.
func (t *File) Read(p []byte) (int, error) { return t.f.Read(p) }

// Close does nothing: the terminal outlives the program's use of it.
func (t *File) Close() error { return nil }

// New wraps w. An *os.File comes back as a *File, which Bubble Tea still
// recognises as a terminal; anything else as a *Writer.
func New(w io.Writer) io.Writer {
	if f, ok := w.(*os.File); ok {
		return &File{Writer: Writer{w: f}, f: f}
	}
	return &Writer{w: w}
}

// Multiplexer names the terminal multiplexer the program runs in, from the
// environment: "tmux", "screen" or "" for none. Sequences that a
// multiplexer would swallow (OSC 52) must be wrapped for it.
func Multiplexer(getenv func(string) string) string {
	switch {
	case getenv("TMUX") != "":
		return "tmux"
	case strings.HasPrefix(getenv("TERM"), "screen") || getenv("STY") != "":
		return "screen"
	}
	return ""
}
