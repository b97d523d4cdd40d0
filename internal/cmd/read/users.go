package read

import (
	"github.com/spf13/cobra"

	"github.com/stratop/stratop/action"
	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/internal/cli"
	"github.com/stratop/stratop/internal/cmd/act"
	"github.com/stratop/stratop/internal/cmd/cmdutil"
	"github.com/stratop/stratop/internal/factory"
)

// NewUsersCmd is `stratop users list|view|pools|balances|disable-all|remove-all`.
func NewUsersCmd(fac *factory.Factory) *cobra.Command {
	cmd := &cobra.Command{Use: "users", Short: "List and view users; act on all of a user's strategies", Args: cobra.NoArgs}

	read := func(use, short string, nargs int, withChain bool, run func(cmd *cobra.Command, c *api.Client, f cli.Format, args []string, chain int64) error) *cobra.Command {
		var (
			output string
			chain  int64
		)
		sub := &cobra.Command{
			Use: use, Short: short, Args: cobra.ExactArgs(nargs), ValidArgsFunction: cmdutil.NoFiles,
			RunE: func(cmd *cobra.Command, args []string) error {
				for _, a := range args {
					if err := action.CheckUser(a); err != nil {
						return cli.Usage("%s", err)
					}
				}
				f, err := cmdutil.Format(cmd, output, cli.ReadFormats)
				if err != nil {
					return err
				}
				_, c, err := cmdutil.Connect(cmd, fac, factory.CLI)
				if err != nil {
					return err
				}
				return run(cmd, c, f, args, chain)
			},
		}
		cmdutil.OutputFlag(sub, &output, cli.ReadFormats)
		if withChain {
			cmdutil.ChainFlag(sub, &chain)
		}
		return sub
	}
	cmd.AddCommand(
		read("list", "List the integration's users", 0, false, func(cmd *cobra.Command, c *api.Client, f cli.Format, _ []string, _ int64) error {
			return cli.Users(cmd.Context(), cmdutil.IO(cmd), c, f)
		}),
		read("view USER", "Show one user (with e-mail)", 1, false, func(cmd *cobra.Command, c *api.Client, f cli.Format, args []string, _ int64) error {
			return cli.UserView(cmd.Context(), cmdutil.IO(cmd), c, f, args[0])
		}),
		read("pools USER", "A user's pools, deposits and balances", 1, true, func(cmd *cobra.Command, c *api.Client, f cli.Format, args []string, chain int64) error {
			return cli.UserPools(cmd.Context(), cmdutil.IO(cmd), c, f, args[0], chain)
		}),
		read("balances USER", "A user's native balances per chain", 1, true, func(cmd *cobra.Command, c *api.Client, f cli.Format, args []string, chain int64) error {
			return cli.UserBalances(cmd.Context(), cmdutil.IO(cmd), c, f, args[0], chain)
		}),
	)
	cmd.AddCommand(act.UserCommands(fac)...)
	return cmd
}
