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
	input  lineInput
	note   string       // why the last command was not taken
	items  []completion // the dropdown (palette_complete.go)
	sel    int
	users  userFuzzy // the search of @ as typed so far
	gen    uint64    // the user search's turns
	search bool      // ctrl+r: the dropdown is the history holding the line
	back   int       // the history line shown, counted from the newest (0: none)
}

// openPalette opens the command line and reads the history again (another
// dashboard on the integration may have added to it).
func (m Model) openPalette() (Model, tea.Cmd) {
	p, _ := m.complete(palette{input: newLineInput(maxCommandRunes, nil)})
	m.palette = &p
	return m, m.readHistoryCmd()
}

// paletteKey takes every key while the command line is open.
func (m Model) paletteKey(msg tea.KeyMsg) (Model, tea.Cmd) {
	p := *m.palette
	in := m.env.keys.Input
	switch {
	case msg.Type == tea.KeyEsc && p.search:
		p.search = false
	case msg.Type == tea.KeyEsc:
		m.palette = nil
		return m, nil
	case msg.Type == tea.KeyCtrlR:
		p.search, p.back = true, 0
	case key.Matches(msg, in.Accept) && p.search:
		if p.sel < len(p.items) {
			p.input = p.input.withValue(p.items[p.sel].line)
		}
		p.search = false
	case key.Matches(msg, in.Accept):
		m.palette = nil
		m2, cmd, note := m.runCommand(p)
		if note != "" {
			p.note = note
			m2.palette = &p
		}
		return m2, cmd
	case msg.Type == tea.KeyTab:
		if p.sel < len(p.items) {
			p.input, p.back = p.input.withValue(p.items[p.sel].line), 0
		}
	case key.Matches(msg, in.Up, in.Down) && p.walksHistory():
		up := key.Matches(msg, in.Up)
		p = p.walkHistory(m.history, up)
		m.palette = &p
		return m, nil
	case key.Matches(msg, in.Up):
		p.sel = max(p.sel-1, 0)
		m.palette = &p
		return m, nil
	case key.Matches(msg, in.Down):
		p.sel = min(p.sel+1, max(len(p.items)-1, 0))
		m.palette = &p
		return m, nil
	default:
		var changed bool
		p.input, changed = p.input.update(msg, in)
		if !changed {
			m.palette = &p
			return m, nil
		}
		p.back = 0
	}
	p.note = ""
	p, cmd := m.complete(p)
	m.palette = &p
	return m, cmd
}

// walksHistory says up and down walk the history rather than the
// dropdown: on an empty line, or one the history put there.
func (p palette) walksHistory() bool {
	return !p.search && (p.back > 0 || p.input.Value() == "")
}

// walkHistory shows the line one older (up) or newer than the one shown.
func (p palette) walkHistory(h commandHistory, up bool) palette {
	n := p.back - 1
	if up {
		n = p.back + 1
	}
	if n <= 0 {
		p.input, p.back = p.input.withValue(""), 0
		p.items, p.sel = modes, 0
		return p
	}
	if line, ok := h.back(n); ok {
		p.input, p.back = p.input.withValue(line), n
		p.items, p.sel = nil, 0
	}
	return p
}

// settlePalette takes the command line's own messages.
func (m Model) settlePalette(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case paletteTurnMsg:
		return m.paletteTurn(msg)
	case paletteFoundMsg:
		return m.paletteFound(msg)
	case historyReadMsg, historyWrittenMsg:
		return m.settleHistory(msg)
	}
	return m, nil
}

// runCommand carries out the command line; note says why it was not
// taken. A command taken is kept in the history.
func (m Model) runCommand(p palette) (Model, tea.Cmd, string) {
	line := strings.TrimSpace(p.input.Value())
	var sel *completion
	if p.sel < len(p.items) {
		sel = &p.items[p.sel]
	}
	var cmd tea.Cmd
	var note string
	switch {
	case line == "":
		return m, nil, ""
	case line[0] == '#':
		id, err := strconv.ParseInt(strings.TrimSpace(line[1:]), 10, 64)
		if err != nil || id <= 0 {
			return m, nil, "#ID: a strategy id is a positive number"
		}
		m, cmd = m.jump(jumpMsg{strategy: id})
	case line[0] == '@':
		m, cmd, note = m.runUser(sel)
		if sel != nil {
			line = sel.line
		}
	case line[0] == '!':
		m, cmd, note = m.runPool(sel)
		if sel != nil {
			line = sel.line
		}
	case line[0] == '>':
		line, note = verbLine(line, sel)
		if note == "" {
			m, cmd, note = m.runVerb(line[1:])
		}
	default:
		return m, nil, "#ID a strategy, @USER a user, !POOL a pool, >ACTION an action or view"
	}
	if note != "" {
		return m, cmd, note
	}
	m, kept := m.keepLine(line)
	return m, tea.Batch(cmd, kept), ""
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

// paletteView draws the command line, its dropdown and note over the last
// lines of body.
func (m Model) paletteView(body string, width int) string {
	lines := strings.Split(body, "\n")
	p := m.palette
	prompt := ": "
	if p.search {
		prompt = "history: "
	}
	tail := m.dropdownLines(p, width)
	if n := len(m.history.lines); n > 0 && p.input.Value() == "" && !p.search {
		tail = append(tail, m.env.styles.Muted.Render(text.Fit("  ↑ history ("+strconv.Itoa(n)+") · ctrl+r search", width)))
	}
	if p.note != "" {
		tail = append(tail, m.env.styles.Muted.Render(text.Fit(text.Clean(p.note), width)))
	}
	tail = append(tail, text.Fit(prompt+text.Clean(p.input.Value())+"_", width))
	if len(tail) > len(lines)-1 {
		tail = tail[len(tail)-max(len(lines)-1, 1):]
	}
	lines = append(lines[:len(lines)-min(len(tail), len(lines))], tail...)
	return strings.Join(lines, "\n")
}
