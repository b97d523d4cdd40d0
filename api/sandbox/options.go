package sandbox

import (
	"io"
	"time"
)

// Option configures a Sandbox at New.
type Option func(*config)

// config is what the options set.
type config struct {
	key, secret string
	extra       []credPair
	seed        int64
	users       int
	strategies  int
	tick        time.Duration
	noTwoFactor bool
	latency     time.Duration
	failRate    float64
	clock       func() time.Time
	bodyTimeout time.Duration
	churn       int       // random lifecycle changes a minute (churn.go)
	changes     io.Writer // the change log; nil: none
}

// credPair is the key and secret of one integration.
type credPair struct{ key, secret string }

// WithCredentials sets the key and secret of the main integration, whose
// data the seed fills (default DemoKey / DemoSecret).
func WithCredentials(key, secret string) Option {
	return func(c *config) { c.key, c.secret = key, secret }
}

// WithIntegration adds another integration with its own key and secret and a
// small data set of its own (extraUsers users, extraStrategies strategies,
// derived from the seed). Its users, strategies and pools are invisible
// through the main key and vice versa, which is what tests of integration
// scoping (spec section 5.3) need. It may be given several times.
func WithIntegration(key, secret string) Option {
	return func(c *config) { c.extra = append(c.extra, credPair{key, secret}) }
}

// Sizes of the data set of each WithIntegration integration.
const (
	extraUsers      = 3
	extraStrategies = 12
)

// WithSeed makes the generated data depend on seed; the same seed gives the
// same users, pools, strategies and transactions.
func WithSeed(seed int64) Option { return func(c *config) { c.seed = seed } }

// WithUsers sets how many users the main integration starts with (>= 1 when
// strategies are seeded; negative counts are taken as 0).
func WithUsers(n int) Option { return func(c *config) { c.users = max(n, 0) } }

// WithStrategies sets how many strategies the main integration starts with.
func WithStrategies(n int) Option { return func(c *config) { c.strategies = max(n, 0) } }

// WithTick sets the simulation period used by Start; 0 (the default in the
// package) turns the simulation off so data changes only by requests.
func WithTick(d time.Duration) Option { return func(c *config) { c.tick = max(d, 0) } }

// WithoutTwoFactor makes every integration one where no portal user has
// two-factor authentication enabled: the 2FA routes answer 403 (spec 5.4).
func WithoutTwoFactor() Option { return func(c *config) { c.noTwoFactor = true } }

// WithLatency delays every request by about d (jittered between d/2 and
// 3d/2). It is the initial Faults.Latency; SetFaults replaces it.
func WithLatency(d time.Duration) Option { return func(c *config) { c.latency = max(d, 0) } }

// WithFailRate answers that share (0..1) of reads with 500, 502 or 503. It is
// the initial Faults.FailRate; SetFaults replaces it.
func WithFailRate(rate float64) Option { return func(c *config) { c.failRate = clampRate(rate) } }

// WithBodyTimeout sets how long a request body may take to arrive in full
// (DefaultBodyTimeout unless set; values <= 0 keep the default). A body not
// in by then is answered 408 and its connection closed. Tests use a short
// one to watch stalled connections go.
func WithBodyTimeout(d time.Duration) Option {
	return func(c *config) {
		if d > 0 {
			c.bodyTimeout = d
		}
	}
}

// WithClock replaces time.Now for timestamps, scheduledStartAt and the
// seeded history, so tests control time.
func WithClock(now func() time.Time) Option {
	return func(c *config) {
		if now != nil {
			c.clock = now
		}
	}
}

// clampRate keeps a probability within 0..1.
func clampRate(r float64) float64 {
	if r != r || r < 0 { // NaN or negative
		return 0
	}
	return min(r, 1)
}
