package model

// >theme NAME: the theme of this session, built as the settings file's
// theme is (its colours and accent kept, only the name changed) and never
// written back to it.

import (
	"slices"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/internal/text"
	"github.com/stratop/stratop/ui"
)

// runTheme draws with theme args[0] from now on, this profile and the ones
// switched to after it.
func (m Model) runTheme(args []string) (Model, tea.Cmd, string) {
	if len(args) != 1 {
		return m, nil, ">theme NAME: one of " + strings.Join(ui.ThemeNames, ", ")
	}
	if !slices.Contains(ui.ThemeNames, args[0]) {
		return m, nil, "no theme " + text.CleanN(args[0], 30) + " (one of " + strings.Join(ui.ThemeNames, ", ") + ")"
	}
	if err := m.env.applyTheme(args[0]); err != nil {
		return m, nil, text.CleanN(err.Error(), 80)
	}
	var tell tea.Cmd
	if m.env.fleet {
		msg := ThemeMsg{Name: args[0], Styles: m.env.styles}
		tell = func() tea.Msg { return msg }
	}
	return m.redraw().say("theme " + args[0] + " for this session (the settings file keeps its own)"), tell, ""
}

// UseTheme draws in theme name from now on, as >theme does, without a
// word: another dashboard of the same program chose it (ThemeMsg). An
// unknown name changes nothing.
func (m Model) UseTheme(name string) Model {
	if m.env.theme.Name == name || m.env.applyTheme(name) != nil {
		return m
	}
	return m.redraw()
}

// redraw draws everything again in the current styles. The chrome and the
// tables keep what they drew until their size changes, so they are given
// no width for a moment (the height kept: it sets a page's size) and then
// laid out as a resize does.
func (m Model) redraw() Model {
	m.chrome = chrome{}
	if m.width > 0 && m.height > 0 {
		_, h := m.bodySize()
		for i := range m.tabs {
			m.tabs[i] = m.tabs[i].SetSize(0, h)
		}
	}
	return m.layout()
}

// applyTheme rebuilds the styles with another theme name. A profile
// switch starts from the program's options, so the theme is added to them
// to outlive it.
func (e *env) applyTheme(name string) error {
	o := e.theme
	o.Name = name
	st, err := ui.NewStyles(o)
	if err != nil {
		return err
	}
	e.theme, e.styles, e.help = o, st, ui.NewHelp(st)
	e.base = append(slices.Clip(e.base), WithTheme(o))
	return nil
}

// themeItems completes >theme with the theme names.
func themeItems(head string) []completion {
	out := make([]completion, 0, len(ui.ThemeNames))
	for _, n := range ui.ThemeNames {
		out = append(out, completion{line: head + n, label: n, desc: "draw in theme " + n + " for this session (not saved)"})
	}
	return out
}
