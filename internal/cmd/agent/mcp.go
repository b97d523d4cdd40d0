// Package agent is the agent interface's commands: `stratop mcp`, which
// serves one integration to an assistant over the Model Context Protocol,
// and `stratop approve` / `stratop reject`, with which a person decides
// the actions the assistant asked for.
package agent

import (
	"errors"
	"fmt"
	"io"
	"net"
	"os"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/spf13/cobra"

	"github.com/stratop/stratop/alert"
	"github.com/stratop/stratop/internal/approval"
	"github.com/stratop/stratop/internal/cli"
	"github.com/stratop/stratop/internal/cmd/cmdutil"
	"github.com/stratop/stratop/internal/cmd/version"
	"github.com/stratop/stratop/internal/factory"
	"github.com/stratop/stratop/internal/mcp"
)

// NewMCPCmd is `stratop mcp`.
func NewMCPCmd(fac *factory.Factory) *cobra.Command {
	var (
		allow  bool
		listen string
	)
	cmd := &cobra.Command{
		Use:   "mcp [--allow-actions] [--listen ADDR]",
		Short: "Serve the integration to an agent over MCP (stdio); actions wait for stratop approve",
		Long: "Serve the integration to an assistant over the Model Context Protocol on stdin and stdout.\n" +
			"Every read is a tool. With --allow-actions (never on a read-only profile) each action is a tool that\n" +
			"only records a request with the exact targets; a person approves it with stratop approve ID.\n" +
			"--listen serves streamable HTTP on a loopback address instead, with the bearer token in " + mcp.TokenEnv + ".",
		Args:              cobra.NoArgs,
		ValidArgsFunction: cmdutil.NoFiles,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runMCP(cmd, fac, allow, listen)
		},
	}
	cmd.Flags().BoolVar(&allow, "allow-actions", false, "offer the action tools (each records a request a person approves; none acts)")
	cmd.Flags().StringVar(&listen, "listen", "", "serve streamable HTTP on this loopback address (e.g. 127.0.0.1:8765) with the token in "+mcp.TokenEnv)
	return cmd
}

func runMCP(cmd *cobra.Command, fac *factory.Factory, allow bool, listen string) error {
	// Refuse a wrong --listen before anything is resolved or read.
	if listen != "" {
		if err := mcp.CheckLoopback(listen); err != nil {
			return cli.Usage("%s", err)
		}
		if err := mcp.CheckToken(os.Getenv(mcp.TokenEnv)); err != nil {
			return cli.Usage("%s", err)
		}
	}
	errw := cmd.ErrOrStderr()
	mc, c, err := cmdutil.Connect(cmd, fac, factory.MCP)
	if err != nil {
		return err
	}
	settings, id := mc.Settings, mc.Integration
	dir := mc.OpenState(func(s string) { fmt.Fprintln(errw, s) })
	if dir.Path == "" {
		return cli.Failed("mcp: no state directory (set XDG_STATE_HOME or HOME): pending requests have nowhere to wait")
	}
	srv := mcp.New(mcp.Options{
		Client: c, Store: approval.New(dir.Path), Integration: id.String(), Profile: mc.Profile,
		ReadOnly: settings.ReadOnly, ReadOnlyBy: settings.ReadOnlyBy, AllowActions: allow,
		AuditPath: mc.Paths.Audit, HistoryPath: dir.History(), Alerts: &alert.Store{Dir: dir.Alerts()},
		WatchInterval: settings.Interval, Version: version.String(),
	})
	defer srv.Close()

	what := "reads only (start with --allow-actions to let it ask for actions)"
	switch {
	case allow && settings.ReadOnly:
		what = "reads only: the profile is read-only (" + settings.ReadOnlyBy + "), so --allow-actions offers nothing"
	case allow:
		what = "reads; actions only as requests a person approves with stratop approve ID"
	}
	if listen != "" {
		return srv.ListenAndServe(cmd.Context(), listen, os.Getenv(mcp.TokenEnv), func(a net.Addr) {
			fmt.Fprintf(errw, "stratop mcp: serving %s on http://%s (bearer token from %s): %s\n", id.Label(), a, mcp.TokenEnv, what)
		})
	}
	fmt.Fprintf(errw, "stratop mcp: serving %s over stdio: %s\n", id.Label(), what)
	t := &sdk.IOTransport{Reader: io.NopCloser(cmd.InOrStdin()), Writer: nopCloser{cmd.OutOrStdout()}}
	err = srv.MCP().Run(cmd.Context(), t)
	if err != nil && cmd.Context().Err() == nil && !isEOF(err) {
		return cli.Failed("mcp: %s", err)
	}
	return nil
}

type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }

// isEOF: the client closed stdin, the ordinary end of a stdio session.
func isEOF(err error) bool { return errors.Is(err, io.EOF) || errors.Is(err, io.ErrClosedPipe) }
