// Package serve is `stratop serve` (the unattended watcher with alerts
// and /metrics) and `stratop alerts` (its open alerts).
package serve

import (
	"context"
	"errors"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"github.com/stratop/stratop/alert"
	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/config"
	"github.com/stratop/stratop/internal/cli"
	"github.com/stratop/stratop/internal/cmd/cmdutil"
	"github.com/stratop/stratop/internal/factory"
	"github.com/stratop/stratop/metrics"
	"github.com/stratop/stratop/watch"
)

// serveFlags are the flags of `stratop serve`.
type serveFlags struct {
	listen   string
	interval time.Duration
	budget   string
	bytes    string
}

// NewServeCmd is `stratop serve`: the watcher of the whole integration
// with the settings file's alert rules and a Prometheus endpoint, for a
// server with nobody at a screen.
func NewServeCmd(fac *factory.Factory) *cobra.Command {
	var f serveFlags
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Watch the integration unattended: alerts to sinks, /metrics and /healthz",
		Long: "Run the watcher over the whole integration, send the settings file's [[alerts]] to their\n" +
			"[sinks], and serve /metrics (Prometheus) and /healthz on --listen. State (event ids seen,\n" +
			"outboxes, open alerts) lives in the integration's directory under\n" +
			"$XDG_STATE_HOME/stratop/integrations/. Listening beyond loopback needs a bearer token in\n" +
			metrics.EnvToken + ". SIGINT or SIGTERM stop it cleanly.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runServe(cmd, fac, f) },
	}
	fl := cmd.Flags()
	fl.StringVar(&f.listen, "listen", metrics.DefaultListen, "address of /metrics and /healthz")
	cli.DurationVar(fl, &f.interval, "interval", config.DefaultInterval, "time between reads, at least 1s (default: the settings' interval)")
	fl.StringVar(&f.budget, "budget", fmt.Sprintf("%d/min", watch.DefaultBudget), "requests at most, e.g. 300/min")
	fl.StringVar(&f.bytes, "byte-budget", watch.FormatByteBudget(watch.DefaultByteBudget), "bytes at most, headers included, e.g. 16MiB/min")
	return cmd
}

func serveUsage(err error) error { return &cli.ExitError{Code: cli.ExitUsage, Err: err} }

func runServe(cmd *cobra.Command, fac *factory.Factory, f serveFlags) error {
	cfg, err := fac.Settings()
	if err != nil {
		return err
	}
	budget, err := cmdutil.ParseBudget(f.budget)
	if err != nil {
		return serveUsage(err)
	}
	byteBudget, err := watch.ParseByteBudget(f.bytes)
	if err != nil {
		return serveUsage(errors.New("serve: " + err.Error()))
	}
	token := os.Getenv(metrics.EnvToken)
	if err := metrics.CheckListen(f.listen, token); err != nil {
		return serveUsage(err)
	}
	var opts []factory.Option
	if cmd.Flags().Changed("interval") {
		opts = append(opts, factory.WithInterval(f.interval))
	}
	sc, err := fac.Resolve(cmd.Context(), factory.Serve, opts...)
	if err != nil {
		return err
	}
	interval := sc.Settings.Interval
	logger := log.New(cmd.ErrOrStderr(), "", log.LstdFlags)
	id, state := sc.Integration, sc.OpenState(func(line string) { logger.Printf("serve: %s", line) })
	if state.Path == "" {
		return serveUsage(errors.New("serve: no state directory for the alert state: set XDG_STATE_HOME or HOME"))
	}
	sinks, err := alert.CheckSinks(cfg, os.Getenv, alert.SinkIdentity{Integration: id.String(), Profile: sc.Profile,
		Explorers: sc.Settings.Explorers})
	if err != nil {
		return serveUsage(err)
	}
	serve := cfg.Serve()

	// /metrics and /healthz answer from the start, as standby until this
	// process holds the integration's lock (standby.go).
	var live liveSources
	latency := metrics.NewLatency()
	ln, err := net.Listen("tcp", f.listen)
	if err != nil {
		return serveUsage(fmt.Errorf("serve: --listen: %w", err))
	}
	sources := live.sources()
	sources.Identity = func() metrics.Identity { return metrics.Identity{Integration: id.String(), Profile: sc.Profile} }
	srv := &http.Server{ReadHeaderTimeout: 5 * time.Second, Handler: metrics.Handler(metrics.Options{
		Sources: sources, Latency: latency, Token: token, Interval: interval, Healthy: serve.Heartbeat,
	})}
	ctx, cancel := context.WithCancel(cmd.Context())
	defer cancel()
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			logger.Printf("serve: %v", err)
			cancel()
		}
	}()
	// The lock is let go of last, once the alerts have stopped sending: a
	// standby that takes over never sends beside this one.
	var release func()
	defer func() {
		cancel()
		shut, done := context.WithTimeout(context.Background(), 5*time.Second)
		_ = srv.Shutdown(shut)
		done()
		wg.Wait()
		if release != nil {
			release()
		}
	}()
	logger.Printf("serve: profile %s, integration %s, %d alert rules, sinks %s; /metrics and /healthz on http://%s",
		sc.Profile, id.Label(), len(cfg.Alerts()), sinkList(cfg), ln.Addr())

	stoodBy := false
	release, err = takeLock(ctx, state.ServeLock(), standbyPoll(interval), func() {
		stoodBy = true
		logger.Printf("serve: standby: another stratop serve of integration %s is active on this machine; "+
			"this one sends nothing and takes over when it ends (/metrics: role=\"standby\")", id.Label())
	})
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	if release == nil {
		return nil // stopped while standing by
	}
	if stoodBy {
		logger.Printf("serve: active: the other serve of integration %s ended; taking over", id.Label())
	}

	meter := watch.NewMeter()
	c, err := cmdutil.Client(sc, api.WithAttemptObserver(func(a api.Attempt) {
		meter.Observe(a)
		latency.Observe(a)
	}))
	if err != nil {
		return err
	}
	alerts, err := alert.New(alert.Options{Rules: cfg.Alerts(), Sinks: sinks, Dir: state.Alerts(), Interval: interval,
		Heartbeat: serve.Heartbeat, HeartbeatTo: serve.HeartbeatTo, Digest: serve.Digest, DigestTo: serve.DigestTo,
		Strategies: c, Logf: logger.Printf})
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	// The trends the dashboard's Overview draws are kept here too, so a
	// server watched by serve has them without a dashboard open.
	hist := cmdutil.OpenEngineHistory("serve", state, watch.Integration(), logger.Printf)
	saveErr := &cmdutil.SaveReporter{Say: func(format string, args ...any) { logger.Printf("serve: "+format, args...) }}
	var eng *watch.Engine
	eng = watch.New(c, watch.Options{
		Profile: sc.Profile, Host: c.Host(), Integration: id, Scope: watch.Integration(),
		Interval: interval, Budget: budget, ByteBudget: byteBudget, CursorDir: state.ServeCursors(), Meter: meter,
		Notice: func(words string) { logger.Printf("serve: %s", words) },
		Emit:   alerts.Handle,
		OnSample: func(s watch.Sample) {
			alerts.Sample(s.Time, s.Failed)
			hist.Sample(s)
			saveErr.Report(eng.SaveError())
		},
	})
	live.set(engines{watch: eng.Stats, alerts: alerts.Stats})

	wg.Add(1)
	go func() { defer wg.Done(); _ = alerts.Run(ctx) }()
	runErr := eng.Run(ctx)
	cancel()
	hist.Close()
	if runErr != nil {
		return &cli.ExitError{Code: 1, Err: fmt.Errorf("serve: %w", runErr)}
	}
	if err := eng.SaveError(); err != nil {
		logger.Printf("serve: the watcher's state could not be saved (%v): a restart may report changes again", err)
	}
	return nil
}

// sinkList names the sinks with redacted URLs, for the start line.
func sinkList(cfg *config.Config) string {
	var names []string
	for name, s := range cfg.Sinks() {
		where := alert.Redact(s.URL)
		switch {
		case s.URLEnv != "":
			where = "$" + s.URLEnv
		case s.Alertmanager != nil:
			var urls []string
			for _, u := range s.Alertmanager.URLs {
				urls = append(urls, alert.Redact(u))
			}
			where = "alertmanager " + strings.Join(urls, " ")
		}
		names = append(names, name+" ("+where+")")
	}
	if len(names) == 0 {
		return "none"
	}
	sort.Strings(names)
	return fmt.Sprint(names)
}
