package cmdutil

import (
	"os"

	"github.com/spf13/cobra"

	"github.com/stratop/stratop/action"
	"github.com/stratop/stratop/config"
	"github.com/stratop/stratop/internal/cli"
)

// ReadOnlyFlag is the root's persistent flag: every command takes it, and
// it can only make a profile read-only, never writable.
const ReadOnlyFlag = "read-only"

// PolicyFlags are the safety flags of the commands that act.
type PolicyFlags struct {
	Reason    string
	Unaudited bool
}

func AddPolicyFlags(cmd *cobra.Command, f *PolicyFlags) {
	cmd.Flags().StringVar(&f.Reason, "reason", "", "why (a ticket or a sentence), written to the audit log; required where the profile sets require_reason")
	cmd.Flags().BoolVar(&f.Unaudited, "unaudited", false, "send even when the audit log cannot be written (e.g. a full disk); the action is then not recorded")
	_ = cmd.RegisterFlagCompletionFunc("reason", NoFiles)
}

// ReadOnlyFlagSet reports --read-only, wherever in the tree it was given.
func ReadOnlyFlagSet(cmd *cobra.Command) bool {
	f := cmd.Flag(ReadOnlyFlag)
	return f != nil && f.Value.String() == "true"
}

// ProfilePolicy resolves the profile's safety settings exactly as the
// dashboard does: read_only from the settings file, STRATOP_READ_ONLY and
// --read-only (each naming itself), and require_reason. An invalid settings
// file or variable is exit 2.
func ProfilePolicy(cmd *cobra.Command, profile string) (config.Settings, error) {
	c, err := DashboardSettings(cmd)
	if err != nil {
		return config.Settings{}, err
	}
	s, err := c.Resolve(profile, os.Getenv, config.Overrides{ReadOnly: ReadOnlyFlagSet(cmd)})
	if err != nil {
		return config.Settings{}, &cli.ExitError{Code: cli.ExitUsage, Err: err}
	}
	return s, nil
}

// PolicyRunner is an action runner under the profile's policy.
func PolicyRunner(s config.Settings, f PolicyFlags) action.Runner {
	return action.Runner{
		ReadOnly: s.ReadOnly, ReadOnlyBy: s.ReadOnlyBy,
		RequireReason: s.RequireReason, RequireReasonBy: s.RequireReasonBy,
		Unaudited: f.Unaudited,
	}
}
