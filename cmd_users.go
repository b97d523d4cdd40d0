package main

import (
	"time"

	"github.com/spf13/cobra"

	"github.com/stratop/stratop/action"
	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/internal/cli"
)

// newUsersCmd is `stratop users list|view|pools|balances|disable-all|remove-all`.
func newUsersCmd() *cobra.Command {
	var conn connFlags
	cmd := &cobra.Command{Use: "users", Short: "List and view users; act on all of a user's strategies", Args: cobra.NoArgs}
	addConnFlags(cmd, &conn)

	read := func(use, short string, nargs int, withChain bool, run func(cmd *cobra.Command, c *api.Client, f cli.Format, args []string, chain int64) error) *cobra.Command {
		var (
			output string
			chain  int64
		)
		sub := &cobra.Command{
			Use: use, Short: short, Args: cobra.ExactArgs(nargs), ValidArgsFunction: noFiles,
			RunE: func(cmd *cobra.Command, args []string) error {
				for _, a := range args {
					if err := action.CheckUser(a); err != nil {
						return cliErr(cli.Usage("%s", err))
					}
				}
				f, err := format(cmd, output, cli.ReadFormats)
				if err != nil {
					return err
				}
				c, _, err := connect(cmd, conn)
				if err != nil {
					return err
				}
				return cliErr(run(cmd, c, f, args, chain))
			},
		}
		outputFlag(sub, &output, cli.ReadFormats)
		if withChain {
			chainFlag(sub, &chain)
		}
		return sub
	}
	cmd.AddCommand(
		read("list", "List the integration's users", 0, false, func(cmd *cobra.Command, c *api.Client, f cli.Format, _ []string, _ int64) error {
			return cli.Users(cmd.Context(), cliIO(cmd), c, f)
		}),
		read("view USER", "Show one user (with e-mail)", 1, false, func(cmd *cobra.Command, c *api.Client, f cli.Format, args []string, _ int64) error {
			return cli.UserView(cmd.Context(), cliIO(cmd), c, f, args[0])
		}),
		read("pools USER", "A user's pools, deposits and balances", 1, true, func(cmd *cobra.Command, c *api.Client, f cli.Format, args []string, chain int64) error {
			return cli.UserPools(cmd.Context(), cliIO(cmd), c, f, args[0], chain)
		}),
		read("balances USER", "A user's native balances per chain", 1, true, func(cmd *cobra.Command, c *api.Client, f cli.Format, args []string, chain int64) error {
			return cli.UserBalances(cmd.Context(), cliIO(cmd), c, f, args[0], chain)
		}),
	)
	for _, spec := range []action.Spec{action.DisableAll, action.RemoveAll} {
		var (
			f       actionFlags
			wait    bool
			waitFor time.Duration
		)
		sub := &cobra.Command{
			Use: spec.Name + " USER", Short: spec.Label + " (" + spec.Effect + ")",
			Args: cobra.ExactArgs(1), ValidArgsFunction: noFiles,
			RunE: func(cmd *cobra.Command, args []string) error {
				if err := action.CheckUser(args[0]); err != nil {
					return cliErr(cli.Usage("%s %q: %s: nothing sent", spec.Name, args[0], err))
				}
				return runAction(cmd, conn, f, cli.ActionOptions{Spec: spec, User: args[0], Wait: wait, WaitTimeout: waitFor})
			},
		}
		addActionFlags(sub, &f)
		sub.Flags().BoolVar(&wait, "wait", false, "follow the started job to its end and say how many strategies it changed")
		cli.DurationVar(sub.Flags(), &waitFor, "wait-timeout", cli.DefaultWaitTimeout, "with --wait: give up following after this long (exit 3)")
		cmd.AddCommand(sub)
	}
	return cmd
}
