package model

// Announcing a change of a watched strategy or user: the terminal bell, a
// desktop notification by OSC 9 or OSC 777 (both pass over SSH, since they
// are bytes to the operator's terminal), or nothing.
//
// Bubble Tea v1 has no bell or raw-output API (tea.Printf prints above the
// program and does nothing on the alternate screen). A notification is
// written to the terminal writer of WithTerminal, the one the renderer
// writes each frame to in a single Write under the same lock (package
// termout), so it lands whole between two frames, never inside one. None of
// these sequences moves the cursor, so the renderer's idea of the screen
// stays true.

import (
	"io"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/internal/text"
	"github.com/stratop/stratop/ui"
)

// Notify modes (the settings file's notify).
const (
	NotifyBell   = "bell"
	NotifyOSC    = "osc"    // OSC 9: iTerm2, WezTerm, Windows Terminal, kitty, ghostty, foot
	NotifyOSC777 = "osc777" // OSC 777: urxvt, foot, ghostty, VTE terminals
	NotifyNone   = "none"
)

// WithNotify announces changes of watched items by mode, on the terminal
// of WithTerminal (without one, nothing is announced). Mode none turns it
// off; an unknown mode rings the bell.
func WithNotify(mode string) Option { return func(e *env) { e.notify = mode } }

// notifyBytes is what a mode writes for msg ("" for none). A multiplexer
// passes the bell on by itself but swallows an OSC it does not know, so
// those are wrapped for it to hand to the outer terminal.
func notifyBytes(mode, mux, msg string) string {
	msg = strings.NewReplacer(";", ",", "\x1b", "", "\a", "").Replace(text.CleanN(msg, 160))
	var seq string
	switch mode {
	case NotifyNone, "":
		return ""
	case NotifyOSC:
		seq = "\x1b]9;" + msg + "\x1b\\"
	case NotifyOSC777:
		seq = "\x1b]777;notify;stratop;" + msg + "\x1b\\"
	default:
		return "\a"
	}
	switch mux {
	case "tmux":
		return "\x1bPtmux;" + strings.ReplaceAll(seq, "\x1b", "\x1b\x1b") + "\x1b\\"
	case "screen":
		return "\x1bP" + seq + "\x1b\\"
	}
	return seq
}

// notifyCmd writes one notification; it reports nothing back.
func notifyCmd(e *env, text string) tea.Cmd {
	out, b := e.tools.term, notifyBytes(e.notify, e.tools.mux, ui.NotifyFrom(e.profile, text))
	if out == nil || b == "" {
		return nil
	}
	return func() tea.Msg {
		_, _ = io.WriteString(out, b)
		return nil
	}
}
