package main

import (
	"github.com/spf13/cobra"

	"github.com/stratop/stratop/internal/cli"
)

// newStatsCmd is `stratop stats`.
func newStatsCmd() *cobra.Command {
	var (
		conn   connFlags
		output string
	)
	cmd := &cobra.Command{
		Use: "stats", Short: "The integration's user and strategy counts", Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			f, err := format(cmd, output, cli.ReadFormats)
			if err != nil {
				return err
			}
			c, _, err := connect(cmd, conn)
			if err != nil {
				return err
			}
			return cliErr(cli.Stats(cmd.Context(), cliIO(cmd), c, f))
		},
	}
	addConnFlags(cmd, &conn)
	outputFlag(cmd, &output, cli.ReadFormats)
	return cmd
}
