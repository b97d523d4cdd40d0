// Package act holds the commands that change state: the lifecycle actions
// on strategies and on all of a user's strategies, sent through the one
// action runner with a plan and a confirmation.
package act

import (
	"github.com/spf13/cobra"

	"github.com/stratop/stratop/action"
	"github.com/stratop/stratop/internal/cli"
	"github.com/stratop/stratop/internal/cmd/cmdutil"
	"github.com/stratop/stratop/internal/factory"
)

// StrategyCommands are `stratop strategies <action> ID...` and
// `strategies add-balance`.
func StrategyCommands(fac *factory.Factory) []*cobra.Command {
	var cmds []*cobra.Command
	for _, spec := range []action.Spec{action.Halt, action.Suspend, action.Resume, action.Stop, action.Archive, action.Disable, action.Duplicate} {
		cmds = append(cmds, newStrategyActionCmd(fac, spec))
	}
	return append(cmds, newAddBalanceCmd(fac))
}

// actionFlags are the flags every action shares.
type actionFlags struct {
	yes, dryRun bool
	output      string
	policy      cmdutil.PolicyFlags
}

func addActionFlags(cmd *cobra.Command, f *actionFlags) {
	cmd.Flags().BoolVarP(&f.yes, "yes", "y", false, "confirm without asking (needed when stdin is not a terminal)")
	cmd.Flags().BoolVar(&f.dryRun, "dry-run", false, "print the plan and send nothing")
	cmdutil.OutputFlag(cmd, &f.output, cli.ReadFormats)
	cmdutil.AddPolicyFlags(cmd, &f.policy)
}

// runAction connects with the audit log and runs opt through the
// dashboard's action runner.
func runAction(cmd *cobra.Command, fac *factory.Factory, f actionFlags, opt cli.ActionOptions) error {
	format, err := cmdutil.Format(cmd, f.output, cli.ReadFormats)
	if err != nil {
		return err
	}
	s, err := cmdutil.ConnectForActions(cmd, fac, factory.CLI, f.policy)
	if err != nil {
		return err
	}
	defer s.Close()
	opt.Yes, opt.DryRun, opt.Format, opt.Reason = f.yes, f.dryRun, format, f.policy.Reason
	return cli.RunAction(cmd.Context(), cmdutil.IO(cmd), s.Runner(), opt)
}

func newStrategyActionCmd(fac *factory.Factory, spec action.Spec) *cobra.Command {
	var f actionFlags
	cmd := &cobra.Command{
		Use:               spec.Name + " ID...",
		Short:             spec.Label + " (" + spec.Effect + ")",
		Args:              cobra.MinimumNArgs(1),
		ValidArgsFunction: cmdutil.NoFiles,
		RunE: func(cmd *cobra.Command, args []string) error {
			ids, err := cli.ParseIDs(args)
			if err != nil {
				return err
			}
			return runAction(cmd, fac, f, cli.ActionOptions{Spec: spec, IDs: ids})
		},
	}
	addActionFlags(cmd, &f)
	return cmd
}

func newAddBalanceCmd(fac *factory.Factory) *cobra.Command {
	var (
		f      actionFlags
		amount string
		raw    bool
	)
	cmd := &cobra.Command{
		Use:               "add-balance ID --amount N",
		Short:             "Add to a volume strategy's balance (token units, or raw units with --raw)",
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: cmdutil.NoFiles,
		RunE: func(cmd *cobra.Command, args []string) error {
			ids, err := cli.ParseIDs(args)
			if err != nil {
				return err
			}
			if amount == "" {
				return cli.Usage("add-balance: --amount is required: nothing sent")
			}
			return runAction(cmd, fac, f, cli.ActionOptions{Spec: action.AddBalance, IDs: ids, Amount: amount, Raw: raw})
		},
	}
	cmd.Flags().StringVar(&amount, "amount", "", "amount to add, in token units (e.g. 1.5)")
	cmd.Flags().BoolVar(&raw, "raw", false, "--amount is in the token's smallest unit")
	_ = cmd.RegisterFlagCompletionFunc("amount", cmdutil.NoFiles)
	addActionFlags(cmd, &f)
	return cmd
}
