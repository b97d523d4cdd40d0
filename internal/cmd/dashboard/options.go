package dashboard

import (
	"os"
	"strings"

	"github.com/stratop/stratop/config"
	"github.com/stratop/stratop/internal/cli"
	"github.com/stratop/stratop/internal/factory"
	"github.com/stratop/stratop/model"
	"github.com/stratop/stratop/ui"
)

// dashboardOptions turns a resolved context into model options: its
// settings and policy, and where serve keeps its alerts. On a host other
// than the profile's own the header shows neither the profile's label nor
// its colour.
func dashboardOptions(c *factory.Context) ([]model.Option, error) {
	s := c.Settings
	if !c.Target.ProfileHost {
		s.Label, s.Color = "", ""
	}
	if _, err := themeStyles(s); err != nil {
		return nil, err
	}
	km, problems := ui.ApplyKeys(model.DefaultKeyMap(), s.Keys)
	if len(problems) > 0 {
		return nil, &cli.ExitError{Code: 2, Err: problems[0]}
	}
	opts := []model.Option{
		model.WithShellEnv(c.ShellEnv()),
		model.WithNotify(s.Notify),
		model.WithIntegrationActivity(s.Activity == config.ActivityIntegration),
		model.WithInterval(s.Interval),
		model.WithPolicy(c.Policy),
		model.WithLabel(s.Label),
		model.WithTheme(themeOptions(s)),
		model.WithKeyMap(km),
		model.WithMouse(s.Mouse),
		model.WithPrometheus(s.Prometheus),
	}
	if cs, err := ui.ParseChartStyle(s.Charts); err == nil {
		opts = append(opts, model.WithCharts(cs))
	}
	if s.Links {
		opts = append(opts, model.WithExplorers(ui.NewExplorers(s.Explorers)))
	}
	return opts, nil
}

// themeOptions are what the settings say of the theme.
func themeOptions(s config.Settings) ui.ThemeOptions {
	return ui.ThemeOptions{Name: s.Theme, Light: lightBackground(os.Getenv("COLORFGBG")), Colors: s.Colors, Accent: s.Color}
}

// themeStyles are the styles of the settings' theme.
func themeStyles(s config.Settings) (ui.Styles, error) {
	st, err := ui.NewStyles(themeOptions(s))
	if err != nil {
		return ui.Styles{}, &cli.ExitError{Code: 2, Err: err}
	}
	return st, nil
}

// lightBackground reads COLORFGBG ("15;0": light text on black) for theme
// auto. Asking the terminal instead (OSC 11) can stall the start on a
// terminal or multiplexer that never answers; without the variable the
// dark palette applies, whose 16 ANSI colours follow the terminal's own
// scheme anyway.
func lightBackground(colorfgbg string) bool {
	parts := strings.Split(colorfgbg, ";")
	bg := parts[len(parts)-1]
	return bg == "7" || bg == "15"
}
