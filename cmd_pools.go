package main

import (
	"github.com/spf13/cobra"

	"github.com/stratop/stratop/internal/cli"
)

// newPoolsCmd is `stratop pools list|view`.
func newPoolsCmd() *cobra.Command {
	var conn connFlags
	cmd := &cobra.Command{Use: "pools", Short: "List and view the integration's pools", Args: cobra.NoArgs}
	addConnFlags(cmd, &conn)

	var listOut string
	var chain int64
	list := &cobra.Command{
		Use: "list", Short: "Pools with a deposit from any user of the integration", Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			f, err := format(cmd, listOut, cli.ReadFormats)
			if err != nil {
				return err
			}
			c, _, err := connect(cmd, conn)
			if err != nil {
				return err
			}
			return cliErr(cli.Pools(cmd.Context(), cliIO(cmd), c, f, chain))
		},
	}
	outputFlag(list, &listOut, cli.ReadFormats)
	chainFlag(list, &chain)

	var viewOut string
	view := &cobra.Command{
		Use: "view ID", Short: "Show one pool with its token price", Args: cobra.ExactArgs(1), ValidArgsFunction: noFiles,
		RunE: func(cmd *cobra.Command, args []string) error {
			ids, err := cli.ParseIDs(args)
			if err != nil {
				return cliErr(err)
			}
			f, err := format(cmd, viewOut, cli.ReadFormats)
			if err != nil {
				return err
			}
			c, _, err := connect(cmd, conn)
			if err != nil {
				return err
			}
			return cliErr(cli.PoolView(cmd.Context(), cliIO(cmd), c, f, ids[0]))
		},
	}
	outputFlag(view, &viewOut, cli.ReadFormats)
	cmd.AddCommand(list, view)
	return cmd
}
