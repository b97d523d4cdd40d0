package read

import (
	"time"

	"github.com/spf13/cobra"

	"github.com/stratop/stratop/audit"
	"github.com/stratop/stratop/internal/cli"
	"github.com/stratop/stratop/internal/cmd/cmdutil"
	"github.com/stratop/stratop/internal/factory"
)

// NewAuditCmd is `stratop audit`: the actions taken from this machine.
func NewAuditCmd(fac *factory.Factory) *cobra.Command {
	var (
		output string
		since  time.Duration
		only   []string
		asCmds bool
	)
	cmd := &cobra.Command{
		Use:   "audit",
		Short: "The actions taken from this machine, with their outcomes",
		Long: "Print the audit log ($XDG_STATE_HOME/stratop/audit.jsonl): every action sent from the\n" +
			"dashboard or the command line. An action still waiting for its answer (its program runs and\n" +
			"its deadline has not passed) shows as in flight; one whose outcome was never recorded (the\n" +
			"program was killed, or gave up) as outcome unknown. Each action names its integration\n" +
			"(host:port and a short hash of the key id); --integration keeps one host's (HOST[:PORT]) or\n" +
			"one integration's (HOST[:PORT]#KEYHASH, or \"HOST:PORT key KEYHASH\" as the table shows it).",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			f, err := cmdutil.Format(cmd, output, cli.AuditFormats)
			if err != nil {
				return err
			}
			if since < 0 {
				return cli.Usage("--since must not be negative")
			}
			filters := make([]audit.Filter, 0, len(only))
			for _, name := range only {
				flt, err := audit.ParseFilter(name)
				if err != nil {
					return cli.Usage("--integration %q: %v", name, err)
				}
				filters = append(filters, flt)
			}
			c, err := fac.Local(factory.Audit)
			if err != nil {
				return err
			}
			if c.Paths.AuditErr != nil {
				return cli.Failed("audit log: %s", c.Paths.AuditErr)
			}
			return cli.AuditAs(cmdutil.IO(cmd), c.Paths.Audit, f, asCmds, since, time.Now(), filters...)
		},
	}
	cmdutil.OutputFlag(cmd, &output, cli.AuditFormats)
	cli.DurationVar(cmd.Flags(), &since, "since", 24*time.Hour, "how far back (0 for everything)")
	_ = cmd.RegisterFlagCompletionFunc("since", cmdutil.FixedCompletion("1h", "24h", "7d", "0"))
	cmd.Flags().BoolVar(&asCmds, "as-commands", false, "print each action as the stratop command that does it, after a # line with its time, outcome and what it undid")
	cmd.Flags().StringArrayVar(&only, "integration", nil, "only the actions of this host (HOST[:PORT]) or integration (HOST[:PORT]#KEYHASH); repeatable")
	return cmd
}
