// Package sandbox is `stratop sandbox`: the in-memory partner interface
// served on a loopback address.
package sandbox

import (
	"errors"
	"fmt"
	"io"
	"net"
	"net/netip"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/stratop/stratop/api/sandbox"
	"github.com/stratop/stratop/internal/cli"
)

// sandboxFlags are the flags of `stratop sandbox` (README.md "The sandbox").
type sandboxFlags struct {
	addr       string
	apiKey     string
	apiSecret  string
	seed       int64
	users      int
	strategies int
	tick       time.Duration
	noTwoFA    bool
	latency    time.Duration
	failRate   float64
	openAPI    bool
	churn      int
	changes    string
}

// NewCmd serves the in-memory partner interface until interrupted, so
// a partner (or the dashboard) can be developed against it without a real
// account.
func NewCmd() *cobra.Command {
	var f sandboxFlags
	cmd := &cobra.Command{
		Use:   "sandbox",
		Short: "Serve the in-memory partner interface (demo data, plain HTTP)",
		Long: "Serve an in-memory implementation of the partner interface v1 under /api/v1,\n" +
			"seeded with demo users, pools and strategies and simulated over time.\n" +
			"The OpenAPI description is served at /api/v1/openapi.json without credentials;\n" +
			"--openapi prints it instead of serving. Stop it with Ctrl-C.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runSandbox(cmd, f) },
	}
	fl := cmd.Flags()
	fl.StringVar(&f.addr, "addr", "127.0.0.1:8787", "address to listen on (host:port)")
	fl.StringVar(&f.apiKey, "api-key", sandbox.DemoKey, "API key the sandbox accepts")
	fl.StringVar(&f.apiSecret, "api-secret", sandbox.DemoSecret, "API secret the sandbox accepts")
	fl.Int64Var(&f.seed, "seed", 1, "seed of the demo data (same seed, same data)")
	fl.IntVar(&f.users, "users", 40, "number of demo users")
	fl.IntVar(&f.strategies, "strategies", 300, "number of demo strategies")
	cli.DurationVar(fl, &f.tick, "tick", 2*time.Second, "simulation step (0 turns the simulation off)")
	fl.BoolVar(&f.noTwoFA, "no-2fa", false, "act as an integration without two-factor authentication (2FA routes answer 403)")
	cli.DurationVar(fl, &f.latency, "latency", 0, "added delay per request, jittered (e.g. 200ms)")
	fl.Float64Var(&f.failRate, "fail-rate", 0, "share of reads answered 500/502/503 (0 to 1)")
	fl.IntVar(&f.churn, "churn", 0, "random lifecycle changes a minute, through the transition table (works with --tick 0)")
	fl.StringVar(&f.changes, "changes", "", "append every status change made or asked for to `FILE`, one JSON line each, with its time")
	fl.BoolVar(&f.openAPI, "openapi", false, "print the OpenAPI 3.1 description of the interface and exit")
	return cmd
}

// check refuses flag values that make no sense.
func (f sandboxFlags) check() error {
	switch {
	case f.apiKey == "" || f.apiSecret == "":
		return errors.New("sandbox: --api-key and --api-secret must not be empty")
	case f.users < 0 || f.strategies < 0:
		return errors.New("sandbox: --users and --strategies must be >= 0")
	case f.strategies > 0 && f.users == 0:
		return errors.New("sandbox: strategies need users: give --users >= 1")
	case f.tick < 0 || f.latency < 0:
		return errors.New("sandbox: --tick and --latency must be >= 0")
	case f.churn < 0:
		return errors.New("sandbox: --churn must be >= 0")
	case !(f.failRate >= 0 && f.failRate <= 1):
		return errors.New("sandbox: --fail-rate must be between 0 and 1")
	}
	return nil
}

// runSandbox builds the sandbox and serves it until the command's context
// ends (Ctrl-C or SIGTERM, wired in package root), then shuts down cleanly.
func runSandbox(cmd *cobra.Command, f sandboxFlags) error {
	if f.openAPI {
		_, err := cmd.OutOrStdout().Write(sandbox.OpenAPIAt("http://" + f.addr))
		return err
	}
	if err := f.check(); err != nil {
		return err
	}
	opts := []sandbox.Option{
		sandbox.WithCredentials(f.apiKey, f.apiSecret),
		sandbox.WithSeed(f.seed),
		sandbox.WithUsers(f.users),
		sandbox.WithStrategies(f.strategies),
		sandbox.WithTick(f.tick),
		sandbox.WithLatency(f.latency),
		sandbox.WithFailRate(f.failRate),
	}
	if f.noTwoFA {
		opts = append(opts, sandbox.WithoutTwoFactor())
	}
	if f.churn > 0 {
		opts = append(opts, sandbox.WithChurn(f.churn))
	}
	if f.changes != "" {
		log, err := os.OpenFile(f.changes, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o600)
		if err != nil {
			return fmt.Errorf("sandbox: --changes: %w", err)
		}
		defer func() { _ = log.Close() }()
		opts = append(opts, sandbox.WithChangeLog(log))
	}
	sb := sandbox.New(opts...)
	defer sb.Close()
	ctx := cmd.Context()
	go sb.Start(ctx)
	out, errOut := cmd.OutOrStdout(), cmd.ErrOrStderr()
	if !loopbackAddr(f.addr) {
		fmt.Fprintln(errOut, "warning: --addr is not a loopback address: the sandbox serves plain HTTP, so the API key and secret cross the network in clear text")
	}
	err := sandbox.ListenAndServe(ctx, f.addr, sb, func(baseURL string) { printSandboxBanner(out, baseURL, f) })
	if err != nil {
		return fmt.Errorf("sandbox: %w", err)
	}
	fmt.Fprintln(out, "sandbox stopped")
	return nil
}

// printSandboxBanner says where the sandbox listens and which key it takes.
// The secret is shown only when it is the public demo secret.
func printSandboxBanner(w io.Writer, baseURL string, f sandboxFlags) {
	fmt.Fprintf(w, "stratop sandbox listening on %s (routes under %s/api/v1)\n", baseURL, baseURL)
	fmt.Fprintf(w, "API key:    %s\n", f.apiKey)
	if f.apiSecret == sandbox.DemoSecret {
		fmt.Fprintf(w, "API secret: %s (the public demo secret)\n", sandbox.DemoSecret)
	} else {
		fmt.Fprintln(w, "API secret: the one given with --api-secret (not shown)")
	}
	if f.apiKey == sandbox.DemoKey && f.apiSecret == sandbox.DemoSecret {
		fmt.Fprintf(w, "try: curl -H 'X-API-Key: %s' -H 'X-API-Secret: %s' %s/api/v1/strategies\n", sandbox.DemoKey, sandbox.DemoSecret, baseURL)
	}
	fmt.Fprintf(w, "OpenAPI description (no credentials): curl %s%s\n", baseURL, sandbox.OpenAPIPath)
	two := "on"
	if f.noTwoFA {
		two = "off (2FA routes answer 403)"
	}
	fmt.Fprintf(w, "seed %d, %d users, %d strategies, tick %s, two-factor %s. Ctrl-C stops.\n", f.seed, f.users, f.strategies, f.tick, two)
	if f.churn > 0 {
		fmt.Fprintf(w, "churn: %d lifecycle changes a minute\n", f.churn)
	}
}

// loopbackAddr reports whether a listen address stays on this machine.
func loopbackAddr(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip, err := netip.ParseAddr(host)
	return err == nil && ip.Unmap().IsLoopback()
}
