package read

import (
	"github.com/spf13/cobra"

	"github.com/stratop/stratop/internal/cli"
	"github.com/stratop/stratop/internal/cmd/cmdutil"
	"github.com/stratop/stratop/internal/factory"
)

// NewPoolsCmd is `stratop pools list|view`.
func NewPoolsCmd(fac *factory.Factory) *cobra.Command {
	cmd := &cobra.Command{Use: "pools", Short: "List and view the integration's pools", Args: cobra.NoArgs}

	var listOut string
	var chain int64
	list := &cobra.Command{
		Use: "list", Short: "Pools with a deposit from any user of the integration", Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			f, err := cmdutil.Format(cmd, listOut, cli.ReadFormats)
			if err != nil {
				return err
			}
			_, c, err := cmdutil.Connect(cmd, fac, factory.CLI)
			if err != nil {
				return err
			}
			return cli.Pools(cmd.Context(), cmdutil.IO(cmd), c, f, chain)
		},
	}
	cmdutil.OutputFlag(list, &listOut, cli.ReadFormats)
	cmdutil.ChainFlag(list, &chain)

	var viewOut string
	view := &cobra.Command{
		Use: "view ID", Short: "Show one pool with its token price", Args: cobra.ExactArgs(1), ValidArgsFunction: cmdutil.NoFiles,
		RunE: func(cmd *cobra.Command, args []string) error {
			ids, err := cli.ParseIDs(args)
			if err != nil {
				return err
			}
			f, err := cmdutil.Format(cmd, viewOut, cli.ReadFormats)
			if err != nil {
				return err
			}
			_, c, err := cmdutil.Connect(cmd, fac, factory.CLI)
			if err != nil {
				return err
			}
			return cli.PoolView(cmd.Context(), cmdutil.IO(cmd), c, f, ids[0])
		},
	}
	cmdutil.OutputFlag(view, &viewOut, cli.ReadFormats)
	cmd.AddCommand(list, view)
	return cmd
}
