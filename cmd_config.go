package main

// `stratop config path|init|check`, and the settings the dashboard starts
// with. The file format and its checks live in package config.

import (
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/stratop/stratop/config"
	"github.com/stratop/stratop/model"
	"github.com/stratop/stratop/ui"
)

// configFlag is the name of the root's persistent flag naming the file.
const configFlag = "config"

func newConfigCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "config",
		Short: "Show, create or check the settings file",
		Args:  cobra.NoArgs,
	}
	cmd.AddCommand(
		&cobra.Command{
			Use:   "path",
			Short: "Print the settings file in use (--config, STRATOP_CONFIG, or the default)",
			Args:  cobra.NoArgs,
			RunE: func(cmd *cobra.Command, _ []string) error {
				p, _, err := settingsPath(cmd)
				if err != nil {
					return &exitCodeError{code: 2, err: err}
				}
				fmt.Fprintln(cmd.OutOrStdout(), p)
				return nil
			},
		},
		&cobra.Command{
			Use:   "init",
			Short: "Write a commented settings file with every default (never overwrites)",
			Args:  cobra.NoArgs,
			RunE: func(cmd *cobra.Command, _ []string) error {
				p, _, err := settingsPath(cmd)
				if err == nil {
					err = config.Init(p)
				}
				if err != nil {
					return &exitCodeError{code: 2, err: fmt.Errorf("config init: %w", err)}
				}
				fmt.Fprintln(cmd.OutOrStdout(), "wrote", p)
				return nil
			},
		},
		&cobra.Command{
			Use:   "check",
			Short: "Check the settings file: exit 0 when valid, 2 with every mistake otherwise",
			Args:  cobra.NoArgs,
			RunE: func(cmd *cobra.Command, _ []string) error {
				c, err := loadSettings(cmd)
				if err != nil {
					return &exitCodeError{code: 2, err: err}
				}
				if !c.Exists {
					fmt.Fprintln(cmd.OutOrStdout(), "no settings file; defaults apply (`stratop config init` writes one)")
					return nil
				}
				fmt.Fprintln(cmd.OutOrStdout(), c.Path+": ok")
				return nil
			},
		},
	)
	return cmd
}

// settingsPath resolves the file from --config, STRATOP_CONFIG or the
// XDG default.
func settingsPath(cmd *cobra.Command) (string, bool, error) {
	var flag string
	if f := cmd.Flag(configFlag); f != nil {
		flag = f.Value.String()
	}
	return config.Path(flag, os.Getenv)
}

// loadSettings loads the file in use; its errors name file, line and key.
func loadSettings(cmd *cobra.Command) (*config.Config, error) {
	p, explicit, err := settingsPath(cmd)
	if err != nil {
		return nil, err
	}
	return config.Load(p, explicit)
}

// dashboardSettings loads the settings file before anything else, so an
// invalid file stops the dashboard (exit 2) whatever else is wrong.
func dashboardSettings(cmd *cobra.Command) (*config.Config, error) {
	c, err := loadSettings(cmd)
	if err != nil {
		return nil, &exitCodeError{code: 2, err: fmt.Errorf("%w\nthe settings file is invalid; `stratop config check` lists every mistake", err)}
	}
	return c, nil
}

// dashboardOptions turns the settings of a profile into model options.
// profileHost says the dashboard talks to the profile's own host: on any
// other the header shows neither the profile's label nor its colour.
func dashboardOptions(cmd *cobra.Command, c *config.Config, profile string, f dashboardFlags, profileHost bool) ([]model.Option, error) {
	ov := config.Overrides{ReadOnly: f.readOnly}
	if cmd.Flags().Changed("interval") {
		ov.Interval = f.interval
	}
	s, err := c.Resolve(profile, os.Getenv, ov)
	if err != nil {
		return nil, &exitCodeError{code: 2, err: err}
	}
	if !profileHost {
		s.Label, s.Color = "", ""
	}
	st, err := s.Styles(lightBackground(os.Getenv("COLORFGBG")))
	if err != nil {
		return nil, &exitCodeError{code: 2, err: err}
	}
	km, err := s.KeyMap(model.DefaultKeyMap())
	if err != nil {
		return nil, &exitCodeError{code: 2, err: err}
	}
	opts := []model.Option{
		model.WithNotify(s.Notify),
		model.WithIntegrationActivity(s.Activity == config.ActivityIntegration),
		model.WithInterval(s.Interval),
		model.WithReadOnly(s.ReadOnly),
		model.WithRequireReason(s.RequireReason),
		model.WithLabel(s.Label),
		model.WithStyles(st),
		model.WithKeyMap(km),
		model.WithMouse(s.Mouse),
	}
	if cs, err := ui.ParseChartStyle(s.Charts); err == nil {
		opts = append(opts, model.WithCharts(cs))
	}
	if s.Links {
		opts = append(opts, model.WithExplorers(ui.NewExplorers(s.Explorers)))
	}
	return opts, nil
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
