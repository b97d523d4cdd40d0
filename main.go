// Command stratop is a terminal dashboard for operators of a partner
// integration: it watches strategies, pools and users over the partner REST
// interface v1 and halts, suspends, resumes and archives strategies from the
// keyboard. See README.md and DESIGN.md for the command line contract.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/spf13/cobra"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run executes the command line and maps errors to exit codes, so tests can
// drive the whole program without exiting the process.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	root := newRootCmd()
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.ExecuteContext(ctx)
	if err == nil {
		return 0
	}
	var ec *exitCodeError
	if errors.As(err, &ec) {
		if ec.err != nil {
			fmt.Fprintln(stderr, ec.err)
		}
		return ec.code
	}
	fmt.Fprintln(stderr, "stratop:", err)
	return 1
}

// newRootCmd assembles the command tree. The root command itself runs the
// dashboard (cmd_dashboard.go).
func newRootCmd() *cobra.Command {
	root := newDashboardCmd()
	root.SilenceUsage = true
	root.SilenceErrors = true
	root.Version = versionString()
	root.SetVersionTemplate("{{.Version}}\n")
	root.AddCommand(
		newSandboxCmd(),
		newLoginCmd(),
		newLogoutCmd(),
		newProfilesCmd(),
		newVersionCmd(),
		newAuditCmd(),
		newStatsCmd(),
		newStrategiesCmd(),
		newUsersCmd(),
		newPoolsCmd(),
		newAPICmd(),
		newConfigCmd(),
		newWatchCmd(),
		newServeCmd(),
		newAlertsCmd(),
	)
	usageErrors(root)
	return root
}

// usageErrors makes every mistake in the command line exit 2, as the
// contract says: an unknown flag or a bad flag value (a duration that does
// not parse), an unknown command, a wrong number of arguments. A command
// that only groups others runs its help when called alone, and refuses an
// unknown subcommand instead of printing its help with exit 0.
func usageErrors(cmd *cobra.Command) {
	cmd.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return usageErr(c, err)
	})
	if !cmd.Runnable() && cmd.HasSubCommands() {
		cmd.RunE = func(c *cobra.Command, _ []string) error { return c.Help() }
		if cmd.Args == nil {
			cmd.Args = cobra.NoArgs
		}
	}
	if args := cmd.Args; args != nil {
		cmd.Args = func(c *cobra.Command, a []string) error {
			if err := args(c, a); err != nil {
				return usageErr(c, err)
			}
			return nil
		}
	}
	for _, sub := range cmd.Commands() {
		usageErrors(sub)
	}
}

func usageErr(c *cobra.Command, err error) error {
	return &exitCodeError{code: 2, err: fmt.Errorf("stratop: %w\nRun '%s --help' for usage", err, c.CommandPath())}
}

// exitCodeError carries a specific exit code (2: no usable credentials) and
// the message to print, already worded for the operator.
type exitCodeError struct {
	code int
	err  error
}

func (e *exitCodeError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit %d", e.code)
	}
	return e.err.Error()
}

func (e *exitCodeError) Unwrap() error { return e.err }
