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
	)
	return root
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
