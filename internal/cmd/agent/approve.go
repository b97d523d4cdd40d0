package agent

import (
	"fmt"
	"os"
	"os/user"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/stratop/stratop/internal/approval"
	"github.com/stratop/stratop/internal/cli"
	"github.com/stratop/stratop/internal/cmd/cmdutil"
	"github.com/stratop/stratop/internal/factory"
	"github.com/stratop/stratop/internal/text"
)

// NewApproveCmd is `stratop approve [ID]`.
func NewApproveCmd(fac *factory.Factory) *cobra.Command {
	var output string
	cmd := &cobra.Command{
		Use:   "approve [ID]",
		Short: "Decide an agent's pending action: show it, read its targets again, confirm, send (no ID: list what waits)",
		Long: "Show the request ID an agent made through stratop mcp, read every target again (what changed since is\n" +
			"skipped), ask the action's own confirmation on this terminal and send it through the same action runner,\n" +
			"policy and audit log as the command line. Without ID, list the requests waiting.",
		Args:              cobra.MaximumNArgs(1),
		ValidArgsFunction: cmdutil.NoFiles,
		RunE: func(cmd *cobra.Command, args []string) error {
			format, err := cmdutil.Format(cmd, output, cli.ReadFormats)
			if err != nil {
				return err
			}
			if len(args) == 0 {
				return listWaiting(cmd, fac)
			}
			s, err := cmdutil.ConnectForActions(cmd, fac, factory.CLI, cmdutil.PolicyFlags{})
			if err != nil {
				return err
			}
			defer s.Close()
			store, id, err := openStore(cmd, s.Context)
			if err != nil {
				return err
			}
			return approval.Approve(cmd.Context(), cmdutil.IO(cmd), s.Runner(), store,
				approval.Decision{ID: args[0], Integration: id, Approver: approver(), Format: format})
		},
	}
	cmdutil.OutputFlag(cmd, &output, cli.ReadFormats)
	return cmd
}

// NewRejectCmd is `stratop reject ID`.
func NewRejectCmd(fac *factory.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:               "reject ID",
		Short:             "Reject an agent's pending action: nothing is sent",
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: cmdutil.NoFiles,
		RunE: func(cmd *cobra.Command, args []string) error {
			c, err := fac.Resolve(cmd.Context(), factory.CLI)
			if err != nil {
				return err
			}
			store, id, err := openStore(cmd, c)
			if err != nil {
				return err
			}
			return approval.Reject(cmdutil.IO(cmd), store, approval.Decision{ID: args[0], Integration: id, Approver: approver()})
		},
	}
	return cmd
}

// openStore is the pending requests of the context's integration. It
// reads nothing from the server.
func openStore(cmd *cobra.Command, c *factory.Context) (*approval.Store, string, error) {
	dir := c.OpenState(func(s string) { fmt.Fprintln(cmd.ErrOrStderr(), s) })
	if dir.Path == "" {
		return nil, "", cli.Failed("no state directory (set XDG_STATE_HOME or HOME): no request can be waiting")
	}
	return approval.New(dir.Path), c.Integration.String(), nil
}

// listWaiting prints the requests a person can still decide.
func listWaiting(cmd *cobra.Command, fac *factory.Factory) error {
	c, err := fac.Resolve(cmd.Context(), factory.CLI)
	if err != nil {
		return err
	}
	store, _, err := openStore(cmd, c)
	if err != nil {
		return err
	}
	waiting, err := store.Waiting()
	if err != nil {
		return cli.Failed("%s", err)
	}
	out := cmd.OutOrStdout()
	if len(waiting) == 0 {
		fmt.Fprintln(out, "no request waits for approval")
		return nil
	}
	now := store.Now()
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tACTION\tTARGETS\tAGENT\tEXPIRES IN\tREASON")
	for _, r := range waiting {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", r.ID, r.Action, targetsText(r), text.CleanN(r.Client, 30),
			r.Expires.Sub(now).Round(time.Second), text.CleanN(r.Reason, 60))
	}
	return tw.Flush()
}

func targetsText(r approval.Request) string {
	var parts []string
	for _, t := range r.Targets {
		if t.Strategy == 0 {
			parts = append(parts, "user "+text.CleanN(t.User, 30))
		} else {
			parts = append(parts, fmt.Sprint(t.Strategy))
		}
		if len(parts) == 5 && len(r.Targets) > 5 {
			parts = append(parts, fmt.Sprintf("… %d in all", len(r.Targets)))
			break
		}
	}
	return strings.Join(parts, ",")
}

// approver names the person deciding: the operating system's user.
func approver() string {
	if u, err := user.Current(); err == nil && u.Username != "" {
		return u.Username
	}
	if u := os.Getenv("USER"); u != "" {
		return u
	}
	return "unknown user"
}
