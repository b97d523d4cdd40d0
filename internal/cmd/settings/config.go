// Package settings is `stratop config path|init|check`. The file format
// and its checks live in package config.
package settings

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/stratop/stratop/alert"
	"github.com/stratop/stratop/config"
	"github.com/stratop/stratop/internal/cli"
	"github.com/stratop/stratop/internal/factory"
)

func NewCmd(fac *factory.Factory) *cobra.Command {
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
				p, _, err := fac.SettingsPath()
				if err != nil {
					return &cli.ExitError{Code: 2, Err: err}
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
				p, _, err := fac.SettingsPath()
				if err == nil {
					err = config.Init(p, fac.Words)
				}
				if err != nil {
					return &cli.ExitError{Code: 2, Err: fmt.Errorf("config init: %w", err)}
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
				// Every mistake, as Load words them: this is the check the
				// other commands point to.
				p, explicit, err := fac.SettingsPath()
				var c *config.Config
				if err == nil {
					c, err = config.Load(p, explicit, fac.Words)
				}
				if err != nil {
					return &cli.ExitError{Code: 2, Err: err}
				}
				if !c.Exists {
					fmt.Fprintln(cmd.OutOrStdout(), "no settings file; defaults apply (`stratop config init` writes one)")
					return nil
				}
				// The sinks as serve would send to them: the same check.
				if _, err := alert.CheckSinks(c, os.Getenv, alert.SinkIdentity{}); err != nil {
					return &cli.ExitError{Code: 2, Err: err}
				}
				fmt.Fprintln(cmd.OutOrStdout(), c.Path+": ok")
				return nil
			},
		},
	)
	return cmd
}
