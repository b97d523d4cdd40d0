package ui

import (
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/stratop/stratop/api"
)

// renderAll draws a header, a status line and every style of st on a
// terminal that shows true colour.
func renderAll(t *testing.T, st Styles) string {
	t.Helper()
	prev := lipgloss.ColorProfile()
	lipgloss.SetColorProfile(termenv.TrueColor)
	t.Cleanup(func() { lipgloss.SetColorProfile(prev) })
	var b strings.Builder
	b.WriteString(Header(st, HeaderData{Profile: "prod", Label: "PROD", Host: "h", ReadOnly: true, ChosenUser: "u"}, 120))
	b.WriteString(StatusLine(st, Status{Stale: true, StaleReason: "x", Notice: "n", ChangedAt: time.Unix(0, 0)}, 120))
	v := reflect.ValueOf(st)
	for i := 0; i < v.NumField(); i++ {
		if s, ok := v.Field(i).Interface().(lipgloss.Style); ok {
			b.WriteString(s.Render("x"))
		}
	}
	for _, s := range []api.Status{api.StatusActive, api.StatusSuspended, api.StatusPaused, api.StatusCompleted, api.StatusArchived} {
		b.WriteString(st.StatusStyle(s).Render(string(s)))
	}
	return b.String()
}

var sgr = regexp.MustCompile(`\x1b\[([0-9;:]*)m`)

// colourSGR returns the first SGR sequence that sets a colour.
func colourSGR(s string) string {
	for _, m := range sgr.FindAllStringSubmatch(s, -1) {
		for _, p := range strings.FieldsFunc(m[1], func(r rune) bool { return r == ';' || r == ':' }) {
			n, _ := strconv.Atoi(p)
			if (n >= 30 && n <= 49) || (n >= 90 && n <= 107) {
				return strconv.Quote(m[0])
			}
		}
	}
	return ""
}

func TestThemeNoneWritesNoColour(t *testing.T) {
	st, err := NewStyles(ThemeOptions{Name: ThemeNone, Colors: map[string]string{"accent": "red"}, Accent: "#ff0000"})
	if err != nil {
		t.Fatal(err)
	}
	if c := colourSGR(renderAll(t, st)); c != "" {
		t.Fatalf("theme none wrote colour %s", c)
	}
	dark, _ := NewStyles(ThemeOptions{Name: ThemeDark})
	if colourSGR(renderAll(t, dark)) == "" {
		t.Fatal("the dark theme wrote no colour: the check cannot fail")
	}
}

func TestStatusesDistinctWithoutHue(t *testing.T) {
	for _, name := range []string{ThemeNone, ThemeHighContrast} {
		st, _ := NewStyles(ThemeOptions{Name: name})
		seen := map[string]api.Status{}
		for _, s := range []api.Status{api.StatusActive, api.StatusSuspended, api.StatusPaused, api.StatusCompleted, api.StatusArchived} {
			// Statuses are drawn as their words; the word alone tells them apart.
			out := st.StatusStyle(s).Render(string(s))
			if !strings.Contains(out, string(s)) {
				t.Errorf("%s: status %s not drawn as its word", name, s)
			}
			seen[string(s)] = s
		}
		if len(seen) != 5 {
			t.Errorf("%s: statuses collide", name)
		}
	}
	hc, _ := NewStyles(ThemeOptions{Name: ThemeHighContrast})
	if !hc.Selected.GetReverse() || !hc.Selected.GetBold() || !hc.Active.GetBold() || !hc.Stale.GetReverse() {
		t.Error("high-contrast must lean on bold and reverse")
	}
}

func TestThemeErrorsAndOverrides(t *testing.T) {
	if _, err := NewStyles(ThemeOptions{Name: "neon"}); err == nil {
		t.Error("unknown theme accepted")
	}
	if _, err := NewStyles(ThemeOptions{Name: ThemeDark, Colors: map[string]string{"sky": "red"}}); err == nil {
		t.Error("unknown role accepted")
	}
	if _, err := NewStyles(ThemeOptions{Name: ThemeDark, Colors: map[string]string{"accent": "sky"}}); err == nil {
		t.Error("unknown colour accepted")
	}
	st, err := NewStyles(ThemeOptions{Name: ThemeDark, Colors: map[string]string{"active": "#00ff00"}, Accent: "red"})
	if err != nil {
		t.Fatal(err)
	}
	if st.Active.GetForeground() != lipgloss.Color("#00ff00") || st.Badge.GetBackground() != lipgloss.Color("1") {
		t.Errorf("overrides not applied: %v %v", st.Active.GetForeground(), st.Badge.GetBackground())
	}
	for _, ok := range []string{"red", "bright-blue", "0", "255", "#A0b0C0"} {
		if _, err := ParseColor(ok); err != nil {
			t.Errorf("%q: %v", ok, err)
		}
	}
	for _, bad := range []string{"", "256", "-1", "#abc", "redd", "07"} {
		if _, err := ParseColor(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
