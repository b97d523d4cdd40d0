package model

// Copy: y puts the selected row's id on the clipboard of the operator's
// terminal, Y the whole record as JSON, through OSC 52 (the server stratop
// runs on has no clipboard; the terminal in front of the operator does).
// The sequence goes through the writer shared with the renderer, so it
// never lands inside a frame (see internal/termout).

import (
	"io"

	"github.com/aymanbagabas/go-osc52/v2"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/internal/cli"
	"github.com/stratop/stratop/ui"
)

// maxCopyBytes refuses a larger record: terminals cap OSC 52 (xterm and
// many others well below this), and a huge write would stall a slow link.
const maxCopyBytes = 100 * 1024

// clip is what y and Y take from a tab: the selected row's id and its
// record as the tab holds it (as received, sanitised), for re-encoding.
type clip struct {
	what   string // the id's kind in words: "strategy id"
	id     string
	record any
}

// copiedMsg is the outcome of a copy, for the status line.
type copiedMsg struct {
	gen    uint64
	notice string
}

func (m copiedMsg) toolGen() uint64 { return m.gen }

// copySelection copies the visible tab's selected id (record: its JSON).
func (m Model) copySelection(record bool) (Model, tea.Cmd) {
	l, ok := m.tabs[m.active].(lister)
	var cl clip
	if ok {
		cl, ok = l.listRows().clip()
	}
	switch {
	case !ok || (!record && cl.id == ""):
		m = m.say(ui.NoticeNothingToCopy)
		return m, nil
	case m.env.tools.term == nil:
		m = m.say(ui.NoticeNoTerminal)
		return m, nil
	}
	m.tools.gen++
	return m, copyCmd(m.env.tools.term, m.env.tools.mux, m.tools.gen, cl, record)
}

// copyCmd encodes what to copy and writes the OSC 52 sequence.
func copyCmd(w io.Writer, mux string, gen uint64, cl clip, record bool) tea.Cmd {
	return func() tea.Msg {
		text, what := cl.id, cl.what
		if record {
			b, err := cli.EncodeJSON(cl.record)
			if err != nil {
				return copiedMsg{gen: gen, notice: ui.NoticeCopyFailed(err.Error())}
			}
			text, what = string(b), "record as JSON"
		}
		if len(text) > maxCopyBytes {
			return copiedMsg{gen: gen, notice: ui.NoticeCopyTooLarge(len(text), maxCopyBytes)}
		}
		seq := osc52.New(text)
		switch mux {
		case "tmux":
			seq = seq.Tmux()
		case "screen":
			seq = seq.Screen()
		}
		if _, err := io.WriteString(w, seq.String()); err != nil {
			return copiedMsg{gen: gen, notice: ui.NoticeCopyFailed(err.Error())}
		}
		return copiedMsg{gen: gen, notice: ui.NoticeCopied(len(text), what, mux)}
	}
}
