// Package dashboard is the root command: the full-screen dashboard, its
// settings and its profile switch.
package dashboard

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"runtime"
	"time"

	"github.com/spf13/cobra"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/api/sandbox"
	"github.com/stratop/stratop/config"
	"github.com/stratop/stratop/internal/cli"
	"github.com/stratop/stratop/internal/cmd/cmdutil"
	"github.com/stratop/stratop/internal/factory"
	"github.com/stratop/stratop/internal/fleet"
	"github.com/stratop/stratop/internal/termout"
	"github.com/stratop/stratop/model"
	"github.com/stratop/stratop/shell"
)

// Dashboard settings that are not flags.
const (
	demoTick = 2 * time.Second // simulation step of --demo: data visibly moves

	// dashboardFPS caps Bubble Tea's renderer. Its ticker wakes the process
	// this often even when nothing changed (an unchanged frame writes
	// nothing, but the wake-up costs CPU), and the first frame waits for its
	// first tick (1/fps after the program starts). Measured against the
	// floor program (60 fps) in the same rounds (PERFORMANCE.md, "Start and
	// idle against the floor"): at 45 fps the first frame came at x1.44 of
	// the floor's, at 60 fps x1.16, at 55 fps x1.23; idle CPU x0.78, x0.99
	// and x0.93 of the floor's. 55 is the rate whose first frame is about
	// the floor's x1.2 while the dashboard still idles below the floor.
	dashboardFPS = 55
)

// dashboardFlags are the root command's own flags (the global ones are the
// factory's).
type dashboardFlags struct {
	interval time.Duration
	user     string
	demo     bool
}

// NewCmd is the root command: the dashboard.
func NewCmd(f *factory.Factory) *cobra.Command {
	var fl dashboardFlags
	cmd := &cobra.Command{
		Use:   "stratop",
		Short: "Terminal dashboard for a partner integration",
		Long: "stratop watches a partner integration's strategies, pools and users and controls\n" +
			"strategies from the keyboard. `stratop --demo` runs it on an embedded sandbox.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runDashboard(cmd, f, fl) },
	}
	flags := cmd.Flags()
	cli.DurationVar(flags, &fl.interval, "interval", config.DefaultInterval, "poll interval, at least 1s (default: the settings' interval)")
	flags.StringVar(&fl.user, "user", "", "choose this user (external id) at start")
	flags.BoolVar(&fl.demo, "demo", false, "run on an embedded sandbox with simulated data")
	return cmd
}

// runDashboard connects (or starts the demo sandbox) and runs the program
// until the operator quits or the context ends.
func runDashboard(cmd *cobra.Command, f *factory.Factory, fl dashboardFlags) error {
	// Mistakes of the settings file are said first: they need fixing
	// whatever runs the dashboard.
	if _, err := f.Settings(); err != nil {
		return err
	}
	if err := needTerminal(cmd.InOrStdin(), cmd.OutOrStdout()); err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(cmd.Context())
	defer cancel()

	var opts []factory.Option
	if cmd.Flags().Changed("interval") {
		opts = append(opts, factory.WithInterval(fl.interval))
	}
	var (
		c   *factory.Context
		err error
	)
	if fl.demo {
		var baseURL string
		if baseURL, err = startDemo(ctx); err != nil {
			return err
		}
		c, err = f.Demo(factory.Dashboard, baseURL, api.Credentials{Key: sandbox.DemoKey, Secret: sandbox.DemoSecret}, opts...)
	} else {
		c, err = f.Resolve(ctx, factory.Dashboard, opts...)
	}
	if err != nil {
		return err
	}
	client, err := c.Client()
	if err != nil {
		return err
	}
	var moved string // the one-time move of the profile's old files, said on the status line
	state := c.OpenState(func(line string) { moved = line })
	settings, err := dashboardOptions(c)
	if err != nil {
		return err
	}
	settings = append(settings, silencesOption(f, c))

	journal, closeJournal := c.Journal()
	defer closeJournal()
	switcher := &profileSwitch{f: f, opts: opts}
	defer switcher.Close()
	// One writer for the renderer's frames and the model's out-of-band
	// sequences (OSC 52 copy, bell and notifications), so that neither cuts
	// into the other.
	out := termout.New(cmd.OutOrStdout())
	m := model.New(ctx, client, append(append([]model.Option{
		model.WithJournal(journal),
		model.WithProfile(c.Profile),
		model.WithUser(fl.user),
		model.WithProfiles(switcher),
		model.WithTerminal(out),
		model.WithMultiplexer(termout.Multiplexer(os.Getenv)),
		model.WithIntegration(c.Integration),
		model.WithState(state),
		model.WithNotice(moved),
		model.WithFleet(true),
	}, stateOptions(c.Paths)...), settings...)...)
	// The second P is given up once the program runs (runProgram): that
	// stops the world and returns the P's caches, half a millisecond spent
	// while the first frame waits for the renderer's tick instead of before
	// it. The shell holds the dashboard so that F opens the fleet.
	host := &fleetHost{f: f, out: out, fleet: fleet.Options{Resolve: opts}}
	if fl.demo {
		host.only = []*factory.Context{c}
	}
	defer host.Close()
	view, err := fleetView(c.Settings)
	if err != nil {
		return err
	}
	s := shell.New(ctx, host.openFleet, host.openDashboard, shell.WithDashboard(m), view)
	return runProgram(ctx, cmd, out, s.Tea())
}

// stateOptions point the Activity at the audit log. Without a state
// directory (neither XDG_STATE_HOME nor HOME) there is no log to read.
func stateOptions(p factory.Paths) []model.Option {
	if p.Audit == "" {
		return nil
	}
	return []model.Option{model.WithAuditPath(p.Audit)}
}

// limitProcs runs the dashboard on one P unless GOMAXPROCS is set: the
// program waits on the terminal and the network, and with a second P every
// renderer tick could wake two threads instead of one (idle CPU, PERFORMANCE.md).
// Fetching and decoding still run on their own goroutines, preempted fairly
// with the UI goroutine.
func limitProcs() {
	if os.Getenv("GOMAXPROCS") == "" {
		runtime.GOMAXPROCS(1)
	}
}

// startDemo serves a fresh sandbox with the simulation on, on a random
// loopback port, until ctx ends, and returns its base URL. Only the port
// is opened here: the sandbox is seeded and its routes registered on the
// server's goroutine (about 2 ms), which runs while the program waits for
// its first frame; the first requests wait in the listen queue until then.
func startDemo(ctx context.Context) (string, error) {
	// A loopback demo has no use for multipath TCP, and probing the kernel
	// for it costs a socket and half a millisecond before the first frame.
	var lc net.ListenConfig
	lc.SetMultipathTCP(false)
	ln, err := lc.Listen(ctx, "tcp", "127.0.0.1:0")
	if err != nil {
		return "", fmt.Errorf("demo: %w", err)
	}
	go serveDemo(ctx, ln)
	return "http://" + ln.Addr().String(), nil
}

// serveDemo builds the demo's sandbox and serves it on ln until ctx ends.
func serveDemo(ctx context.Context, ln net.Listener) {
	sb := sandbox.New(sandbox.WithTick(demoTick))
	srv := &http.Server{Handler: sb, ReadHeaderTimeout: 10 * time.Second}
	go sb.Start(ctx)
	go func() {
		<-ctx.Done()
		_ = srv.Close()
		sb.Close()
	}()
	_ = srv.Serve(ln) // closes ln, also when ctx ended before it started
}

// needTerminal refuses to start the dashboard unless both its input and its
// output are a terminal: without one it could not read keys nor leave the
// screen as it found it, and a pipe would receive frames forever. It runs
// before anything is written, so nothing but the message reaches the
// caller; scripts are pointed to the commands made for them.
func needTerminal(in io.Reader, out io.Writer) error {
	var missing []string
	if !cmdutil.IsTerminal(in) {
		missing = append(missing, "input")
	}
	if !cmdutil.IsTerminal(out) {
		missing = append(missing, "output")
	}
	if len(missing) == 0 {
		return nil
	}
	what := "the standard " + missing[0] + " is not one"
	if len(missing) == 2 {
		what = "the standard input and output are not terminals"
	}
	return &cli.ExitError{Code: 2, Err: fmt.Errorf("stratop: the dashboard needs a terminal, and %s.\n"+
		"For scripts use the commands, e.g. `stratop strategies list -o json`, `stratop stats`, or `stratop watch` for a stream of changes", what)}
}
