package main

import (
	"os"

	"github.com/spf13/cobra"

	"github.com/stratop/stratop/action"
	"github.com/stratop/stratop/config"
	"github.com/stratop/stratop/internal/cli"
)

// readOnlyFlag is the root's persistent flag: every command takes it, and
// it can only make a profile read-only, never writable.
const readOnlyFlag = "read-only"

// policyFlags are the safety flags of the commands that act.
type policyFlags struct {
	reason    string
	unaudited bool
}

func addPolicyFlags(cmd *cobra.Command, f *policyFlags) {
	cmd.Flags().StringVar(&f.reason, "reason", "", "why (a ticket or a sentence), written to the audit log; required where the profile sets require_reason")
	cmd.Flags().BoolVar(&f.unaudited, "unaudited", false, "send even when the audit log cannot be written (e.g. a full disk); the action is then not recorded")
	_ = cmd.RegisterFlagCompletionFunc("reason", noFiles)
}

// readOnlyFlagSet reports --read-only, wherever in the tree it was given.
func readOnlyFlagSet(cmd *cobra.Command) bool {
	f := cmd.Flag(readOnlyFlag)
	return f != nil && f.Value.String() == "true"
}

// profilePolicy resolves the profile's safety settings exactly as the
// dashboard does: read_only from the settings file, STRATOP_READ_ONLY and
// --read-only (each naming itself), and require_reason. An invalid settings
// file or variable is exit 2.
func profilePolicy(cmd *cobra.Command, profile string) (config.Settings, error) {
	c, err := dashboardSettings(cmd)
	if err != nil {
		return config.Settings{}, err
	}
	s, err := c.Resolve(profile, os.Getenv, config.Overrides{ReadOnly: readOnlyFlagSet(cmd)})
	if err != nil {
		return config.Settings{}, &exitCodeError{code: cli.ExitUsage, err: err}
	}
	return s, nil
}

// policyRunner is an action runner under the profile's policy.
func policyRunner(s config.Settings, f policyFlags) action.Runner {
	return action.Runner{
		ReadOnly: s.ReadOnly, ReadOnlyBy: s.ReadOnlyBy,
		RequireReason: s.RequireReason, RequireReasonBy: s.RequireReasonBy,
		Unaudited: f.unaudited,
	}
}
