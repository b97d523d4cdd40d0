package model

// The command line's history, one file per integration beside its other
// state, so that it follows the integration through a restart and a
// profile switch (a profile switched to reads its own integration's). The
// file is append-only, one JSON string a line; a writer holds the file's
// lock while it appends or cuts the file back to the last maxHistory, so
// two dashboards on one integration lose none of each other's lines.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/internal/atomicfile"
	"github.com/stratop/stratop/internal/filelock"
	"github.com/stratop/stratop/ui"
)

// maxHistory is how many command lines are kept.
const maxHistory = 500

// commandHistory is the lines run, oldest first. The lines in memory are
// the history: a file that cannot be read or written never takes them
// away, and its failure is said once (again only after the file worked),
// not at every command.
type commandHistory struct {
	lines []string
	// readFailed, writeFailed: the last read or write of the file failed,
	// and it was said.
	readFailed, writeFailed failing
}

// failing is whether the last try of something failed: its failure is
// news only when the try before it worked.
type failing bool

// news records the outcome of a try and reports whether it is a failure
// not yet said.
func (f *failing) news(err error) bool {
	was := bool(*f)
	*f = err != nil
	return err != nil && !was
}

// historyReadMsg is the history read: the file's lines, then those this
// process has queued for it.
type historyReadMsg struct {
	session uint64
	lines   []string
	err     error
}

// historyWrittenMsg is the end of an append of the queued lines.
type historyWrittenMsg struct {
	session uint64
	err     error
}

// WithCommandHistory keeps the command line's history in the file at
// path ("" keeps it in memory only).
func WithCommandHistory(path string) Option { return func(e *env) { e.commandsPath = path } }

// add appends a line run, dropping an equal line run just before it.
func (h commandHistory) add(line string) commandHistory {
	if n := len(h.lines); n > 0 && h.lines[n-1] == line {
		return h
	}
	lines := append(h.lines[:len(h.lines):len(h.lines)], line)
	if len(lines) > maxHistory {
		lines = lines[len(lines)-maxHistory:]
	}
	h.lines = lines
	return h
}

// back is the line n steps back from the newest (1: the newest), "" past
// the oldest.
func (h commandHistory) back(n int) (string, bool) {
	if n < 1 || n > len(h.lines) {
		return "", false
	}
	return h.lines[len(h.lines)-n], true
}

// matching is the newest lines holding q (case-folded), at most n, each once.
func (h commandHistory) matching(q string, n int) []completion {
	q = strings.ToLower(q)
	out := make([]completion, 0, n)
	seen := map[string]bool{}
	for i := len(h.lines) - 1; i >= 0 && len(out) < n; i-- {
		l := h.lines[i]
		if seen[l] || !strings.Contains(strings.ToLower(l), q) {
			continue
		}
		seen[l] = true
		out = append(out, completion{line: l, label: l, desc: "from the history (enter takes it)"})
	}
	return out
}

// keepLine adds a line run to the history, and queues it for the file
// after the lines run before it (palette_history_queue.go).
func (m Model) keepLine(line string) (Model, tea.Cmd) {
	m.history = m.history.add(line)
	path, session := m.env.commandsPath, m.env.session
	if path == "" {
		return m, nil
	}
	q := queueFor(path)
	q.add(line)
	return m, func() tea.Msg { return historyWrittenMsg{session: session, err: q.flush(path)} }
}

// readHistoryCmd reads the history.
func (m Model) readHistoryCmd() tea.Cmd {
	path, session := m.env.commandsPath, m.env.session
	if path == "" {
		return nil
	}
	return func() tea.Msg {
		lines, err := queueFor(path).read(path)
		return historyReadMsg{session: session, lines: lines, err: err}
	}
}

// settleHistory takes the end of a read or an append of the file.
func (m Model) settleHistory(msg tea.Msg) (Model, tea.Cmd) {
	h := &m.history
	switch msg := msg.(type) {
	case historyReadMsg:
		if msg.session != m.env.session {
			break
		}
		if h.readFailed.news(msg.err) {
			return m.say(ui.HistoryUnread(msg.err.Error())), nil
		}
		if msg.err == nil && len(msg.lines) > 0 { // an empty file takes nothing away
			h.lines = msg.lines
		}
	case historyWrittenMsg:
		if msg.session == m.env.session && h.writeFailed.news(msg.err) {
			return m.say(ui.HistoryUnsaved(msg.err.Error())), nil
		}
	}
	return m, nil
}

// readHistory is the file's last maxHistory lines; a line that is not a
// JSON string (a write cut short) is skipped.
func readHistory(path string) ([]string, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 4096), 64<<10)
	for sc.Scan() {
		var l string
		if json.Unmarshal(sc.Bytes(), &l) == nil && l != "" {
			lines = append(lines, l)
		}
	}
	if len(lines) > maxHistory {
		lines = lines[len(lines)-maxHistory:]
	}
	return lines, sc.Err()
}

// appendHistory appends lines under the file's lock, cutting the file
// back to the last maxHistory lines once it holds twice as many.
func appendHistory(path string, lines ...string) error {
	var b []byte
	for _, l := range lines {
		j, err := json.Marshal(l)
		if err != nil {
			return err
		}
		b = append(append(b, j...), '\n')
	}
	if err := atomicfile.EnsureDir(filepath.Dir(path)); err != nil {
		return err
	}
	return filelock.With(path+".lock", func() error {
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
		if err != nil {
			return err
		}
		_, werr := f.Write(b)
		cerr := f.Close()
		if err := errors.Join(werr, cerr); err != nil {
			return err
		}
		return trimHistory(path)
	})
}

// trimHistory rewrites the file with its last maxHistory lines when it
// holds twice as many (the lock is held).
func trimHistory(path string) error {
	data, err := os.ReadFile(path)
	if err != nil || bytes.Count(data, []byte{'\n'}) < 2*maxHistory {
		return err
	}
	lines := bytes.SplitAfter(data, []byte{'\n'})
	keep := lines[max(len(lines)-maxHistory-1, 0):]
	return atomicfile.WriteFunc(path, func(w io.Writer) error {
		for _, l := range keep {
			if _, err := w.Write(l); err != nil {
				return err
			}
		}
		return nil
	})
}
