package main

import (
	"errors"

	"github.com/spf13/cobra"
)

// newDashboardCmd is the root command: the dashboard. Placeholder until model/ lands.
func newDashboardCmd() *cobra.Command {
	return &cobra.Command{Use: "stratop", Short: "Terminal dashboard for a partner integration",
		RunE: func(*cobra.Command, []string) error { return errors.New("dashboard: not implemented yet") }}
}
