package model

// Options of the operator's toolbox: where out-of-band sequences go (copy),
// explorer links, the mouse, and where exports are written.

import (
	"io"

	"github.com/stratop/stratop/ui"
)

// toolOptions are the toolbox's settings in env.
type toolOptions struct {
	term      io.Writer // the program's output, shared with the renderer; nil: no copy
	mux       string    // "tmux", "screen" or ""
	explorers ui.Explorers
	mouse     bool
	exportDir string
}

// WithTerminal gives the model the writer the program draws to, for
// sequences outside a frame (OSC 52). It must be the very writer passed to
// tea.WithOutput, wrapped by termout.New, so that such a sequence and a
// frame never interleave.
func WithTerminal(w io.Writer) Option { return func(e *env) { e.tools.term = w } }

// WithMultiplexer names the terminal multiplexer in use ("tmux", "screen",
// "" for none; see termout.Multiplexer): a copy is wrapped for it.
func WithMultiplexer(name string) Option { return func(e *env) { e.tools.mux = name } }

// WithExplorers turns addresses and transaction hashes into OSC 8 links to
// these block explorers; without it (links = false) no link is written.
func WithExplorers(x ui.Explorers) Option { return func(e *env) { e.tools.explorers = x } }

// WithMouse starts with the mouse on (wheel scrolls, click selects); M
// toggles it. Off by default, so that the terminal's own selection works.
func WithMouse(on bool) Option { return func(e *env) { e.tools.mouse = on } }

// WithExportDir writes ctrl+s exports into dir instead of the current
// directory.
func WithExportDir(dir string) Option { return func(e *env) { e.tools.exportDir = dir } }
