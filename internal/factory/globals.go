package factory

import "github.com/spf13/pflag"

// The global flags: declared once, on the root, and taken by every command.
const (
	FlagProfile  = "profile"
	FlagBaseURL  = "base-url"
	FlagReadOnly = "read-only"
	FlagConfig   = "config"
)

// Globals are the values of the global flags; zero values are "not given".
type Globals struct {
	Profile  string
	BaseURL  string
	ReadOnly bool // can only make a profile read-only, never writable
	Config   string
}

// AddFlags declares the global flags on fs (the root's persistent flags).
func (g *Globals) AddFlags(fs *pflag.FlagSet) {
	fs.StringVar(&g.Profile, FlagProfile, "", "credentials profile (default: STRATOP_PROFILE or \"default\")")
	fs.StringVar(&g.BaseURL, FlagBaseURL, "", "base URL of the partner interface (routes live under /api/v1; default: STRATOP_BASE_URL or the profile's)")
	fs.BoolVar(&g.ReadOnly, FlagReadOnly, false, "refuse every action (also STRATOP_READ_ONLY=1, or read_only in the profile's settings)")
	fs.StringVar(&g.Config, FlagConfig, "", "settings file (default: STRATOP_CONFIG or $XDG_CONFIG_HOME/stratop/config.toml)")
}
