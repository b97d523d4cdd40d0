// Package factory is the context every front end takes its world from: for
// the profile chosen, it resolves once the settings (with the sources of
// read-only and require-reason), the credentials bound to their host, the
// integration they name, the interface client, the action policy, the
// audit journal and every path. Front ends (the dashboard, the command
// line, watch, serve, alerts, history, audit, the profile switch) build
// none of these themselves, so the same flags, environment and settings
// file give every one of them the same answers.
package factory

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"sync"
	"time"

	"github.com/stratop/stratop/action"
	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/config"
	"github.com/stratop/stratop/integration"
	"github.com/stratop/stratop/internal/exit"
	"github.com/stratop/stratop/internal/paths"
	"github.com/stratop/stratop/internal/vocab"
	"github.com/stratop/stratop/keys"
)

// Factory resolves contexts for one run of the program. Its zero value
// (with Globals filled by the root's flags) reads the real environment,
// config directory and keyring.
type Factory struct {
	Globals Globals
	// Getenv reads the environment; nil means os.Getenv.
	Getenv func(string) string
	// Keys is where credentials are kept; its zero value is the real
	// config directory and OS keyring. Tests give a temp dir and a
	// *keys.MemStore. Its Getenv, when nil, is the Factory's.
	Keys keys.Config
	// Words are the presentation's names the settings file is checked
	// against (themes, colours, charts, keys): ui.SettingsWords, given by
	// the root, so the context itself links no terminal styling.
	Words vocab.Words
	// Resolved, when set, is told of every context a front end resolves
	// (tests: the same flags and environment resolve the same world).
	Resolved func(*Context)

	settingsOnce sync.Once
	settings     *config.Config
	settingsErr  error
}

// New is a Factory on the real environment.
func New() *Factory { return &Factory{} }

func (f *Factory) getenv(name string) string {
	if f.Getenv == nil {
		return os.Getenv(name)
	}
	return f.Getenv(name)
}

func (f *Factory) keysConfig() keys.Config {
	c := f.Keys
	if c.Getenv == nil {
		c.Getenv = f.getenv
	}
	return c
}

// KeyManager is the credentials manager of this run.
func (f *Factory) KeyManager() (*keys.Manager, error) {
	m, err := keys.New(f.keysConfig())
	if err != nil {
		return nil, exit.UsageErr(fmt.Errorf("stratop: %w", err))
	}
	return m, nil
}

// SettingsPath is the settings file in use: --config, STRATOP_CONFIG or
// the default; explicit says it was named (then it must exist).
func (f *Factory) SettingsPath() (path string, explicit bool, err error) {
	return config.Path(f.Globals.Config, f.getenv)
}

// Settings is the settings file, loaded once. An invalid file is exit 2
// whatever else is wrong, with every mistake named by `stratop config
// check`. Where no file can be named (neither XDG_CONFIG_HOME nor HOME,
// and no --config) the defaults apply, as for a file that does not exist.
func (f *Factory) Settings() (*config.Config, error) {
	f.settingsOnce.Do(func() {
		p, explicit, err := f.SettingsPath()
		switch {
		case errors.Is(err, paths.ErrNoHome):
			f.settings, err = &config.Config{}, nil
		case err == nil:
			f.settings, err = config.Load(p, explicit, f.Words)
		}
		if err != nil {
			f.settingsErr = exit.UsageErr(fmt.Errorf("%w\nthe settings file is invalid; `stratop config check` lists every mistake", err))
		}
	})
	return f.settings, f.settingsErr
}

// Profile is the profile chosen: --profile, else STRATOP_PROFILE, else
// "default"; a name that is not valid (it would reach outside a directory
// it is joined into) is exit 2.
func (f *Factory) Profile() (string, error) {
	m, err := f.KeyManager()
	if err != nil {
		return "", err
	}
	name, err := m.ProfileName(f.Globals.Profile)
	if err != nil {
		return "", exit.UsageErr(fmt.Errorf("stratop: %w", err))
	}
	return name, nil
}

// Option is what a front end adds to a resolution.
type Option func(*request)

type request struct {
	profile   string        // another profile than the chosen one (the switch)
	interval  time.Duration // the front end's --interval, when given
	unaudited bool
}

// WithProfile resolves the named profile instead of the chosen one, with
// its own base URL (the dashboard's profile switch).
func WithProfile(name string) Option { return func(r *request) { r.profile = name } }

// WithInterval is the front end's --interval, when the operator gave it.
func WithInterval(d time.Duration) Option { return func(r *request) { r.interval = d } }

// WithUnaudited is --unaudited: actions are sent when their intent cannot
// be recorded.
func WithUnaudited(on bool) Option { return func(r *request) { r.unaudited = on } }

// Local resolves what needs no credentials: the profile, its settings and
// policy, and the paths. The integration is unknown (zero).
func (f *Factory) Local(front Front, opts ...Option) (*Context, error) {
	r := f.request(opts)
	cfg, err := f.Settings()
	if err != nil {
		return nil, err
	}
	profile := r.profile
	if profile == "" {
		if profile, err = f.Profile(); err != nil {
			return nil, err
		}
	} else if err := keys.ValidateProfileName(profile); err != nil {
		return nil, exit.UsageErr(fmt.Errorf("stratop: %w", err))
	}
	c := &Context{Front: front, Profile: profile, factory: f}
	if err := c.settle(cfg, r, false); err != nil {
		return nil, err
	}
	f.tell(c)
	return c, nil
}

// Resolve resolves the whole context of the profile chosen (or the one
// WithProfile names): credentials from the environment or the profile's
// store, bound to the host they were saved for, and the integration they
// name. A failure is exit 2 with the full explanation (each source
// checked, why it failed, and the fixes).
func (f *Factory) Resolve(ctx context.Context, front Front, opts ...Option) (*Context, error) {
	r := f.request(opts)
	cfg, err := f.Settings()
	if err != nil {
		return nil, err
	}
	m, err := f.KeyManager()
	if err != nil {
		return nil, err
	}
	profileFlag, baseURL := f.Globals.Profile, f.Globals.BaseURL
	if r.profile != "" {
		profileFlag, baseURL = r.profile, ""
	}
	res, err := m.Resolve(ctx, profileFlag, baseURL)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, exit.UsageErr(err)
	}
	id, err := integration.New(res.BaseURL, res.Creds.Key)
	if err != nil {
		return nil, exit.UsageErr(fmt.Errorf("stratop: %w", err))
	}
	c := &Context{
		Front: front, Profile: res.Profile, Integration: id,
		Target:  Target{BaseURL: res.BaseURL, Creds: res.Creds, Source: res.Source, ProfileHost: res.ProfileHostMatches},
		factory: f,
		source: integration.Source{Profile: res.Profile, BaseURL: res.BaseURL, KeyID: res.Creds.Key,
			ProfileOwns: res.ProfileHostMatches && res.Source != keys.SourceEnv},
	}
	if err := c.settle(cfg, r, isLoopback(id.Host)); err != nil {
		return nil, err
	}
	f.tell(c)
	return c, nil
}

// DemoProfile names the context of the embedded sandbox (--demo).
const DemoProfile = "demo"

// demoOrigin names the demo's integration: the embedded sandbox listens on
// a new port each run, but it is one integration, whose state (watched
// items, history) one demo leaves for the next.
const demoOrigin = "http://demo.invalid"

// Demo is the context of an embedded sandbox at baseURL with its
// credentials (the sandbox's published ones, no secret: ShellEnv shows
// them): the demo profile's settings, on its own host.
func (f *Factory) Demo(front Front, baseURL string, creds api.Credentials, opts ...Option) (*Context, error) {
	r := f.request(opts)
	cfg, err := f.Settings()
	if err != nil {
		return nil, err
	}
	id, err := integration.New(demoOrigin, creds.Key)
	if err != nil {
		return nil, exit.UsageErr(fmt.Errorf("stratop: %w", err))
	}
	c := &Context{Front: front, Profile: DemoProfile, Integration: id, factory: f, demo: true,
		Target: Target{BaseURL: baseURL, Creds: creds, ProfileHost: true},
		source: integration.Source{Profile: DemoProfile, BaseURL: demoOrigin, KeyID: creds.Key, ProfileOwns: true}}
	if err := c.settle(cfg, r, true); err != nil {
		return nil, err
	}
	f.tell(c)
	return c, nil
}

func (f *Factory) request(opts []Option) request {
	var r request
	for _, o := range opts {
		o(&r)
	}
	return r
}

func (f *Factory) tell(c *Context) {
	if f.Resolved != nil {
		f.Resolved(c)
	}
}

// settle resolves the profile's settings, policy and paths into c.
func (c *Context) settle(cfg *config.Config, r request, loopback bool) error {
	f := c.factory
	if r.interval != 0 {
		if err := CheckInterval(r.interval, loopback); err != nil {
			return exit.UsageErr(err)
		}
	}
	s, err := cfg.Resolve(c.Profile, f.getenv, config.Overrides{ReadOnly: f.Globals.ReadOnly, Interval: r.interval})
	if err != nil {
		return exit.UsageErr(err)
	}
	c.Settings = s
	c.Policy = action.Policy{
		ReadOnly: s.ReadOnly, ReadOnlyBy: s.ReadOnlyBy,
		RequireReason: s.RequireReason, RequireReasonBy: s.RequireReasonBy,
		Unaudited: r.unaudited,
	}
	c.Paths = f.paths(c.Integration)
	return nil
}

// Target is where a context's client connects and with what.
type Target struct {
	BaseURL string
	Creds   api.Credentials
	Source  keys.Source // environment, keyring or file: for the status line
	// ProfileHost says BaseURL is the profile's own scheme, host and port:
	// only then does the dashboard's header wear the profile's label and
	// colour.
	ProfileHost bool
}

// Host is the base URL's host[:port], as the client and the audit log
// name it.
func (t Target) Host() string {
	u, err := url.Parse(t.BaseURL)
	if err != nil {
		return ""
	}
	return u.Host
}

// ErrNoCredentials is a client asked of a context resolved without them.
var ErrNoCredentials = errors.New("factory: the context was resolved without credentials")
