package act

import (
	"time"

	"github.com/spf13/cobra"

	"github.com/stratop/stratop/action"
	"github.com/stratop/stratop/audit"
	"github.com/stratop/stratop/internal/cli"
	"github.com/stratop/stratop/internal/cmd/cmdutil"
	"github.com/stratop/stratop/internal/factory"
)

// NewUndoCmd is `stratop undo AUDIT-ID`: the exact inverse of a recorded
// reversible action, sent only when the strategy is still as the action
// left it, under the same policy, confirmation and audit as every action.
func NewUndoCmd(fac *factory.Factory) *cobra.Command {
	var f actionFlags
	cmd := &cobra.Command{
		Use:   "undo AUDIT-ID",
		Short: "Undo a suspend or resume from the audit log, if the strategy did not change since",
		Long: "Undo sends the exact inverse of a recorded action (suspend -> resume, resume -> suspend) when\n" +
			"the strategy is still in the state that action left it in; when someone acted since, nothing is\n" +
			"sent. The audit log records it as the undo of AUDIT-ID (the seq of `stratop audit -o json`).",
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: cmdutil.NoFiles,
		RunE: func(cmd *cobra.Command, args []string) error {
			format, err := cmdutil.Format(cmd, f.output, cli.ReadFormats)
			if err != nil {
				return err
			}
			s, err := cmdutil.ConnectForActions(cmd, fac, factory.CLI, f.policy)
			if err != nil {
				return err
			}
			defer s.Close()
			rec, err := findRecord(s.Context.Paths.Audit, args[0])
			if err != nil {
				return err
			}
			if !rec.BelongsTo(s.Context.Integration) {
				return cli.Failed("undo %s: that action was sent to another integration (%s): nothing sent", args[0], rec.IntegrationLabel())
			}
			inv, target, err := action.UndoOf(rec)
			if err != nil {
				return cli.Failed("undo %s: %s", args[0], err)
			}
			opt := cli.ActionOptions{Spec: inv, IDs: []int64{target.Strategy.ID}, UndoOf: rec.Seq,
				Expected: []cli.Expected{{Target: target}}}
			opt.Yes, opt.DryRun, opt.Format, opt.Reason = f.yes, f.dryRun, format, f.policy.Reason
			return cli.RunAction(cmd.Context(), cmdutil.IO(cmd), s.Runner(), opt)
		},
	}
	addActionFlags(cmd, &f)
	return cmd
}

// findRecord is the action of the audit log whose seq is id.
func findRecord(path, id string) (audit.Record, error) {
	if path == "" {
		return audit.Record{}, cli.Failed("undo %s: there is no audit log (no state directory)", id)
	}
	recs, err := audit.Read(path, time.Time{})
	if err != nil {
		return audit.Record{}, cli.Failed("undo %s: reading the audit log: %s", id, err)
	}
	for _, r := range recs {
		if r.Seq == id {
			return r, nil
		}
	}
	return audit.Record{}, cli.Failed("undo %s: no such action in the audit log (%s)", id, path)
}
