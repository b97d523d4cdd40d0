package model

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/ui"
)

// >theme completes the theme names, refuses one that does not exist and
// naming which do, and redraws the whole dashboard in the one chosen: from
// the dark theme's colours to none's plain text.
func TestProgramPaletteThemeSwitchesTheSessionsTheme(t *testing.T) {
	lipgloss.SetColorProfile(termenv.TrueColor)
	t.Cleanup(func() { lipgloss.SetColorProfile(termenv.Ascii) })
	a, _ := openStrategies(t, api.StatusActive, nil, WithTheme(ui.ThemeOptions{Name: ui.ThemeDark, Accent: "red"}), WithLabel("PROD"))
	plain := func(what string, subs ...string) {
		t.Helper()
		a.waitFor(what, func(v string) bool {
			v = ansi.Strip(v)
			for _, s := range subs {
				if !strings.Contains(v, s) {
					return false
				}
			}
			return true
		})
	}
	if colourSGR.FindString(a.frame()) == "" {
		t.Fatal("the dark theme draws no colour: the switch below would show nothing")
	}

	a.tm.Send(tea.KeyMsg{Type: tea.KeyCtrlP})
	a.typeText(">theme neon")
	plain("the line typed", ": >theme neon_")
	a.keys("enter")
	plain("the refusal", "no theme neon (one of auto, dark, light, high-contrast, none)")
	if colourSGR.FindString(a.frame()) == "" {
		t.Fatal("a refused theme changed the drawing")
	}

	a.keys("esc")
	a.tm.Send(tea.KeyMsg{Type: tea.KeyCtrlP})
	plain("an empty line", ": _")
	a.typeText(">theme ")
	plain("the theme names completed", "high-contrast", "light", "for this session (not saved)")
	a.typeText("none")
	plain("the line typed", ": >theme none_")
	a.keys("enter")
	plain("the switch said, the command line closed", "theme none for this session (the settings file keeps its own)")
	if strings.Contains(ansi.Strip(a.frame()), ": >theme") {
		t.Fatalf("the command line stayed open after a theme it took:\n%s", ansi.Strip(a.frame()))
	}
	if got := colourSGR.FindString(a.frame()); got != "" {
		t.Fatalf("theme none still draws colour %q:\n%q", got, a.frame())
	}
	a.keys("1")
	plain("the Overview", "Trends")
	if got := colourSGR.FindString(a.frame()); got != "" {
		t.Fatalf("theme none draws colour %q on the Overview:\n%q", got, a.frame())
	}
}
