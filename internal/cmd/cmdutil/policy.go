package cmdutil

import (
	"github.com/spf13/cobra"
)

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
