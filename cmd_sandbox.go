package main

import (
	"errors"

	"github.com/spf13/cobra"
)

// newSandboxCmd serves the in-memory interface. Placeholder until api/sandbox lands.
func newSandboxCmd() *cobra.Command {
	return &cobra.Command{Use: "sandbox", Short: "Serve the in-memory partner interface",
		RunE: func(*cobra.Command, []string) error { return errors.New("sandbox: not implemented yet") }}
}
