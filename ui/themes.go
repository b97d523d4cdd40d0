package ui

// Themes: the palettes the settings file names, and per-role overrides.
// The default palettes keep to the 16 ANSI colours but where none reads
// at 4.5:1 on the background (see styles.go, contrast.go); an
// override may name any colour the operator's terminal shows.

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/charmbracelet/lipgloss"

	"github.com/stratop/stratop/internal/vocab"
)

// Theme names accepted by the settings file.
const (
	ThemeAuto         = vocab.ThemeAuto
	ThemeDark         = "dark"
	ThemeLight        = "light"
	ThemeHighContrast = "high-contrast"
	ThemeNone         = vocab.ThemeNone
)

// ThemeNames lists the themes in the order the settings file documents them.
var ThemeNames = []string{ThemeAuto, ThemeDark, ThemeLight, ThemeHighContrast, ThemeNone}

// palette is one colour per role. A nil-free palette: "no colour" is
// lipgloss.NoColor, which writes nothing.
type palette struct {
	accent, muted, positive, negative              lipgloss.TerminalColor
	active, suspended, paused, completed, archived lipgloss.TerminalColor
	notice, marked, alertFg, alertBg, frame        lipgloss.TerminalColor
	badge, badgeFg                                 lipgloss.TerminalColor // nil: the badge is drawn reversed
	background                                     lipgloss.TerminalColor // the terminal's, that the colours are chosen for
	highContrast, none                             bool
}

func ansiColor(n int) lipgloss.TerminalColor { return lipgloss.Color(strconv.Itoa(n)) }

func darkPalette() palette {
	return palette{
		accent: ansiColor(6), muted: ansiColor(8), positive: ansiColor(2), negative: ansiColor(9),
		active: ansiColor(2), suspended: ansiColor(3), paused: ansiColor(14), completed: ansiColor(13), archived: ansiColor(8),
		notice: ansiColor(3), marked: ansiColor(13), alertFg: ansiColor(15), alertBg: ansiColor(1), frame: lipgloss.NoColor{},
		background: darkBackground,
	}
}

// lightPalette avoids yellow and cyan text, which wash out on white, and
// takes a darker green, grey and teal from the 256 colours: no ANSI green,
// grey or cyan reads at 4.5:1 on white.
func lightPalette() palette {
	p := darkPalette()
	p.accent, p.suspended, p.notice, p.negative = ansiColor(4), ansiColor(5), ansiColor(5), ansiColor(1)
	p.paused, p.completed, p.marked = ansiColor(24), ansiColor(0), ansiColor(4)
	p.positive, p.active, p.muted, p.archived = ansiColor(28), ansiColor(28), ansiColor(242), ansiColor(242)
	p.background = lightBackground
	return p
}

// highContrastPalette uses the bright colours and leans on bold, underline
// and reverse (see buildStyles), so no state depends on hue. Bright blue
// is too dark on black for text: paused is a light sky blue.
func highContrastPalette() palette {
	p := palette{
		accent: ansiColor(14), muted: ansiColor(7), positive: ansiColor(10), negative: ansiColor(9),
		active: ansiColor(10), suspended: ansiColor(11), paused: ansiColor(117), completed: ansiColor(13), archived: ansiColor(7),
		notice: ansiColor(11), marked: ansiColor(13), alertFg: ansiColor(15), alertBg: ansiColor(1), frame: lipgloss.NoColor{},
		background: darkBackground,
	}
	p.highContrast = true
	return p
}

// nonePalette has no colour at all, as NO_COLOR asks; bold and reverse
// still mark what colour would.
func nonePalette() palette {
	nc := lipgloss.NoColor{}
	return palette{accent: nc, muted: nc, positive: nc, negative: nc, active: nc, suspended: nc,
		paused: nc, completed: nc, archived: nc, notice: nc, marked: nc, alertFg: nc, alertBg: nc,
		frame: nc, none: true}
}

// themes are the palette of each theme name, for a dark and a light
// terminal; auto follows the terminal.
var themes = map[string][2]func() palette{
	"":                {darkPalette, lightPalette},
	ThemeAuto:         {darkPalette, lightPalette},
	ThemeDark:         {darkPalette, darkPalette},
	ThemeLight:        {lightPalette, lightPalette},
	ThemeHighContrast: {highContrastPalette, highContrastPalette},
	ThemeNone:         {nonePalette, nonePalette},
}

// themePalette is the palette of a theme on a dark or light terminal.
func themePalette(name string, light bool) (palette, bool) {
	mk, ok := themes[name]
	if !ok {
		return palette{}, false
	}
	if light {
		return mk[1](), true
	}
	return mk[0](), true
}

// roles maps the colour role names of the settings file to palette fields.
func (p *palette) roles() map[string]*lipgloss.TerminalColor {
	return map[string]*lipgloss.TerminalColor{
		"accent": &p.accent, "muted": &p.muted, "positive": &p.positive, "negative": &p.negative,
		"active": &p.active, "suspended": &p.suspended, "paused": &p.paused, "completed": &p.completed,
		"archived": &p.archived, "notice": &p.notice, "marked": &p.marked,
		"alert": &p.alertBg, "frame": &p.frame,
	}
}

// ColorRoles lists the colour role names an override may set, sorted.
func ColorRoles() []string {
	var p palette
	var out []string
	for n := range p.roles() {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

var colorNames = map[string]int{
	"black": 0, "red": 1, "green": 2, "yellow": 3, "blue": 4, "magenta": 5, "cyan": 6, "white": 7,
	"grey": 8, "gray": 8, "bright-red": 9, "bright-green": 10, "bright-yellow": 11, "bright-blue": 12,
	"bright-magenta": 13, "bright-cyan": 14, "bright-white": 15,
}

var hexColor = regexp.MustCompile(`^#[0-9a-fA-F]{6}$`)

// ParseColor reads a colour: an ANSI name ("red", "bright-blue", "grey"),
// a number 0-255, or "#rrggbb".
func ParseColor(s string) (lipgloss.TerminalColor, error) {
	v := strings.ToLower(strings.TrimSpace(s))
	if n, ok := colorNames[v]; ok {
		return ansiColor(n), nil
	}
	if n, err := strconv.Atoi(v); err == nil && n >= 0 && n <= 255 && strconv.Itoa(n) == v {
		return ansiColor(n), nil
	}
	if hexColor.MatchString(v) {
		return lipgloss.Color(v), nil
	}
	return nil, fmt.Errorf("unknown colour %q (an ANSI name such as red or bright-blue, 0-255, or #rrggbb)", s)
}

// ThemeOptions choose a style tree.
type ThemeOptions struct {
	Name   string            // one of ThemeNames; "" is auto
	Light  bool              // for auto: the terminal's background is light
	Colors map[string]string // role -> colour overrides
	Accent string            // the profile's colour: badge and frame accent
}

// NewStyles builds the style tree of a theme. Theme none ignores every
// colour, overrides included: no colour means none.
func NewStyles(o ThemeOptions) (Styles, error) {
	if o.Name == ThemeNone {
		return buildStyles(nonePalette()), nil
	}
	p, ok := themePalette(o.Name, o.Light)
	if !ok {
		return Styles{}, fmt.Errorf("unknown theme %q (one of %s)", o.Name, strings.Join(ThemeNames, ", "))
	}
	roles := p.roles()
	for role, val := range o.Colors {
		dst, ok := roles[role]
		if !ok {
			return Styles{}, fmt.Errorf("unknown colour role %q (one of %s)", role, strings.Join(ColorRoles(), ", "))
		}
		c, err := ParseColor(val)
		if err != nil {
			return Styles{}, err
		}
		*dst = c
	}
	if o.Accent != "" {
		c, err := ParseColor(o.Accent)
		if err != nil {
			return Styles{}, err
		}
		p.accent, p.frame, p.badge, p.badgeFg = c, c, c, readableOn(c)
	}
	return buildStyles(p), nil
}
