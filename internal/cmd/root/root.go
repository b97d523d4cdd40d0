// Package root is stratop's command tree: it joins every front end's
// commands under the root command (the dashboard) and maps errors to the
// command line contract's exit codes.
package root

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/stratop/stratop/internal/cli"
	"github.com/stratop/stratop/internal/cmd/act"
	"github.com/stratop/stratop/internal/cmd/agent"
	"github.com/stratop/stratop/internal/cmd/dashboard"
	"github.com/stratop/stratop/internal/cmd/fleetcmd"
	"github.com/stratop/stratop/internal/cmd/profiles"
	"github.com/stratop/stratop/internal/cmd/read"
	"github.com/stratop/stratop/internal/cmd/sandbox"
	"github.com/stratop/stratop/internal/cmd/serve"
	"github.com/stratop/stratop/internal/cmd/settings"
	"github.com/stratop/stratop/internal/cmd/stats"
	"github.com/stratop/stratop/internal/cmd/version"
	"github.com/stratop/stratop/internal/cmd/watch"
	"github.com/stratop/stratop/internal/factory"
	"github.com/stratop/stratop/ui"
)

// Run executes the command line and maps errors to exit codes, so tests can
// drive the whole program without exiting the process.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return Execute(ctx, New(), args, stdin, stdout, stderr)
}

// New is the program's factory: the real environment, with the
// presentation's names the settings file is checked against.
func New() *factory.Factory {
	f := factory.New()
	f.Words = ui.SettingsWords()
	return f
}

// Execute is Run under ctx with the factory every command takes its
// context from.
func Execute(ctx context.Context, f *factory.Factory, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	root := newRootCmd(f)
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.ExecuteContext(ctx)
	if err == nil {
		return 0
	}
	var ec *cli.ExitError
	if errors.As(err, &ec) {
		if ec.Err != nil {
			fmt.Fprintln(stderr, ec.Err)
		}
		return ec.Code
	}
	fmt.Fprintln(stderr, "stratop:", err)
	return 1
}

// newRootCmd assembles the command tree on one factory, whose global flags
// every command takes. The root command itself runs the dashboard
// (package dashboard).
func newRootCmd(f *factory.Factory) *cobra.Command {
	root := dashboard.NewCmd(f)
	f.Globals.AddFlags(root.PersistentFlags())
	root.SilenceUsage = true
	root.SilenceErrors = true
	root.Version = version.String()
	root.SetVersionTemplate("{{.Version}}\n")
	root.AddCommand(
		sandbox.NewCmd(),
		profiles.NewLoginCmd(f),
		profiles.NewLogoutCmd(f),
		profiles.NewProfilesCmd(f),
		version.NewCmd(),
		read.NewAuditCmd(f),
		stats.NewCmd(f),
		read.NewStrategiesCmd(f),
		read.NewUsersCmd(f),
		read.NewPoolsCmd(f),
		read.NewAPICmd(f),
		settings.NewCmd(f),
		watch.NewCmd(f),
		serve.NewServeCmd(f),
		serve.NewAlertsCmd(f),
		agent.NewMCPCmd(f),
		agent.NewApproveCmd(f),
		agent.NewRejectCmd(f),
		fleetcmd.NewCmd(f, dashboard.RunFleet(f)),
		act.NewUndoCmd(f),
	)
	// Cobra adds `completion` only when it executes; added now, its
	// unknown shells (tcsh) are refused like any unknown subcommand.
	root.InitDefaultCompletionCmd()
	if c, _, err := root.Find([]string{"completion"}); err == nil && c != root {
		c.Args = func(c *cobra.Command, args []string) error {
			if len(args) == 0 {
				return nil
			}
			var shells []string
			for _, sub := range c.Commands() {
				shells = append(shells, sub.Name())
			}
			return fmt.Errorf("no completion for the shell %q: stratop completes %s", args[0], strings.Join(shells, ", "))
		}
	}
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
	return &cli.ExitError{Code: 2, Err: fmt.Errorf("stratop: %w\nRun '%s --help' for usage", err, c.CommandPath())}
}
