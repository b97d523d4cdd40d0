package config

// The effective settings of one profile. Precedence, highest first: flags,
// environment, the profile's section, the top level, defaults.

import (
	"fmt"
	"strings"
	"time"

	"github.com/stratop/stratop/internal/vocab"
)

// Defaults of the settings file.
const (
	DefaultTheme    = vocab.ThemeAuto
	DefaultInterval = 5 * time.Second
	DefaultLinks    = true
	DefaultMouse    = false
	DefaultNotify   = "bell"
	DefaultCharts   = "braille"
	// DefaultActivity is "shown": the Activity covers what the dashboard
	// shows and watches, at no cost beyond its own polls. Watching the
	// whole integration was measured at 255-360 requests and 1.4-1.7 MB a
	// minute at 10,000 strategies, against 72 and 72 KB for the dashboard alone
	// (PERFORMANCE.md "Activity on the engine"; CPU and memory barely
	// moved). An operator who keeps `stratop watch` or `serve` on the same
	// integration would pay that traffic twice, so it is asked for, not
	// assumed.
	DefaultActivity = ActivityShown
)

// Activity modes: what the dashboard's Activity tab covers.
const (
	ActivityShown       = "shown"       // what the dashboard shows and watches
	ActivityIntegration = "integration" // the whole integration, watched in the background
)

// Environment variables read by Resolve.
const (
	EnvTheme    = "STRATOP_THEME"
	EnvInterval = "STRATOP_INTERVAL"
	EnvNoColor  = "NO_COLOR" // any value: theme none
	EnvReadOnly = "STRATOP_READ_ONLY"
)

// Settings are the effective settings of one profile.
type Settings struct {
	Profile   string
	Theme     string
	Colors    map[string]string // role -> colour
	Interval  time.Duration
	Links     bool
	Mouse     bool
	Notify    string
	Activity  string              // ActivityShown or ActivityIntegration
	Charts    string              // glyphs of charts: one of the chart styles
	Keys      map[string][]string // binding name -> keys, as written
	Explorers map[string]string   // chain id -> URL template
	Label     string              // the header badge
	Color     string              // the badge and frame accent
	ReadOnly  bool
	// ReadOnlyBy names what made the profile read-only ("--read-only",
	// "STRATOP_READ_ONLY=1", or the profile's setting): the words of a
	// refusal.
	ReadOnlyBy    string
	RequireReason bool
	// RequireReasonBy names the setting that requires a reason.
	RequireReasonBy string
	// Prometheus is the base URL the trends are read from ("": the
	// local history file).
	Prometheus string
}

// Overrides are the command line's flags; zero values are "not given".
// ReadOnly can only add: a flag cannot make a read-only profile writable.
type Overrides struct {
	Theme    string
	Interval time.Duration
	ReadOnly bool
}

// Resolve returns the effective settings of the profile named (a profile
// without a section gets the top level). getenv may be nil.
func (c *Config) Resolve(profileName string, getenv func(string) string, flags Overrides) (Settings, error) {
	if getenv == nil {
		getenv = func(string) string { return "" }
	}
	f := c.f
	s := Settings{
		Profile: profileName, Theme: DefaultTheme, Interval: DefaultInterval,
		Links: DefaultLinks, Mouse: DefaultMouse, Notify: DefaultNotify, Charts: DefaultCharts, Activity: DefaultActivity,
		Colors: c.theme.colors, Keys: f.Keys, Explorers: f.Explorers,
	}
	// Top level. Values were checked by Load.
	setStr(&s.Theme, c.theme.name)
	setDur(&s.Interval, f.Interval)
	setBool(&s.Links, f.Links)
	setBool(&s.Mouse, f.Mouse)
	setStr(&s.Notify, f.Notify)
	setStr(&s.Activity, f.Activity)
	setStr(&s.Charts, f.Charts)
	if setBool(&s.RequireReason, f.RequireReason) {
		s.RequireReasonBy = "require_reason in " + c.where()
	}
	if f.Team != nil {
		setStr(&s.Prometheus, f.Team.Prometheus)
	}
	// The profile's section.
	if p, ok := f.Profiles[profileName]; ok {
		setStr(&s.Prometheus, p.Prometheus)
		setStr(&s.Label, p.Label)
		setStr(&s.Color, p.Color)
		if setBool(&s.ReadOnly, p.ReadOnly) && s.ReadOnly {
			s.ReadOnlyBy = "read_only of profile " + profileName + " in " + c.where()
		}
		if setBool(&s.RequireReason, p.RequireReason) {
			s.RequireReasonBy = "require_reason of profile " + profileName + " in " + c.where()
		}
		setDur(&s.Interval, p.Interval)
		setStr(&s.Notify, p.Notify)
		setStr(&s.Activity, p.Activity)
	}
	// Environment.
	if v := getenv(EnvNoColor); v != "" {
		s.Theme = vocab.ThemeNone
	}
	if v := getenv(EnvTheme); v != "" {
		if c.words.Themes != nil && !contains(c.words.Themes, v) {
			return Settings{}, fmt.Errorf("%s: unknown theme %q", EnvTheme, v)
		}
		s.Theme = v
	}
	if v := getenv(EnvReadOnly); v != "" {
		on, ok := envBool(v)
		if !ok {
			return Settings{}, fmt.Errorf("%s=%q: want 1, true, yes or on to refuse every action, or 0, false, no or off (any case)", EnvReadOnly, v)
		}
		if on && !s.ReadOnly {
			s.ReadOnly, s.ReadOnlyBy = true, EnvReadOnly+"="+v
		}
	}
	if v := getenv(EnvInterval); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < MinInterval {
			return Settings{}, fmt.Errorf("%s: %q is not a duration of at least %s", EnvInterval, v, MinInterval)
		}
		s.Interval = d
	}
	// Flags.
	if flags.Theme != "" {
		s.Theme = flags.Theme
	}
	if flags.Interval > 0 {
		s.Interval = flags.Interval
	}
	if flags.ReadOnly && !s.ReadOnly {
		s.ReadOnly, s.ReadOnlyBy = true, "--read-only"
	}
	if !s.RequireReason {
		s.RequireReasonBy = ""
	}
	return s, nil
}

// where names the settings file, for the words of a refusal.
func (c *Config) where() string {
	if c.Path == "" {
		return "the settings file"
	}
	return c.Path
}

func setStr(dst *string, v *string) {
	if v != nil {
		*dst = *v
	}
}

// setBool sets dst from v and reports whether v was set.
func setBool(dst *bool, v *bool) bool {
	if v != nil {
		*dst = *v
	}
	return v != nil
}

// setDur takes a duration Load already checked.
func setDur(dst *time.Duration, v *string) {
	if v == nil {
		return
	}
	if d, err := time.ParseDuration(*v); err == nil {
		*dst = d
	}
}

// envBools are the spellings of a boolean environment variable, in lower
// case: what shells, systemd units and CI systems commonly write.
var envBools = map[string]bool{
	"1": true, "true": true, "yes": true, "on": true,
	"0": false, "false": false, "no": false, "off": false,
}

// envBool reads a boolean environment value in any case; ok is false for
// anything else, which the caller refuses rather than guess.
func envBool(v string) (on, ok bool) {
	on, ok = envBools[strings.ToLower(v)]
	return on, ok
}
