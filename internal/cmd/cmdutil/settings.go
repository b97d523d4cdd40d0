package cmdutil

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/stratop/stratop/config"
	"github.com/stratop/stratop/internal/cli"
)

// ConfigFlag is the name of the root's persistent flag naming the file.
const ConfigFlag = "config"

// SettingsPath resolves the file from --config, STRATOP_CONFIG or the
// XDG default.
func SettingsPath(cmd *cobra.Command) (string, bool, error) {
	var flag string
	if f := cmd.Flag(ConfigFlag); f != nil {
		flag = f.Value.String()
	}
	return config.Path(flag, os.Getenv)
}

// LoadSettings loads the file in use; its errors name file, line and key.
func LoadSettings(cmd *cobra.Command) (*config.Config, error) {
	p, explicit, err := SettingsPath(cmd)
	if err != nil {
		return nil, err
	}
	return config.Load(p, explicit)
}

// DashboardSettings loads the settings file before anything else, so an
// invalid file stops the dashboard (exit 2) whatever else is wrong.
func DashboardSettings(cmd *cobra.Command) (*config.Config, error) {
	c, err := LoadSettings(cmd)
	if err != nil {
		return nil, &cli.ExitError{Code: 2, Err: fmt.Errorf("%w\nthe settings file is invalid; `stratop config check` lists every mistake", err)}
	}
	return c, nil
}
