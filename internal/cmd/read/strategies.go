// Package read holds the scriptable reads: strategies, users,
// pools, audit and the raw api command; the action subcommands of
// strategies and users come from package act.
package read

import (
	"github.com/spf13/cobra"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/internal/cli"
	"github.com/stratop/stratop/internal/cmd/act"
	"github.com/stratop/stratop/internal/cmd/cmdutil"
	"github.com/stratop/stratop/internal/factory"
)

// NewStrategiesCmd is `stratop strategies list|view|<action>`.
func NewStrategiesCmd(fac *factory.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "strategies",
		Short: "List, view and act on strategies",
		Args:  cobra.NoArgs,
	}
	cmd.AddCommand(newStrategiesListCmd(fac), newStrategiesViewCmd(fac))
	cmd.AddCommand(act.StrategyCommands(fac)...)
	return cmd
}

func newStrategiesListCmd(fac *factory.Factory) *cobra.Command {
	var (
		opt    cli.ListOptions
		status string
		output string
	)
	cmd := &cobra.Command{
		Use:   "list",
		Short: "List the integration's strategies (or one user's with --user)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			f, err := cmdutil.Format(cmd, output, cli.ReadFormats)
			if err != nil {
				return err
			}
			_, c, err := cmdutil.Connect(cmd, fac, factory.CLI)
			if err != nil {
				return err
			}
			opt.Filter.Status = api.Status(status)
			return cli.StrategiesList(cmd.Context(), cmdutil.IO(cmd), c, f, opt)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&opt.User, "user", "", "one user's strategies (external user id)")
	fl.StringVar(&status, "status", "", "active, suspended, paused or completed")
	fl.StringVar(&opt.Filter.Category, "category", "", "buy, sell or range")
	fl.StringVar(&opt.Filter.StrategyMethod, "method", "", "dca or volume")
	fl.StringVar(&opt.Filter.SortBy, "sort", "", "latest or oldest")
	fl.IntVar(&opt.Filter.Page, "page", 0, "server page (default 1)")
	fl.IntVar(&opt.Filter.PageSize, "page-size", 0, "strategies per page, at most 100 (default 50; 100 with --all)")
	fl.BoolVar(&opt.All, "all", false, "walk every page and print all strategies")
	cmdutil.ChainFlag(cmd, &opt.Filter.ChainID)
	cmdutil.OutputFlag(cmd, &output, cli.ReadFormats)
	_ = cmd.RegisterFlagCompletionFunc("status", cmdutil.FixedCompletion("active", "suspended", "paused", "completed"))
	_ = cmd.RegisterFlagCompletionFunc("category", cmdutil.FixedCompletion(api.CategoryBuy, api.CategorySell, api.CategoryRange))
	_ = cmd.RegisterFlagCompletionFunc("method", cmdutil.FixedCompletion(api.MethodDCA, api.MethodVolume))
	_ = cmd.RegisterFlagCompletionFunc("sort", cmdutil.FixedCompletion("latest", "oldest"))
	_ = cmd.RegisterFlagCompletionFunc("user", cmdutil.NoFiles)
	return cmd
}

func newStrategiesViewCmd(fac *factory.Factory) *cobra.Command {
	var output string
	cmd := &cobra.Command{
		Use:               "view ID",
		Short:             "Show one strategy",
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: cmdutil.NoFiles,
		RunE: func(cmd *cobra.Command, args []string) error {
			ids, err := cli.ParseIDs(args)
			if err != nil {
				return err
			}
			f, err := cmdutil.Format(cmd, output, cli.ReadFormats)
			if err != nil {
				return err
			}
			_, c, err := cmdutil.Connect(cmd, fac, factory.CLI)
			if err != nil {
				return err
			}
			return cli.StrategyView(cmd.Context(), cmdutil.IO(cmd), c, f, ids[0])
		},
	}
	cmdutil.OutputFlag(cmd, &output, cli.ReadFormats)
	return cmd
}
