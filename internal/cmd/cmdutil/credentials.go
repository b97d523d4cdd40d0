package cmdutil

import (
	"context"
	"fmt"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/internal/cli"
	"github.com/stratop/stratop/keys"
)

// Target is where the dashboard connects and with what.
type Target struct {
	Profile string
	BaseURL string
	Creds   api.Credentials
	Source  keys.Source // environment, keyring or file: for the status line
	// ProfileHost says BaseURL is the profile's own scheme, host and port:
	// only then does the header wear the profile's label and colour.
	ProfileHost bool
}

// ResolveCredentials finds the base URL and credentials for the
// dashboard (keys.Manager.Resolve: environment, then the profile's store).
// Any failure is an *cli.ExitError with code 2 whose text is the full
// explanation: each source checked, why it failed, and the fixes.
func ResolveCredentials(ctx context.Context, profile, baseURL string) (Target, error) {
	return ResolveCredentialsWith(ctx, keys.Config{}, profile, baseURL)
}

// ResolveCredentialsWith is ResolveCredentials with an injected
// keys.Config (tests: a temp dir, a fake environment, an in-memory keyring).
func ResolveCredentialsWith(ctx context.Context, cfg keys.Config, profile, baseURL string) (Target, error) {
	m, err := keys.New(cfg)
	if err != nil {
		return Target{}, &cli.ExitError{Code: 2, Err: fmt.Errorf("stratop: %w", err)}
	}
	r, err := m.Resolve(ctx, profile, baseURL)
	if err != nil {
		if ctx.Err() != nil {
			return Target{}, ctx.Err()
		}
		return Target{}, &cli.ExitError{Code: 2, Err: err}
	}
	return Target{Profile: r.Profile, BaseURL: r.BaseURL, Creds: r.Creds, Source: r.Source, ProfileHost: r.ProfileHostMatches}, nil
}
