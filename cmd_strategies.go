package main

import (
	"github.com/spf13/cobra"

	"github.com/stratop/stratop/action"
	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/internal/cli"
)

// newStrategiesCmd is `stratop strategies list|view|<action>`.
func newStrategiesCmd() *cobra.Command {
	var conn connFlags
	cmd := &cobra.Command{
		Use:   "strategies",
		Short: "List, view and act on strategies",
		Args:  cobra.NoArgs,
	}
	addConnFlags(cmd, &conn)
	cmd.AddCommand(newStrategiesListCmd(&conn), newStrategiesViewCmd(&conn))
	for _, spec := range []action.Spec{action.Halt, action.Suspend, action.Resume, action.Stop, action.Archive, action.Disable, action.Duplicate} {
		cmd.AddCommand(newStrategyActionCmd(&conn, spec))
	}
	cmd.AddCommand(newAddBalanceCmd(&conn))
	return cmd
}

func newStrategiesListCmd(conn *connFlags) *cobra.Command {
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
			f, err := format(cmd, output, cli.ReadFormats)
			if err != nil {
				return err
			}
			c, _, err := connect(cmd, *conn)
			if err != nil {
				return err
			}
			opt.Filter.Status = api.Status(status)
			return cliErr(cli.StrategiesList(cmd.Context(), cliIO(cmd), c, f, opt))
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
	chainFlag(cmd, &opt.Filter.ChainID)
	outputFlag(cmd, &output, cli.ReadFormats)
	_ = cmd.RegisterFlagCompletionFunc("status", fixedCompletion("active", "suspended", "paused", "completed"))
	_ = cmd.RegisterFlagCompletionFunc("category", fixedCompletion(api.CategoryBuy, api.CategorySell, api.CategoryRange))
	_ = cmd.RegisterFlagCompletionFunc("method", fixedCompletion(api.MethodDCA, api.MethodVolume))
	_ = cmd.RegisterFlagCompletionFunc("sort", fixedCompletion("latest", "oldest"))
	_ = cmd.RegisterFlagCompletionFunc("user", noFiles)
	return cmd
}

func newStrategiesViewCmd(conn *connFlags) *cobra.Command {
	var output string
	cmd := &cobra.Command{
		Use:               "view ID",
		Short:             "Show one strategy",
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: noFiles,
		RunE: func(cmd *cobra.Command, args []string) error {
			ids, err := cli.ParseIDs(args)
			if err != nil {
				return cliErr(err)
			}
			f, err := format(cmd, output, cli.ReadFormats)
			if err != nil {
				return err
			}
			c, _, err := connect(cmd, *conn)
			if err != nil {
				return err
			}
			return cliErr(cli.StrategyView(cmd.Context(), cliIO(cmd), c, f, ids[0]))
		},
	}
	outputFlag(cmd, &output, cli.ReadFormats)
	return cmd
}

// actionFlags are the flags every action shares.
type actionFlags struct {
	yes, dryRun bool
	output      string
	policy      policyFlags
}

func addActionFlags(cmd *cobra.Command, f *actionFlags) {
	cmd.Flags().BoolVarP(&f.yes, "yes", "y", false, "confirm without asking (needed when stdin is not a terminal)")
	cmd.Flags().BoolVar(&f.dryRun, "dry-run", false, "print the plan and send nothing")
	outputFlag(cmd, &f.output, cli.ReadFormats)
	addPolicyFlags(cmd, &f.policy)
}

// runAction connects with the audit log and runs opt through the
// dashboard's action runner.
func runAction(cmd *cobra.Command, conn connFlags, f actionFlags, opt cli.ActionOptions) error {
	format, err := format(cmd, f.output, cli.ReadFormats)
	if err != nil {
		return err
	}
	s, err := connectForActions(cmd, conn, f.policy)
	if err != nil {
		return err
	}
	defer s.close()
	opt.Yes, opt.DryRun, opt.Format, opt.Reason = f.yes, f.dryRun, format, f.policy.reason
	return cliErr(cli.RunAction(cmd.Context(), cliIO(cmd), s.runner(), opt))
}

func newStrategyActionCmd(conn *connFlags, spec action.Spec) *cobra.Command {
	var f actionFlags
	cmd := &cobra.Command{
		Use:               spec.Name + " ID...",
		Short:             spec.Label + " (" + spec.Effect + ")",
		Args:              cobra.MinimumNArgs(1),
		ValidArgsFunction: noFiles,
		RunE: func(cmd *cobra.Command, args []string) error {
			ids, err := cli.ParseIDs(args)
			if err != nil {
				return cliErr(err)
			}
			return runAction(cmd, *conn, f, cli.ActionOptions{Spec: spec, IDs: ids})
		},
	}
	addActionFlags(cmd, &f)
	return cmd
}

func newAddBalanceCmd(conn *connFlags) *cobra.Command {
	var (
		f      actionFlags
		amount string
		raw    bool
	)
	cmd := &cobra.Command{
		Use:               "add-balance ID --amount N",
		Short:             "Add to a volume strategy's balance (token units, or raw units with --raw)",
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: noFiles,
		RunE: func(cmd *cobra.Command, args []string) error {
			ids, err := cli.ParseIDs(args)
			if err != nil {
				return cliErr(err)
			}
			if amount == "" {
				return cliErr(cli.Usage("add-balance: --amount is required: nothing sent"))
			}
			return runAction(cmd, *conn, f, cli.ActionOptions{Spec: action.AddBalance, IDs: ids, Amount: amount, Raw: raw})
		},
	}
	cmd.Flags().StringVar(&amount, "amount", "", "amount to add, in token units (e.g. 1.5)")
	cmd.Flags().BoolVar(&raw, "raw", false, "--amount is in the token's smallest unit")
	_ = cmd.RegisterFlagCompletionFunc("amount", noFiles)
	addActionFlags(cmd, &f)
	return cmd
}
