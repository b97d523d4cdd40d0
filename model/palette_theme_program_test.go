package model

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest"
	"github.com/muesli/termenv"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/internal/testkit"
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

// The theme chosen is the session's: a profile switch, which builds the
// dashboard again from the program's options, keeps it.
func TestProgramPaletteThemeOutlivesAProfileSwitch(t *testing.T) {
	lipgloss.SetColorProfile(termenv.TrueColor)
	t.Cleanup(func() { lipgloss.SetColorProfile(termenv.Ascii) })
	alpha := namedSandbox(t, "alpha.test", 12, 40)
	beta := namedSandbox(t, "beta.test", 5, 9)
	profiles := fakeProfiles{list: []ProfileChoice{{Name: "alpha"}, {Name: "beta"}}, clients: map[string]API{"alpha": alpha, "beta": beta}}
	m := New(t.Context(), alpha, WithProfile("alpha"), WithProfiles(profiles), WithTheme(ui.ThemeOptions{Name: ui.ThemeDark}),
		WithInterval(30*time.Millisecond), WithClock(func() time.Time { return t0 }))
	pr := testkit.NewProbe(m.Tea())
	tm := teatest.NewTestModel(t, pr, teatest.WithInitialTermSize(120, 30))
	t.Cleanup(func() { testkit.Stop(t, tm) })
	wait := func(what, sub string) {
		t.Helper()
		testkit.WaitFor(t, 10*time.Second, what, pr.Frame, func(v string) bool { return strings.Contains(ansi.Strip(v), sub) })
	}
	typeLine := func(s string) {
		tm.Send(testkit.Runes(":"))
		for _, r := range s {
			tm.Send(testkit.Runes(string(r)))
		}
		tm.Send(testkit.Key("enter"))
	}
	wait("alpha", "12 users")
	if colourSGR.FindString(pr.Frame()) == "" {
		t.Fatal("the dark theme draws no colour")
	}
	typeLine(">theme none")
	wait("the switch", "theme none for this session")
	typeLine(">profile beta")
	wait("beta", "5 users")
	if got := colourSGR.FindString(pr.Frame()); got != "" {
		t.Fatalf("beta draws colour %q after theme none:\n%s", got, ansi.Strip(pr.Frame()))
	}
}
