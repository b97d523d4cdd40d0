package model

// The command line (: or ctrl+p): "#4211" shows a strategy (read by its id
// when it is on no page shown), ">suspend --reason INC-77" asks for an
// action exactly as its key does (the same gate, dialog and policy, with
// the reason filled in). It sends nothing itself.

import (
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/action"
	"github.com/stratop/stratop/internal/text"
)

// maxCommandRunes bounds what the command line takes.
const maxCommandRunes = 256

type palette struct {
	input lineInput
	note  string // why the last command was not taken
}

// openPalette opens the command line.
func (m Model) openPalette() Model {
	m.palette = &palette{input: newLineInput(maxCommandRunes, nil)}
	return m
}

// paletteKey takes every key while the command line is open.
func (m Model) paletteKey(msg tea.KeyMsg) (Model, tea.Cmd) {
	p := *m.palette
	switch {
	case msg.Type == tea.KeyEsc:
		m.palette = nil
		return m, nil
	case key.Matches(msg, m.env.keys.Input.Accept):
		m.palette = nil
		m2, cmd, note := m.runCommand(p.input.Value())
		if note != "" {
			p.note = note
			m2.palette = &p
		}
		return m2, cmd
	}
	p.input, _ = p.input.update(msg, m.env.keys.Input)
	p.note = ""
	m.palette = &p
	return m, nil
}

// runCommand carries out one command line; note says why it was not taken.
func (m Model) runCommand(line string) (Model, tea.Cmd, string) {
	line = strings.TrimSpace(line)
	switch {
	case strings.HasPrefix(line, "#"):
		id, err := strconv.ParseInt(strings.TrimSpace(line[1:]), 10, 64)
		if err != nil || id <= 0 {
			return m, nil, "#ID: a strategy id is a positive number"
		}
		m, cmd := m.jump(jumpMsg{strategy: id})
		return m, cmd, ""
	case strings.HasPrefix(line, ">"):
		return m.runAction(line[1:])
	case line == "":
		return m, nil, ""
	}
	return m, nil, "#ID shows a strategy, >ACTION [--reason R] asks for an action"
}

// runAction asks for an action as its key would, with the reason given.
func (m Model) runAction(line string) (Model, tea.Cmd, string) {
	words, err := splitWords(line)
	if err != nil || len(words) == 0 {
		return m, nil, ">ACTION [--reason R]: " + text.CleanN(errText(err), 80)
	}
	spec, ok := action.Lookup(words[0])
	if !ok {
		return m, nil, "no action " + text.CleanN(words[0], 30) + " (" + actionNames() + ")"
	}
	var reason string
	for i := 1; i < len(words); i++ {
		switch {
		case words[i] == "--reason" && i+1 < len(words):
			reason = words[i+1]
			i++
		case strings.HasPrefix(words[i], "--reason="):
			reason = strings.TrimPrefix(words[i], "--reason=")
		default:
			return m, nil, "unknown argument " + text.CleanN(words[i], 30) + " (only --reason)"
		}
	}
	var ef effect
	m.acts, ef = m.acts.ask(spec, m.tabs[m.active].Selection())
	if reason != "" {
		m.acts.overlay = withReason(m.acts.overlay, reason)
	}
	m, cmd := m.apply(ef)
	return m, cmd, ""
}

// withReason fills a just-opened confirmation's reason field.
func withReason(o overlay, reason string) overlay {
	switch d := o.(type) {
	case confirmDialog:
		d.consent.reason = d.consent.reason.withValue(reason)
		return d
	case jobDialog:
		d.consent.reason = d.consent.reason.withValue(reason)
		return d
	case balanceDialog:
		d.consent.reason = d.consent.reason.withValue(reason)
		return d
	}
	return o
}

// withValue is the input holding s (cut to its limit, unprintable runes
// dropped, as if typed).
func (in lineInput) withValue(s string) lineInput {
	in.value = in.value[:0:0]
	for _, r := range s {
		if len(in.value) < in.limit && strconv.IsPrint(r) && (in.accept == nil || in.accept(r)) {
			in.value = append(in.value, r)
		}
	}
	return in
}

func actionNames() string {
	names := make([]string, 0, len(action.All))
	for _, s := range action.All {
		names = append(names, s.Name)
	}
	return strings.Join(names, ", ")
}

func errText(err error) string {
	if err == nil {
		return "name an action"
	}
	return err.Error()
}

// paletteView draws the command line over the last lines of body.
func (m Model) paletteView(body string, width int) string {
	lines := strings.Split(body, "\n")
	p := m.palette
	tail := []string{text.Fit(": "+text.Clean(p.input.Value())+"_", width)}
	if p.note != "" {
		tail = append([]string{m.env.styles.Muted.Render(text.Fit(text.Clean(p.note), width))}, tail...)
	}
	if len(lines) > len(tail) {
		lines = append(lines[:len(lines)-len(tail)], tail...)
	}
	return strings.Join(lines, "\n")
}
