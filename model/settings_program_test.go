package model

// Program tests of the settings file's effects: a remapped key works and
// shows everywhere, the old key does nothing; a profile's label and
// read-only flag reach the dashboard; theme none writes no colour.

import (
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/exp/teatest"
	"github.com/muesli/termenv"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/config"
	"github.com/stratop/stratop/ui"
)

func TestProgramRemappedHalt(t *testing.T) {
	km, problems := ui.ApplyKeys(DefaultKeyMap(), map[string][]string{"halt": {"p"}})
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	a, id := openStrategies(t, api.StatusActive, nil, WithKeyMap(km))
	a.waitText("p halt")
	if strings.Contains(a.frame(), "h halt") {
		t.Fatal("the footer still shows h for halt")
	}
	// h first: had it opened the dialog, ? would not open the help.
	a.keys("h", "?")
	a.waitText("(? or esc to close)")
	help := a.frame()
	if strings.Contains(help, "Halt strategy") {
		t.Fatal("h still opens the halt dialog")
	}
	if !strings.Contains(lineWith(help, "halt"), "p") || strings.Contains(help, "h halt") {
		t.Fatalf("help does not show p for halt:\n%s", help)
	}
	a.keys("esc", "p")
	a.waitText("Halt strategy " + itoa(id) + "?")
	a.keys("n")
	if n := a.sb.Hits(routeHalt); n != 0 {
		t.Fatalf("%d halt requests", n)
	}
}

// profileOptions loads a settings file and returns the options the
// dashboard would pass for profile.
func profileOptions(t *testing.T, body, profile string) []Option {
	t.Helper()
	dir := t.TempDir()
	t.Setenv("HOME", dir)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(dir, "config"))
	t.Setenv("XDG_STATE_HOME", filepath.Join(dir, "state"))
	p := filepath.Join(dir, "config.toml")
	if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	c, err := config.Load(p, true, ui.SettingsWords())
	if err != nil {
		t.Fatal(err)
	}
	s, err := c.Resolve(profile, func(string) string { return "" }, config.Overrides{Interval: 30 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	st, err := ui.NewStyles(ui.ThemeOptions{Name: s.Theme, Colors: s.Colors, Accent: s.Color})
	if err != nil {
		t.Fatal(err)
	}
	km, problems := ui.ApplyKeys(DefaultKeyMap(), s.Keys)
	if len(problems) > 0 {
		t.Fatal(problems[0])
	}
	return []Option{WithLabel(s.Label), WithReadOnly(s.ReadOnly), WithStyles(st), WithKeyMap(km), WithInterval(s.Interval)}
}

func TestProgramReadOnlyProfile(t *testing.T) {
	opts := profileOptions(t, "[profiles.demo]\nlabel = \"STAGING-EU\"\ncolor = \"blue\"\nread_only = true\n", "demo")
	a, _ := openStrategies(t, api.StatusActive, nil, opts...)
	a.waitText("STAGING-EU", "READ-ONLY")
	if !strings.Contains(strings.SplitN(a.frame(), "\n", 2)[0], "STAGING-EU") {
		t.Fatal("the label is not in the header")
	}
	a.keys("h")
	a.waitText(ui.NoticeReadOnly)
	a.keys("y")
	if n := a.sb.Hits(routeHalt); n != 0 {
		t.Fatalf("%d actions sent by a read-only profile", n)
	}
}

func TestProgramOtherProfileWritable(t *testing.T) {
	opts := profileOptions(t, "[profiles.prod]\nlabel = \"PROD\"\nread_only = true\n", "demo")
	a, id := openStrategies(t, api.StatusActive, nil, opts...)
	if strings.Contains(a.frame(), "PROD") || strings.Contains(a.frame(), "READ-ONLY") {
		t.Fatal("another profile's section applied")
	}
	a.keys("h")
	a.waitText("Halt strategy " + itoa(id) + "?")
}

// colourSGR matches an SGR sequence that sets a foreground or background
// colour.
var colourSGR = regexp.MustCompile(`\x1b\[(?:[0-9]+;)*(?:3[0-8]|4[0-8]|9[0-7]|10[0-7])(?:;[0-9]+)*m`)

func TestProgramThemeNoneWritesNoColour(t *testing.T) {
	lipgloss.SetColorProfile(termenv.TrueColor)
	t.Cleanup(func() { lipgloss.SetColorProfile(termenv.Ascii) })
	for _, tc := range []struct {
		theme  string
		colour bool
	}{{ui.ThemeDark, true}, {ui.ThemeNone, false}} {
		t.Run(tc.theme, func(t *testing.T) {
			st, err := ui.NewStyles(ui.ThemeOptions{Name: tc.theme, Accent: "red"})
			if err != nil {
				t.Fatal(err)
			}
			a, _ := openStrategies(t, api.StatusActive, nil, WithStyles(st), WithLabel("PROD"))
			a.keys("enter", "?")
			a.waitText("(? or esc to close)")
			a.keys("esc", "h")
			a.waitText("Halt strategy")
			a.keys("n")
			_ = a.tm.Quit()
			out, err := io.ReadAll(a.tm.FinalOutput(t, teatest.WithFinalTimeout(5*time.Second)))
			if err != nil {
				t.Fatal(err)
			}
			if got := colourSGR.Find(out); (got != nil) != tc.colour {
				t.Errorf("theme %s: colour SGR %q in %d bytes written", tc.theme, got, len(out))
			}
		})
	}
}
