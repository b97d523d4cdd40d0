// Package dashboard is the root command: the full-screen dashboard, its
// settings and its profile switch.
package dashboard

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"runtime"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/spf13/cobra"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/api/sandbox"
	"github.com/stratop/stratop/audit"
	"github.com/stratop/stratop/internal/cli"
	"github.com/stratop/stratop/internal/cmd/cmdutil"
	"github.com/stratop/stratop/internal/termout"
	"github.com/stratop/stratop/model"
)

// Dashboard settings that are not flags.
const (
	demoTick         = 2 * time.Second  // simulation step of --demo: data visibly moves
	dashboardTimeout = 10 * time.Second // per request attempt
	dashboardRetries = 1                // the poll loop retries with backoff itself

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

// dashboardFlags are the root command's flags.
type dashboardFlags struct {
	profile  string
	baseURL  string
	interval time.Duration
	user     string
	readOnly bool
	demo     bool
	config   string
}

// NewCmd is the root command: the dashboard.
func NewCmd() *cobra.Command {
	var f dashboardFlags
	cmd := &cobra.Command{
		Use:   "stratop",
		Short: "Terminal dashboard for a partner integration",
		Long: "stratop watches a partner integration's strategies, pools and users and controls\n" +
			"strategies from the keyboard. `stratop --demo` runs it on an embedded sandbox.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if f.interval < model.MinInterval {
				return &cli.ExitError{Code: 2, Err: fmt.Errorf("--interval must be at least %s", model.MinInterval)}
			}
			return runDashboard(cmd, f)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.profile, "profile", "", "credentials profile (default: STRATOP_PROFILE or \"default\")")
	fl.StringVar(&f.baseURL, "base-url", "", "base URL of the partner interface (routes live under /api/v1)")
	cli.DurationVar(fl, &f.interval, "interval", model.DefaultInterval, "poll interval (at least 1s)")
	fl.StringVar(&f.user, "user", "", "choose this user (external id) at start")
	cmd.PersistentFlags().BoolVar(&f.readOnly, cmdutil.ReadOnlyFlag, false, "refuse every action (also STRATOP_READ_ONLY=1, or read_only in the profile's settings)")
	fl.BoolVar(&f.demo, "demo", false, "run on an embedded sandbox with simulated data")
	cmd.PersistentFlags().StringVar(&f.config, cmdutil.ConfigFlag, "", "settings file (default: STRATOP_CONFIG or $XDG_CONFIG_HOME/stratop/config.toml)")
	return cmd
}

// runDashboard connects (or starts the demo sandbox) and runs the program
// until the operator quits or the context ends.
func runDashboard(cmd *cobra.Command, f dashboardFlags) error {
	cfg, err := cmdutil.DashboardSettings(cmd)
	if err != nil {
		return err
	}
	// Mistakes of the flags and the settings file are said first: they
	// need fixing whatever runs the dashboard.
	if err := needTerminal(cmd.InOrStdin(), cmd.OutOrStdout()); err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(cmd.Context())
	defer cancel()

	var (
		profile     string
		client      *api.Client
		profileHost = true // the demo's sandbox is the demo profile's own
		target      = demoTarget
	)
	if f.demo {
		profile = "demo"
		client, err = startDemo(ctx)
	} else {
		target, err = cmdutil.ResolveCredentials(ctx, f.profile, f.baseURL)
		if err != nil {
			return err
		}
		profile, profileHost = target.Profile, target.ProfileHost
		client, err = api.New(target.BaseURL, api.WithCredentials(target.Creds),
			api.WithTimeout(dashboardTimeout), api.WithRetries(dashboardRetries))
	}
	if err != nil {
		return err
	}
	var moved string // the one-time move of the profile's old files, said on the status line
	id, state := cmdutil.OpenIntegration(target, func(line string) { moved = line })

	settings, err := dashboardOptions(cmd, cfg, profile, f, profileHost)
	if err != nil {
		return err
	}

	journal, closeJournal := cmdutil.OpenJournal(profile, client.Host(), id)
	defer closeJournal()
	switcher := newProfileSwitch(cmd, cfg, f)
	defer switcher.Close()
	// One writer for the renderer's frames and the model's out-of-band
	// sequences (OSC 52 copy, bell and notifications), so that neither cuts
	// into the other.
	out := termout.New(cmd.OutOrStdout())
	m := model.New(ctx, client, append(append([]model.Option{
		model.WithJournal(journal),
		model.WithProfile(profile),
		model.WithUser(f.user),
		model.WithProfiles(switcher),
		model.WithTerminal(out),
		model.WithMultiplexer(termout.Multiplexer(os.Getenv)),
		model.WithIntegration(id),
		model.WithState(state),
		model.WithNotice(moved),
	}, stateOptions()...), settings...)...)
	// The second P is given up once the program runs: that stops the world
	// and returns the P's caches, half a millisecond spent while the first
	// frame waits for the renderer's tick instead of before it.
	p := tea.NewProgram(afterStart{m.Tea(), limitProcs},
		tea.WithAltScreen(),
		tea.WithContext(ctx),
		tea.WithInput(cmd.InOrStdin()),
		tea.WithOutput(out),
		tea.WithFPS(dashboardFPS),
		// Focus reports let the dashboard poll once a minute while the
		// terminal is in the background (model/pace.go).
		tea.WithReportFocus(),
	)
	if _, err := p.Run(); err != nil && !(errors.Is(err, tea.ErrProgramKilled) && ctx.Err() != nil) {
		return fmt.Errorf("dashboard: %w", err)
	}
	return nil
}

// stateOptions point the Activity at the audit log. Without a state
// directory (neither XDG_STATE_HOME nor HOME) there is no log to read.
func stateOptions() []model.Option {
	path, err := audit.DefaultPath()
	if err != nil {
		return nil
	}
	return []model.Option{model.WithAuditPath(path)}
}

// demoTarget is the demo's integration: the embedded sandbox listens on a
// new port each run, but it is one integration, whose state (watched
// items, history) one demo leaves for the next.
var demoTarget = cmdutil.Target{Profile: "demo", BaseURL: "http://demo.invalid", ProfileHost: true,
	Creds: api.Credentials{Key: sandbox.DemoKey}}

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
// loopback port, until ctx ends, and returns a client of it. Only the port
// is opened here: the sandbox is seeded and its routes registered on the
// server's goroutine (about 2 ms), which runs while the program waits for
// its first frame; the first requests wait in the listen queue until then.
func startDemo(ctx context.Context) (*api.Client, error) {
	// A loopback demo has no use for multipath TCP, and probing the kernel
	// for it costs a socket and half a millisecond before the first frame.
	var lc net.ListenConfig
	lc.SetMultipathTCP(false)
	ln, err := lc.Listen(ctx, "tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("demo: %w", err)
	}
	go serveDemo(ctx, ln)
	return api.New("http://"+ln.Addr().String(),
		api.WithCredentials(api.Credentials{Key: sandbox.DemoKey, Secret: sandbox.DemoSecret}),
		api.WithTimeout(dashboardTimeout), api.WithRetries(dashboardRetries))
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
