package ui

import (
	"testing"

	"github.com/charmbracelet/lipgloss"
)

// backgroundRoles are the colour roles drawn behind text or as lines, not
// as text.
var backgroundRoles = map[string]bool{"alert": true, "frame": true}

// textPairs lists every text colour of a palette with the background it is
// drawn on: each role of the settings file on the terminal's background,
// the alert's text on the alert colour, the badge's text on the badge.
func textPairs(p palette) map[string][2]lipgloss.TerminalColor {
	out := map[string][2]lipgloss.TerminalColor{}
	for role, c := range p.roles() {
		if !backgroundRoles[role] {
			out[role] = [2]lipgloss.TerminalColor{*c, p.background}
		}
	}
	out["alert text"] = [2]lipgloss.TerminalColor{p.alertFg, p.alertBg}
	if p.badge != nil {
		out["badge text"] = [2]lipgloss.TerminalColor{p.badgeFg, p.badge}
	}
	return out
}

func TestEveryThemeTextPassesAA(t *testing.T) {
	checked := 0
	for _, name := range ThemeNames {
		for _, light := range []bool{false, true} {
			p, ok := themePalette(name, light)
			if !ok {
				t.Fatalf("theme %q has no palette", name)
			}
			for role, pair := range textPairs(p) {
				if _, none := pair[0].(lipgloss.NoColor); none {
					continue // no colour: the terminal's own text colour
				}
				ratio, ok := Contrast(pair[0], pair[1])
				if !ok {
					t.Errorf("%s (light %v): %s %v on %v has no known value", name, light, role, pair[0], pair[1])
					continue
				}
				checked++
				if ratio < MinContrast {
					t.Errorf("%s (light %v): %s %v on %v is %.2f:1, want at least %.1f:1", name, light, role, pair[0], pair[1], ratio, MinContrast)
				}
			}
		}
	}
	if checked < 40 {
		t.Fatalf("only %d colours checked", checked)
	}
}

func TestContrastValues(t *testing.T) {
	cases := []struct {
		fg, bg   string
		min, max float64
	}{
		{"15", "0", 20.9, 21.1},      // white on black
		{"#ffffff", "#ffffff", 1, 1}, // equal
		{"4", "0", 2.2, 2.3},         // xterm blue on black: what the dark theme's paused was
		{"12", "0", 4.4, 4.45},       // bright blue: still short of AA
		{"196", "#ff0000", 1, 1},     // the 256-colour cube
		{"232", "#080808", 1, 1},     // the greys
		{"8", "15", 3.9, 4.1},        // grey on white fails
		{"242", "15", 5.2, 5.4},      // the light theme's muted
	}
	for _, c := range cases {
		r, ok := Contrast(lipgloss.Color(c.fg), lipgloss.Color(c.bg))
		if !ok || r < c.min || r > c.max {
			t.Errorf("%s on %s = %.3f (%v), want %.2f..%.2f", c.fg, c.bg, r, ok, c.min, c.max)
		}
	}
	if _, ok := Contrast(lipgloss.NoColor{}, lipgloss.Color("0")); ok {
		t.Error("no colour has no contrast")
	}
}

func TestProfileBadgeTextReadsOnItsColour(t *testing.T) {
	for _, accent := range []string{"yellow", "red", "blue", "bright-white", "#00ff00", "#202020"} {
		st, err := NewStyles(ThemeOptions{Name: ThemeDark, Accent: accent})
		if err != nil {
			t.Fatal(err)
		}
		r, ok := Contrast(st.Badge.GetForeground(), st.Badge.GetBackground())
		if !ok || r < MinContrast {
			t.Errorf("badge on %s: %.2f:1", accent, r)
		}
	}
}
