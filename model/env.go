package model

import (
	"context"
	"time"

	"github.com/charmbracelet/bubbles/help"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/action"
	"github.com/stratop/stratop/audit"
	"github.com/stratop/stratop/config"
	"github.com/stratop/stratop/integration"
	"github.com/stratop/stratop/internal/text"
	"github.com/stratop/stratop/ui"
	"github.com/stratop/stratop/watch"
)

// Defaults of the options below.
const (
	DefaultInterval     = config.DefaultInterval // the settings' default, for every front end
	DefaultMaxBackoff   = 60 * time.Second
	DefaultFetchTimeout = 30 * time.Second
	DefaultPageSize     = 50
	// DefaultActionTimeout bounds one action request; an action that runs
	// out of it has an unknown outcome and is never retried automatically.
	DefaultActionTimeout = 15 * time.Second
)

// env holds the model's fixed collaborators and settings: set once by New,
// shared by every tab through one pointer; only the theme changes after
// (>theme, applyTheme), so every tab draws with the new one at once.
type env struct {
	ctx           context.Context // the profile's: quitting or switching away cancels what is in flight
	parent        context.Context // the program's, from which each profile's context is made
	cancel        context.CancelFunc
	session       uint64   // unique in the process; every fetch reply carries it
	base          []Option // the options the program was started with, kept for a profile switch
	profiles      Profiles // nil: no switcher
	fleet         bool     // a fleet holds the dashboard: F opens it, esc at the top goes back (fleet.go)
	api           API
	journal       audit.Journal
	now           func() time.Time
	after         func(time.Duration) <-chan time.Time // the timer of now's clock
	interval      time.Duration
	maxBackoff    time.Duration
	fetchTimeout  time.Duration
	actionTimeout time.Duration
	pageSize      int
	profile       string
	shell         shellReach // how a shell line reaches the integration (command_line.go)
	label         string     // the profile's badge from the settings file
	host          string
	policy        action.Policy // read-only and require-reason with the settings that made them
	user          string        // --user: the external id chosen at start
	styles        ui.Styles
	theme         ui.ThemeOptions // what styles were built from, so >theme changes only the name
	keys          ui.KeyMap
	help          help.Model
	tools         toolOptions // the terminal, links, mouse and export directory (toolbox_env.go)

	// The Activity: how changes of watched items are announced, where the
	// audit log and the watches are read from, and the watches loaded by New.
	notify      string
	auditPath   string
	integration integration.ID // the one shown; the audit log's lines of others are marked (integration.go)
	startNotice string         // said on the status line once the model is made
	alertDir    string         // serve's state directory of the integration, "" for none
	approvalDir string         // where agents' requests wait for a person (package approval), "" for none
	watchStore  *watch.WatchListStore
	watchStart  watchSet
	watchErr    string // the watches could not be loaded (in words)
	watchesRead bool   // watchStart holds the profile's watches already
	// wholeIntegration makes the Activity cover every strategy through
	// engine, a watch of the whole integration (activity_engine.go).
	wholeIntegration bool
	engine           *engineFeed
	movers           *engineFeed // names the movers of the halted statuses without an engine (activity_movers.go)
	engineBudget     int         // requests a minute; 0: watch.DefaultBudget, as `stratop watch`

	// The Overview's history file ("" keeps it in memory only) and the
	// glyphs of every chart.
	historyPath string
	prometheus  string        // base URL the Overview's trends are read from ("": the history file)
	silenceSrc  SilenceReader // Alertmanager's silences for Needs attention (overview_silences.go), nil: serve's board
	silenceErr  string        // why no silence source could be built, "" when none failed
	charts      ui.ChartStyle
	trends      *trendShare // the Overview's history and window, for the pool pane's price chart

	// commandsPath is the command line's history ("": in memory only).
	commandsPath string

	// trace is told every key the root takes and what it showed after it
	// (trace.go); nil outside tests.
	trace func(traceEvent)
}

// Option configures New.
type Option func(*env)

// WithClock injects the clock used for every time shown and for scheduling
// decisions, so tests and golden files are deterministic.
func WithClock(now func() time.Time) Option { return func(e *env) { e.now = now } }

// WithTimer injects the timer that goes with WithClock's clock (time.After
// by default): the pacing of polls while the terminal has no focus waits
// on it, so a fake clock's Advance can release them.
func WithTimer(after func(time.Duration) <-chan time.Time) Option {
	return func(e *env) { e.after = after }
}

// WithInterval sets the poll interval (the context checks the command
// line's against its minimum; tests may pass less).
func WithInterval(iv time.Duration) Option { return func(e *env) { e.interval = iv } }

// WithMaxBackoff caps the delay between polls that keep failing.
func WithMaxBackoff(max time.Duration) Option { return func(e *env) { e.maxBackoff = max } }

// WithFetchTimeout bounds each fetch command (all its requests).
func WithFetchTimeout(t time.Duration) Option { return func(e *env) { e.fetchTimeout = t } }

// WithActionTimeout bounds each action request (tests pass less than the
// sandbox's ActionLatency to reach the "outcome unknown" path).
func WithActionTimeout(t time.Duration) Option { return func(e *env) { e.actionTimeout = t } }

// WithPageSize sets the strategies page size (1..100, the spec's maximum).
func WithPageSize(n int) Option { return func(e *env) { e.pageSize = n } }

// WithProfile names the profile shown in the header (prod* is marked red).
func WithProfile(name string) Option { return func(e *env) { e.profile = name } }

// WithShellEnv is what a shell line sets in front of stratop to reach the
// integration, and while it does (factory.Context.ShellEnv): every
// profile's context gives it, so a profile switch replaces it.
func WithShellEnv(vars []action.EnvVar, while string) Option {
	return func(e *env) { e.shell.env, e.shell.while = vars, while }
}

// WithLabel shows a badge naming where the dashboard is connected (a
// profile's label from the settings file).
func WithLabel(label string) Option { return func(e *env) { e.label = label } }

// WithStyles draws with another style tree (a theme from the settings file).
func WithStyles(st ui.Styles) Option {
	return func(e *env) { e.styles = st }
}

// WithTheme draws with the style tree of a theme: the settings file's
// name, colours and accent, kept so >theme can rebuild it with another
// name. An unknown name keeps the styles (the caller refuses it first).
func WithTheme(o ui.ThemeOptions) Option {
	return func(e *env) {
		if st, err := ui.NewStyles(o); err == nil {
			e.theme, e.styles = o, st
		}
	}
}

// WithKeyMap matches keys against another key map (the settings file's
// remaps applied to DefaultKeyMap). Its tab bindings are replaced by the
// registry's: the caller does not know the tabs.
func WithKeyMap(km ui.KeyMap) Option {
	return func(e *env) {
		km.Global.Tabs = ui.DefaultGlobalKeys(tabTitles()...).Tabs
		e.keys = km
	}
}

// DefaultKeyMap is the key map the dashboard uses without remaps.
func DefaultKeyMap() ui.KeyMap { return ui.DefaultKeyMap(tabTitles()...) }

// WithUser chooses a user (external id) at start, as --user does.
func WithUser(externalID string) Option { return func(e *env) { e.user = externalID } }

// WithPolicy is the profile's safety policy as resolved for every front
// end: read-only hides and refuses every action, require-reason makes a
// reason mandatory, and refusals name the setting that made them.
func WithPolicy(p action.Policy) Option { return func(e *env) { e.policy = p } }

// WithReadOnly hides and refuses every action, naming no source.
func WithReadOnly(on bool) Option { return func(e *env) { e.policy.ReadOnly = on } }

// WithRequireReason makes a reason mandatory for every action, naming no
// source; the Runner refuses one without it.
func WithRequireReason(on bool) Option { return func(e *env) { e.policy.RequireReason = on } }

// WithJournal records every action sent (the audit log).
func WithJournal(j audit.Journal) Option { return func(e *env) { e.journal = j } }

// newEnv applies the options (base, then extra) over the defaults.
func newEnv(parent context.Context, client API, base, extra []Option) *env {
	ctx, cancel := context.WithCancel(parent)
	e := &env{
		ctx:           ctx,
		parent:        parent,
		cancel:        cancel,
		session:       nextGen(),
		base:          base,
		api:           client,
		journal:       audit.Discard,
		now:           time.Now,
		after:         time.After,
		interval:      DefaultInterval,
		maxBackoff:    DefaultMaxBackoff,
		fetchTimeout:  DefaultFetchTimeout,
		actionTimeout: DefaultActionTimeout,
		pageSize:      DefaultPageSize,
		styles:        ui.DefaultStyles(),
		keys:          ui.DefaultKeyMap(tabTitles()...),
		notify:        NotifyBell,
		trends:        &trendShare{},
	}
	for _, opts := range [][]Option{base, extra} {
		for _, o := range opts {
			if o != nil {
				o(e)
			}
		}
	}
	if e.interval <= 0 {
		e.interval = DefaultInterval
	}
	if e.maxBackoff < e.interval {
		e.maxBackoff = e.interval
	}
	if e.actionTimeout <= 0 {
		e.actionTimeout = DefaultActionTimeout
	}
	if e.pageSize < 1 || e.pageSize > 100 {
		e.pageSize = DefaultPageSize
	}
	if e.journal == nil {
		e.journal = audit.Discard
	}
	if client != nil {
		e.host = text.Clean(client.Host())
	}
	e.help = ui.NewHelp(e.styles)
	e.engine = newEngineFeed(e)
	e.movers = newMoversFeed(e)
	return e
}

// wake is a command that delivers msg after d on the env's timer, or
// nothing once the program's context ends.
func (e *env) wake(d time.Duration, msg tea.Msg) tea.Cmd {
	ctx, after := e.ctx, e.after
	return func() tea.Msg {
		select {
		case <-after(d):
			return msg
		case <-ctx.Done():
			return nil
		}
	}
}

// actionsEnabled reports whether actions may be offered at all: false in
// read-only mode. Help and marks consult it; the workflow enforces it.
func (e *env) actionsEnabled() bool { return !e.policy.ReadOnly }

// runner sends actions with the dashboard's client, journal and timeouts.
func (e *env) runner() action.Runner {
	return action.Runner{Client: e.api, Journal: e.journal, Source: "dashboard", Policy: e.policy,
		ReadTimeout: e.fetchTimeout, SendTimeout: e.actionTimeout}
}

// WithHistoryFile keeps the Overview's history in the file at path: read
// after start, written at most every history.SaveEvery. Without it the
// history lasts as long as the program.
func WithHistoryFile(path string) Option { return func(e *env) { e.historyPath = path } }

// WithCharts sets the glyphs charts are drawn with.
func WithCharts(c ui.ChartStyle) Option { return func(e *env) { e.charts = c } }
