package watch

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/integration"
)

// Client is what the engine reads through: the read routes of *api.Client.
// It never acts, so a read-only profile is always respected.
type Client interface {
	GetDashboardStats(ctx context.Context) (*api.DashboardStats, error)
	ListStrategies(ctx context.Context, f api.StrategyFilter) (*api.StrategiesPage, error)
	GetStrategies(ctx context.Context, req api.UserStrategiesRequest) (*api.StrategiesPage, error)
	GetStrategy(ctx context.Context, id int64) (*api.Strategy, error)
	StreamUsers(ctx context.Context, start func(), add func(api.User)) error
}

var _ Client = (*api.Client)(nil)

// Defaults of Options.
const (
	DefaultInterval = 5 * time.Second
	DefaultBudget   = 300 // requests a minute
	// DefaultByteBudget bounds the bytes of any minute, headers included:
	// enough to read a busy integration's changed statuses whole at most
	// every few seconds (240 pages of 100 a minute), so that a fast change
	// rate is seen within an interval and a pass. A quiet integration
	// costs far less: the rolling sweep paces itself to a sixteenth of it.
	DefaultByteBudget = 16 << 20
)

// Options configure an Engine. Only Scope is required in practice; the
// zero value of the rest is the default.
type Options struct {
	Profile string // named in events
	Host    string // the interface's host, part of every event id
	// Integration is the integration watched: the audit log's actions are
	// reported when they are its own (audit.Entry.BelongsTo). The zero
	// value compares the entry's host with Host instead.
	Integration integration.ID
	Scope       Scope

	Interval   time.Duration // between cycles (DefaultInterval)
	Budget     int           // requests in any 60 s at most, retries included (DefaultBudget)
	ByteBudget int64         // bytes in any 60 s at most, headers included (DefaultByteBudget)
	Heartbeat  time.Duration // emit a heartbeat event this often; 0: none

	// CursorDir holds the cursors, one file per scope: the integration's
	// own (integration.Dir.Cursors()). Empty keeps no cursor, so every
	// start is from now.
	CursorDir string
	// AuditPath is the audit log whose actions on this host are reported
	// as action events; empty: none.
	AuditPath string
	// FromNow drops a saved cursor: nothing that happened before the start
	// is reported.
	FromNow bool

	// Follow, for a members scope, is asked before each interval whether
	// the members changed; when it returns true its scope (of the same
	// kind) replaces the current one: a strategy or user added is read, its
	// first read the starting point and not a change; one removed is
	// forgotten, without an event. It runs on the engine's goroutine and
	// should be cheap when nothing changed.
	Follow func() (Scope, bool)

	// Emit receives every event, in order, on the engine's goroutine.
	// A cycle's events are saved with the cursor before the first is
	// emitted, so an event is never lost to a crash; after one it may
	// repeat, with the same ID, and what follows starts where it ended.
	Emit func(Event)
	// OnSample is called once per interval with the cycle's figures, on the
	// engine's goroutine.
	OnSample func(Sample)

	// Notice receives words an operator should read, on the engine's
	// goroutine: that another process keeps this watch's cursor. Nil: none.
	Notice func(string)

	// Meter counts the client's requests and bytes; give the one the
	// client was built with (api.WithAttemptObserver(meter.Observe)).
	Meter *Meter

	// Now replaces time.Now (tests).
	Now func() time.Time
}

// Engine watches one scope of one integration. Create it with New, run it
// with Run; Stats may be called from any goroutine.
type Engine struct {
	client Client
	opts   Options

	mu    sync.Mutex // guards stats, held and saveErr
	stats Stats
	held  *state // st, once Run has it, for readers on other goroutines

	in   *inbox // observations from other goroutines (Observe)
	pace *pace  // the interval, which another goroutine may change (SetInterval)

	// Touched by Run's goroutine only.
	st     *state
	meter  *Meter
	own    bool // the meter is the engine's: it counts each read itself
	budget *budget
	cyc    cycleFigures
	// answered is when the last read's answer arrived: the time of the
	// events it shows, never before the change it saw.
	answered  time.Time
	readFirst uint64 // the Mark taken before the last read was sent
	rowBytes  int    // bytes of a list row, as a full page measured them
	lastBytes int64  // body bytes of the last attempt (with a Meter)
	// speed is how many times faster Options.Now runs than the wall
	// clock: 1 but in tests, which run minutes of the engine in seconds.
	speed    float64
	lost     bool
	nextBeat time.Time
	saveErr  error
	// cursorElsewhere says another process holds the cursor's lock: this
	// run keeps no cursor.
	cursorElsewhere bool
	confirm         []int64 // strategies to read by id: gone from where they were
	pending         map[int64]bool
	totals          map[string]int        // the listed statuses' totals as last read
	sweeps          int                   // full sweeps done since Run started
	cycles          int                   // cycles of the whole integration since Run started
	index           heldIndex             // held ids per status, for searches and probes
	rate            map[string]float64    // changes a status settled an interval, lately (drill.go)
	wholeNext       map[string]int        // the page a status's whole read goes on from
	shown           listedAt              // the interval's rows by position, for the searches
	differing       map[string]difference // since when each status has differed from what is held
	settledAt       map[string]int        // the cycle that last settled a change of each status
	losing          map[string]int        // since when each status has held more than its total
	fruitless       map[string]int        // drills of each status that found nothing since
	splits          map[string]*partsRead // the splits in use, by cell name (narrow.go)
	splitReads      int                   // totals of parts read: a split's progress
	members         memberRing            // where the members' reads go on from
	readsBy         map[string]int64      // reads by purpose (purpose.go)
	short           int                   // intervals in a row that ended short of the budget with differences left (short.go)
	sinceTotals     int                   // intervals since the totals were last read, while short
}

// cycleFigures are one cycle's reads, for its sample.
type cycleFigures struct {
	reads   int
	failed  bool
	latency time.Duration
	prices  map[int64]float64 // pools' prices the cycle's reads carried
}

// New builds an engine over client. It reads nothing until Run.
func New(client Client, opts Options) *Engine {
	if opts.Interval <= 0 {
		opts.Interval = DefaultInterval
	}
	if opts.Budget <= 0 {
		opts.Budget = DefaultBudget
	}
	if opts.ByteBudget <= 0 {
		opts.ByteBudget = DefaultByteBudget
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Emit == nil {
		opts.Emit = func(Event) {}
	}
	if opts.Notice == nil {
		opts.Notice = func(string) {}
	}
	e := &Engine{client: client, opts: opts, speed: 1, meter: opts.Meter, pending: map[int64]bool{}, rate: map[string]float64{}, wholeNext: map[string]int{}, differing: map[string]difference{}, settledAt: map[string]int{}, losing: map[string]int{}, fruitless: map[string]int{}, splits: map[string]*partsRead{}, in: newInbox(), pace: newPace(opts.Interval)}
	if e.meter == nil {
		e.meter, e.own = NewMeter(), true
	}
	e.meter.now = opts.Now
	e.stats.Budget = opts.Budget
	return e
}

// ErrNoClient is returned by Run for an engine built without a client.
var ErrNoClient = errors.New("watch: no client")
