package dashboard

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/stratop/stratop/internal/factory"
	"github.com/stratop/stratop/internal/fleet"
	"github.com/stratop/stratop/internal/fleet/fleettest"
	"github.com/stratop/stratop/internal/testkit"
)

// colourSGR is an SGR sequence that sets a foreground or background colour.
var colourSGR = regexp.MustCompile(`\x1b\[(?:[0-9]+;)*(?:3[0-8]|4[0-8]|9[0-7]|10[0-7])(?:;[0-9]+)*m`)

// >theme in one dashboard is the program's: the fleet view (its rows and
// its help line) and a dashboard opened after it draw in it too, not in
// the settings' theme the program started with.
func TestProgramFleetTakesTheThemeChosenInADashboard(t *testing.T) {
	lipgloss.SetColorProfile(termenv.TrueColor)
	t.Cleanup(func() { lipgloss.SetColorProfile(termenv.Ascii) })
	a, b := testkit.NewSandbox(t), testkit.NewSandbox(t)
	ff := newFleetFactory(t, fleettest.Profile{Name: "a", URL: a.URL}, fleettest.Profile{Name: "b", URL: b.URL})
	ff.settings(t, "theme = \"dark\"\n")
	c, err := ff.f.Local(factory.Dashboard)
	if err != nil {
		t.Fatal(err)
	}
	view, err := fleetView(c.Settings)
	if err != nil {
		t.Fatal(err)
	}
	r := startFleetRig(t, ff, fleet.Options{Interval: time.Second, Budget: 100000}, 120, 40, nil, view)
	v := testkit.WaitFor(t, 10*time.Second, "both rows ok", r.st.frame, func(v string) bool {
		x, _ := rowLine(ansi.Strip(v), "a")
		y, _ := rowLine(ansi.Strip(v), "b")
		return strings.Contains(x, " ok ") && strings.Contains(y, " ok ")
	})
	if colourSGR.FindString(v) == "" {
		t.Fatal("the fleet in the dark theme draws no colour: the switch below would show nothing")
	}

	r.keys("/", "a", "enter", "enter")
	r.waitDash(hostOf(a), "Overview")
	r.tm.Send(testkit.Runes(":"))
	for _, ch := range ">theme none" {
		r.tm.Send(testkit.Runes(string(ch)))
	}
	r.keys("enter")
	r.waitDash(hostOf(a), "theme none for this session")
	r.keys("esc")
	v = testkit.WaitFor(t, 5*time.Second, "the fleet", r.st.frame, isFleet)
	if got := colourSGR.FindString(v); got != "" {
		t.Fatalf("the fleet still draws colour %q after >theme none:\n%q", got, v)
	}

	r.keys("esc", "/", "b", "enter", "enter")
	v = r.waitDash(hostOf(b), "Overview", "users")
	if got := colourSGR.FindString(v); got != "" {
		t.Fatalf("a dashboard opened after >theme none draws colour %q:\n%q", got, v)
	}
}
