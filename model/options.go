package model

import (
	"time"

	"github.com/charmbracelet/bubbles/help"

	"github.com/stratop/stratop/ui"
)

// Defaults of the options below.
const (
	DefaultInterval     = 5 * time.Second
	MinInterval         = time.Second
	DefaultMaxBackoff   = 60 * time.Second
	DefaultFetchTimeout = 30 * time.Second
	DefaultPageSize     = 50
	// DefaultActionTimeout bounds one action request; an action that runs
	// out of it has an unknown outcome and is never retried automatically.
	DefaultActionTimeout = 15 * time.Second
)

// deps are the model's fixed collaborators and settings: set once by New,
// never changed afterwards, shared by every tab through one pointer.
type deps struct {
	api           API
	now           func() time.Time
	interval      time.Duration
	maxBackoff    time.Duration
	fetchTimeout  time.Duration
	actionTimeout time.Duration
	pageSize      int
	profile       string
	host          string
	readOnly      bool
	user          string // --user: the external id chosen at start
	styles        ui.Styles
	keys          ui.KeyMap
	help          help.Model
}

// Option configures New.
type Option func(*deps)

// WithClock injects the clock used for every time shown and for scheduling
// decisions, so tests and golden files are deterministic.
func WithClock(now func() time.Time) Option { return func(d *deps) { d.now = now } }

// WithInterval sets the poll interval (at least MinInterval in the command
// line; tests may pass less).
func WithInterval(iv time.Duration) Option { return func(d *deps) { d.interval = iv } }

// WithMaxBackoff caps the delay between polls that keep failing.
func WithMaxBackoff(max time.Duration) Option { return func(d *deps) { d.maxBackoff = max } }

// WithFetchTimeout bounds each fetch command (all its requests).
func WithFetchTimeout(t time.Duration) Option { return func(d *deps) { d.fetchTimeout = t } }

// WithActionTimeout bounds each action request (tests pass less than the
// sandbox's ActionLatency to reach the "outcome unknown" path).
func WithActionTimeout(t time.Duration) Option { return func(d *deps) { d.actionTimeout = t } }

// WithPageSize sets the strategies page size (1..100, the spec's maximum).
func WithPageSize(n int) Option { return func(d *deps) { d.pageSize = n } }

// WithProfile names the profile shown in the header (prod* is marked red).
func WithProfile(name string) Option { return func(d *deps) { d.profile = name } }

// WithUser chooses a user (external id) at start, as --user does.
func WithUser(externalID string) Option { return func(d *deps) { d.user = externalID } }

// WithReadOnly hides and refuses every action (--read-only).
func WithReadOnly(on bool) Option { return func(d *deps) { d.readOnly = on } }

// WithStyles replaces the default style tree.
func WithStyles(st ui.Styles) Option { return func(d *deps) { d.styles = st } }

// WithKeyMap replaces the default key map.
func WithKeyMap(k ui.KeyMap) Option { return func(d *deps) { d.keys = k } }

// newDeps applies the options over the defaults.
func newDeps(client API, opts []Option) *deps {
	d := &deps{
		api:           client,
		now:           time.Now,
		interval:      DefaultInterval,
		maxBackoff:    DefaultMaxBackoff,
		fetchTimeout:  DefaultFetchTimeout,
		actionTimeout: DefaultActionTimeout,
		pageSize:      DefaultPageSize,
		styles:        ui.DefaultStyles(),
		keys:          ui.DefaultKeyMap(),
	}
	for _, o := range opts {
		if o != nil {
			o(d)
		}
	}
	if d.interval <= 0 {
		d.interval = DefaultInterval
	}
	if d.maxBackoff < d.interval {
		d.maxBackoff = d.interval
	}
	if d.actionTimeout <= 0 {
		d.actionTimeout = DefaultActionTimeout
	}
	if d.pageSize < 1 || d.pageSize > 100 {
		d.pageSize = DefaultPageSize
	}
	if client != nil {
		d.host = ui.Sanitize(client.Host())
	}
	d.help = ui.NewHelp(d.styles)
	return d
}
