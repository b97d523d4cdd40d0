package agent

import (
	"os"

	"github.com/spf13/cobra"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/integration"
	"github.com/stratop/stratop/internal/cmd/cmdutil"
	"github.com/stratop/stratop/internal/paths"
)

// connectTarget is cmdutil.Connect with what was resolved: the
// integration is named by the base URL and the key id together.
func connectTarget(cmd *cobra.Command, conn cmdutil.ConnFlags) (*api.Client, cmdutil.Target, error) {
	target, err := cmdutil.ResolveCredentials(cmd.Context(), conn.Profile, conn.BaseURL)
	if err != nil {
		return nil, target, err
	}
	c, _, err := cmdutil.Connect(cmd, conn)
	return c, target, err
}

// openIntegration is the integration of t and its state directory,
// created; an empty Dir when there is no state directory.
func openIntegration(t cmdutil.Target, _ func(string)) (integration.ID, integration.Dir) {
	id, err := integration.New(t.BaseURL, t.Creds.Key)
	if err != nil {
		return integration.ID{}, integration.Dir{}
	}
	root, err := paths.StateDir(os.Getenv)
	if err != nil {
		return id, integration.Dir{}
	}
	d, _ := integration.Open(root, id)
	return id, d
}
