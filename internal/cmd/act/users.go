package act

import (
	"time"

	"github.com/spf13/cobra"

	"github.com/stratop/stratop/action"
	"github.com/stratop/stratop/internal/cli"
	"github.com/stratop/stratop/internal/cmd/cmdutil"
	"github.com/stratop/stratop/internal/factory"
)

// UserCommands are `stratop users disable-all|remove-all USER`: the actions
// on all of a user's strategies.
func UserCommands(fac *factory.Factory) []*cobra.Command {
	var cmds []*cobra.Command
	for _, spec := range []action.Spec{action.DisableAll, action.RemoveAll} {
		var (
			f       actionFlags
			wait    bool
			waitFor time.Duration
		)
		sub := &cobra.Command{
			Use: spec.Name + " USER", Short: spec.Label + " (" + spec.Effect + ")",
			Args: cobra.ExactArgs(1), ValidArgsFunction: cmdutil.NoFiles,
			RunE: func(cmd *cobra.Command, args []string) error {
				if err := action.CheckUser(args[0]); err != nil {
					return cli.Usage("%s %q: %s: nothing sent", spec.Name, args[0], err)
				}
				return runAction(cmd, fac, f, cli.ActionOptions{Spec: spec, User: args[0], Wait: wait, WaitTimeout: waitFor})
			},
		}
		addActionFlags(sub, &f)
		sub.Flags().BoolVar(&wait, "wait", false, "follow the started job to its end and say how many strategies it changed")
		cli.DurationVar(sub.Flags(), &waitFor, "wait-timeout", cli.DefaultWaitTimeout, "with --wait: give up following after this long (exit 3)")
		cmds = append(cmds, sub)
	}
	return cmds
}
