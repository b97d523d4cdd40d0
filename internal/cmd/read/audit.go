package read

import (
	"time"

	"github.com/spf13/cobra"

	"github.com/stratop/stratop/audit"
	"github.com/stratop/stratop/internal/cli"
	"github.com/stratop/stratop/internal/cmd/cmdutil"
)

// NewAuditCmd is `stratop audit`: the actions taken from this machine.
func NewAuditCmd() *cobra.Command {
	var (
		output string
		since  time.Duration
	)
	cmd := &cobra.Command{
		Use:   "audit",
		Short: "The actions taken from this machine, with their outcomes",
		Long: "Print the audit log ($XDG_STATE_HOME/stratop/audit.jsonl): every action sent from the\n" +
			"dashboard or the command line. An action whose outcome was never recorded (the program was\n" +
			"killed while it was in flight) shows as outcome unknown.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			f, err := cmdutil.Format(cmd, output, cli.AuditFormats)
			if err != nil {
				return err
			}
			if since < 0 {
				return cli.Usage("--since must not be negative")
			}
			path, err := audit.DefaultPath()
			if err != nil {
				return cli.Failed("%s", err)
			}
			return cli.Audit(cmdutil.IO(cmd), path, f, since, time.Now())
		},
	}
	cmdutil.OutputFlag(cmd, &output, cli.AuditFormats)
	cli.DurationVar(cmd.Flags(), &since, "since", 24*time.Hour, "how far back (0 for everything)")
	_ = cmd.RegisterFlagCompletionFunc("since", cmdutil.FixedCompletion("1h", "24h", "7d", "0"))
	return cmd
}
