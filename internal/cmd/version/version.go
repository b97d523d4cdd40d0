// Package version is `stratop version` and the text of --version.
package version

import (
	"fmt"
	"runtime"
	"runtime/debug"

	"github.com/spf13/cobra"
)

// version is set at build time with -ldflags "-X
// github.com/stratop/stratop/internal/cmd/version.version=..."; without it
// the module version from the build info is shown.
var version = ""

// NewCmd is `stratop version`.
func NewCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the stratop version",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			_, err := fmt.Fprintln(cmd.OutOrStdout(), String())
			return err
		},
	}
}

// String is what `stratop version` and `stratop --version` print.
func String() string {
	v := version
	if v == "" {
		v = "(devel)"
		if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
			v = bi.Main.Version
		}
	}
	return fmt.Sprintf("stratop %s %s/%s %s", v, runtime.GOOS, runtime.GOARCH, runtime.Version())
}
