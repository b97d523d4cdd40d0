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
)

// maxHistory is how many command lines are kept.
const maxHistory = 500

// commandHistory is the lines run, oldest first.
type commandHistory struct {
	lines []string
}

// historyReadMsg is the history read from the file.
type historyReadMsg struct {
	session uint64
	lines   []string
	err     error
}

// historyWrittenMsg says a line could not be added to the file.
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
	return commandHistory{lines: lines}
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

// readHistoryCmd reads the history file.
func readHistoryCmd(e *env) tea.Cmd {
	path, session := e.commandsPath, e.session
	if path == "" {
		return nil
	}
	return func() tea.Msg {
		lines, err := readHistory(path)
		return historyReadMsg{session: session, lines: lines, err: err}
	}
}

// appendHistoryCmd adds a line to the history file; a line that could not
// be kept is said on the status line.
func appendHistoryCmd(e *env, line string) tea.Cmd {
	path := e.commandsPath
	if path == "" {
		return nil
	}
	session := e.session
	return func() tea.Msg {
		if err := appendHistory(path, line); err != nil {
			return historyWrittenMsg{session: session, err: err}
		}
		return nil
	}
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

// appendHistory appends line under the file's lock, cutting the file back
// to the last maxHistory lines once it holds twice as many.
func appendHistory(path, line string) error {
	b, err := json.Marshal(line)
	if err != nil {
		return err
	}
	if err := atomicfile.EnsureDir(filepath.Dir(path)); err != nil {
		return err
	}
	return filelock.With(path+".lock", func() error {
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
		if err != nil {
			return err
		}
		_, werr := f.Write(append(b, '\n'))
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
