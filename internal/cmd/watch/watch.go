// Package watch is `stratop watch`: every change of a scope as a stream
// of events, with --exec and the watched-items scope.
package watch

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/config"
	"github.com/stratop/stratop/internal/cli"
	"github.com/stratop/stratop/internal/cmd/cmdutil"
	"github.com/stratop/stratop/internal/factory"
	"github.com/stratop/stratop/watch"
)

// watchFlags are the flags of `stratop watch`.
type watchFlags struct {
	integration bool
	users       []string
	strategies  []int64
	watched     bool
	output      string
	interval    time.Duration
	budget      string
	byteBudget  string
	until       string
	timeout     time.Duration
	exec        string
	execEnv     []string
	execTimeout time.Duration
	fromNow     bool
	heartbeat   time.Duration
}

// Output formats of `stratop watch`.
const (
	watchJSONL = "jsonl"
	watchTable = "table"
)

// NewCmd is `stratop watch`: every change of a scope as an event
// stream, with nobody at the screen. It only reads.
func NewCmd(fac *factory.Factory) *cobra.Command {
	var f watchFlags
	cmd := &cobra.Command{
		Use:   "watch",
		Short: "Report every change of the integration, some users or strategies as a stream of events",
		Long: "Watch the whole integration (default), some users' strategies (--user), some strategies\n" +
			"(--strategy) or the profile's watched items (--watched) and print one event per change:\n" +
			"JSON lines when stdout is not a terminal, a table on a terminal. The state is kept per profile\n" +
			"and scope under $XDG_STATE_HOME/stratop/watch, so a restart reports what changed while it was\n" +
			"down; an event seen again carries the same id. It only reads. SIGINT or SIGTERM stop it cleanly.\n" +
			"--watched follows the items as they are added and removed (watches.json, checked each interval).\n" +
			"The event schema is watch/event.schema.json.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runWatch(cmd, fac, f) },
	}
	fl := cmd.Flags()
	fl.BoolVar(&f.integration, "integration", false, "watch every strategy of the integration (the default)")
	fl.StringSliceVar(&f.users, "user", nil, "watch this user's strategies (repeatable)")
	fl.Int64SliceVar(&f.strategies, "strategy", nil, "watch this strategy (repeatable)")
	fl.BoolVar(&f.watched, "watched", false, "watch the profile's watched strategies and users, as they change")
	fl.StringVarP(&f.output, "output", "o", "", "output: jsonl or table (default: jsonl unless stdout is a terminal)")
	cli.DurationVar(fl, &f.interval, "interval", config.DefaultInterval, "time between reads, at least 1s (default: the settings' interval)")
	fl.StringVar(&f.budget, "budget", strconv.Itoa(watch.DefaultBudget)+"/min", "requests at most, e.g. 300/min, 5/s")
	fl.StringVar(&f.byteBudget, "byte-budget", watch.FormatByteBudget(watch.DefaultByteBudget), "bytes at most, headers included, e.g. 16MiB/min, 200KB/s")
	fl.StringVar(&f.until, "until", "", "exit 0 once the condition holds for the watched strategies or users, e.g. status=paused")
	cli.DurationVar(fl, &f.timeout, "timeout", 60*time.Second, "with --until: exit 1 when it has not held by then")
	fl.StringVar(&f.exec, "exec", "", "run this shell command once per event, with the event as JSON on stdin")
	fl.StringArrayVar(&f.execEnv, "exec-env", nil, "with --exec: hand this environment variable on to the command (repeatable); "+
		"STRATOP_API_* and variables named like secrets (…SECRET…, …TOKEN…, …PASSWORD…, …API_KEY…) are withheld otherwise")
	cli.DurationVar(fl, &f.execTimeout, "exec-timeout", 30*time.Second, "with --exec: stop a command that runs longer")
	fl.BoolVar(&f.fromNow, "from-now", false, "forget the saved state: report only what changes from now on")
	cli.DurationVar(fl, &f.heartbeat, "heartbeat", 0, "emit a heartbeat event this often (0: never)")
	_ = cmd.RegisterFlagCompletionFunc("output", cmdutil.FixedCompletion(watchJSONL, watchTable))
	return cmd
}

// scope turns the flags into the engine's scope.
func (f watchFlags) scope(watched *watch.WatchListFollower) (watch.Scope, error) {
	picked := 0
	for _, on := range []bool{f.integration, len(f.users) > 0 || len(f.strategies) > 0, f.watched} {
		if on {
			picked++
		}
	}
	if picked > 1 {
		return watch.Scope{}, errors.New("watch: give one of --integration, --user/--strategy or --watched")
	}
	switch {
	case f.watched:
		return watched.Items().Scope(), nil
	case len(f.users) > 0:
		return watch.Scope{Kind: watch.ScopeUsers, Users: f.users, Strategies: f.strategies}, nil
	case len(f.strategies) > 0:
		return watch.Strategies(f.strategies...), nil
	}
	return watch.Integration(), nil
}

func runWatch(cmd *cobra.Command, fac *factory.Factory, f watchFlags) error {
	out := cmd.OutOrStdout()
	if f.output == "" {
		f.output = watchJSONL
		if cmdutil.IsTerminal(out) {
			f.output = watchTable
		}
	}
	if f.output != watchJSONL && f.output != watchTable {
		return &cli.ExitError{Code: cli.ExitUsage, Err: fmt.Errorf("watch: -o %q: want jsonl or table", f.output)}
	}
	budget, err := cmdutil.ParseBudget(f.budget)
	if err != nil {
		return &cli.ExitError{Code: cli.ExitUsage, Err: err}
	}
	byteBudget, err := watch.ParseByteBudget(f.byteBudget)
	if err != nil {
		return &cli.ExitError{Code: cli.ExitUsage, Err: errors.New("watch: " + err.Error())}
	}
	if len(f.execEnv) > 0 && f.exec == "" {
		return &cli.ExitError{Code: cli.ExitUsage, Err: errors.New("watch: --exec-env needs --exec")}
	}
	for _, name := range f.execEnv {
		if !envName.MatchString(name) {
			return &cli.ExitError{Code: cli.ExitUsage, Err: fmt.Errorf("watch: --exec-env %q: want the name of an environment variable", name)}
		}
	}
	var until *watch.Until
	if f.until != "" {
		if f.integration || f.watched || len(f.users)+len(f.strategies) == 0 {
			return &cli.ExitError{Code: cli.ExitUsage, Err: errors.New("watch: --until needs --strategy or --user")}
		}
		u, err := watch.ParseUntil(f.until)
		if err != nil {
			return &cli.ExitError{Code: cli.ExitUsage, Err: errors.New("watch: " + err.Error())}
		}
		until = &u
	}
	var opts []factory.Option
	if cmd.Flags().Changed("interval") {
		opts = append(opts, factory.WithInterval(f.interval))
	}
	wc, err := fac.Resolve(cmd.Context(), factory.Watch, opts...)
	if err != nil {
		return err
	}
	if wc.Paths.AuditErr != nil {
		return fmt.Errorf("watch: audit log: %w", wc.Paths.AuditErr)
	}
	auditPath := wc.Paths.Audit
	say := func(format string, args ...any) { fmt.Fprintf(cmd.ErrOrStderr(), "watch: "+format+"\n", args...) }
	id, state := wc.Integration, wc.OpenState(func(line string) { say("%s", line) })
	meter := watch.NewMeter()
	c, err := cmdutil.Client(wc, api.WithAttemptObserver(meter.Observe))
	if err != nil {
		return err
	}
	var (
		follow  func() (watch.Scope, bool)
		watched *watch.WatchListFollower
	)
	if f.watched {
		if watched, err = watch.FollowWatchList(watch.NewWatchListStore(state.Watched()), say); err != nil {
			return &cli.ExitError{Code: cli.ExitUsage, Err: fmt.Errorf("watch: --watched: %w", err)}
		}
		follow = watched.Next
	}
	sc, err := f.scope(watched)
	if err != nil {
		return &cli.ExitError{Code: cli.ExitUsage, Err: err}
	}
	if err := sc.Validate(); err != nil {
		return &cli.ExitError{Code: cli.ExitUsage, Err: err}
	}

	ctx, cancel := context.WithCancel(cmd.Context())
	defer cancel()
	if until != nil {
		// --timeout bounds the whole wait, the first reads included: a
		// server down at the start costs no more than the timeout.
		timer := time.AfterFunc(f.timeout, cancel)
		defer timer.Stop()
		if err := cli.ScopeExists(ctx, c, f.strategies, f.users); err != nil {
			return err
		}
	}
	w := &eventWriter{out: out, table: f.output == watchTable, width: func() int { return terminalWidth(out) }}
	ex := &execRunner{cmd: f.exec, timeout: f.execTimeout, errOut: cmd.ErrOrStderr(),
		env: cli.HookEnv(os.Environ(), f.execEnv, sinkVariables(fac))}
	var holds bool
	saveErr := &cmdutil.SaveReporter{Say: func(format string, args ...any) {
		fmt.Fprintf(cmd.ErrOrStderr(), "watch: "+format+"\n", args...)
	}}
	var eng *watch.Engine
	hist := cmdutil.OpenEngineHistory("watch", state, sc, func(format string, args ...any) {
		fmt.Fprintf(cmd.ErrOrStderr(), format+"\n", args...)
	})
	eng = watch.New(c, watch.Options{
		Profile: wc.Profile, Host: c.Host(), Integration: id, Scope: sc,
		Interval: wc.Settings.Interval, Budget: budget, ByteBudget: byteBudget, Heartbeat: f.heartbeat,
		CursorDir: cmdutil.CursorDir(state), FromNow: f.fromNow, Meter: meter, AuditPath: auditPath,
		Notice: func(words string) { fmt.Fprintln(cmd.ErrOrStderr(), "watch: "+words) }, Follow: follow,
		Emit: func(ev watch.Event) {
			if !w.write(ev) {
				// Whoever read the events is gone (a closed pipe, a full
				// disk): watching on would only lose them.
				cancel()
				return
			}
			ex.run(ctx, ev)
		},
		OnSample: func(s watch.Sample) {
			hist.Sample(s)
			saveErr.Report(eng.SaveError())
			if until != nil && until.Holds(eng) {
				holds = true
				cancel()
			}
		},
	})
	w.header()
	runErr := eng.Run(ctx)
	hist.Close()
	if runErr != nil {
		return &cli.ExitError{Code: 1, Err: runErr}
	}
	st := eng.Stats()
	fmt.Fprintf(cmd.ErrOrStderr(), "watch: stopped after %d reads (%d failed), %.1f MB read, %s\n",
		st.Reads, st.Errors, float64(st.Bytes)/1e6, time.Since(st.Since).Round(time.Second))
	if len(st.ReadsBy) > 0 {
		fmt.Fprintf(cmd.ErrOrStderr(), "watch: reads by purpose: %s\n", readsBy(st.ReadsBy))
	}
	if err := eng.SaveError(); err != nil {
		fmt.Fprintf(cmd.ErrOrStderr(), "watch: the state could not be saved (%v): a restart may report changes again\n", err)
	}
	if w.err != nil {
		return &cli.ExitError{Code: 1, Err: fmt.Errorf("watch: writing events: %w", w.err)}
	}
	if until != nil && !holds && cmd.Context().Err() == nil {
		return &cli.ExitError{Code: 1, Err: fmt.Errorf("watch: --until %s did not hold within %s", until, f.timeout)}
	}
	return nil
}

// eventWriter prints events as they come: a JSON line each, or the
// table's lines under its header.
type eventWriter struct {
	mu    sync.Mutex
	out   io.Writer
	table bool
	width func() int // the terminal's columns for a table line; 0: no limit
	err   error
}

// header prints the table's header; nothing for JSON lines.
func (w *eventWriter) header() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.table || w.err != nil {
		return
	}
	_, w.err = io.WriteString(w.out, tableHeader(w.columns())+"\n")
}

// columns is the terminal's width for the table; 0: no limit.
func (w *eventWriter) columns() int {
	if w.width == nil {
		return 0
	}
	return w.width()
}

// write prints one event; false once writing failed.
func (w *eventWriter) write(ev watch.Event) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.err != nil {
		return false
	}
	var line []byte
	if w.table {
		line = []byte(tableLine(ev, w.columns()) + "\n")
	} else {
		b, err := json.Marshal(ev)
		if err != nil {
			w.err = err
			return false
		}
		line = append(b, '\n')
	}
	_, w.err = w.out.Write(line)
	return w.err == nil
}

// readsBy is the reads by purpose as "totals 120, search 40, ...", the
// most first.
func readsBy(by map[string]int64) string {
	names := slices.Collect(maps.Keys(by))
	slices.SortFunc(names, func(a, b string) int { return cmp.Or(cmp.Compare(by[b], by[a]), cmp.Compare(a, b)) })
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = n + " " + strconv.FormatInt(by[n], 10)
	}
	return strings.Join(parts, ", ")
}
