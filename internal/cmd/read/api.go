package read

import (
	"net/http"

	"github.com/spf13/cobra"

	"github.com/stratop/stratop/internal/cli"
	"github.com/stratop/stratop/internal/cmd/cmdutil"
	"github.com/stratop/stratop/internal/factory"
)

// NewAPICmd is `stratop api METHOD PATH [--input FILE|-]`.
func NewAPICmd(fac *factory.Factory) *cobra.Command {
	var (
		policy cmdutil.PolicyFlags
		input  string
	)
	cmd := &cobra.Command{
		Use:   "api METHOD PATH",
		Short: "Send any request under /api/v1, authenticated and validated",
		Long: "Send one request to a route of the partner interface, given without the /api/v1 prefix\n" +
			"(e.g. `stratop api GET strategies?status=active`), with the resolved credentials. The body\n" +
			"comes from --input (a file, or - for stdin) and is checked by the client's validation where\n" +
			"the route is known. The answer is printed as JSON; exit 0 for a 2xx answer, 1 otherwise.\n" +
			"State-changing routes are written to the audit log first (nothing is sent when it cannot be\n" +
			"written, unless --unaudited); in read-only mode every method but GET is refused.",
		Args: cobra.ExactArgs(2),
		ValidArgsFunction: func(_ *cobra.Command, args []string, _ string) ([]cobra.Completion, cobra.ShellCompDirective) {
			if len(args) == 0 {
				return []string{http.MethodGet, http.MethodPost}, cobra.ShellCompDirectiveNoFileComp
			}
			return nil, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			s, err := cmdutil.ConnectForActions(cmd, fac, factory.API, policy)
			if err != nil {
				return err
			}
			defer s.Close()
			return cli.API(cmd.Context(), cmdutil.IO(cmd), s.Client, s.Runner(),
				cli.APIOptions{Method: args[0], Path: args[1], Input: input, Reason: policy.Reason})
		},
	}
	cmd.Flags().StringVar(&input, "input", "", "request body: a JSON file, or - for stdin")
	cmdutil.AddPolicyFlags(cmd, &policy)
	return cmd
}
