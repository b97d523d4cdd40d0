package dashboard

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sync"

	"github.com/spf13/cobra"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/config"
	"github.com/stratop/stratop/internal/cmd/cmdutil"
	"github.com/stratop/stratop/keys"
	"github.com/stratop/stratop/model"
)

// profileSwitch is the dashboard's profile switcher (model.Profiles): it
// lists profiles.json with the settings file's labels, and connects to a
// profile with the start-up resolution and settings. The audit logs it
// opens are closed when the dashboard ends.
type profileSwitch struct {
	cmd    *cobra.Command
	cfg    *config.Config
	flags  dashboardFlags
	keys   keys.Config
	getenv func(string) string

	mu      sync.Mutex
	closers []func()
}

var _ model.Profiles = (*profileSwitch)(nil)

// pinned says why switching is off: the environment or a flag
// names the integration, and it would apply to every profile alike, so a
// switch would send one profile's requests with another's key or to
// another's host.
func (p *profileSwitch) pinned() error {
	switch {
	case p.getenv(keys.EnvAPIKey) != "" || p.getenv(keys.EnvAPISecret) != "":
		return fmt.Errorf("credentials come from %s and %s, which belong to one integration: unset them and restart to switch profiles",
			keys.EnvAPIKey, keys.EnvAPISecret)
	case p.getenv(keys.EnvBaseURL) != "":
		return fmt.Errorf("%s sets the base URL of every profile: unset it and restart to switch profiles", keys.EnvBaseURL)
	case p.flags.baseURL != "":
		return errors.New("--base-url sets the base URL of every profile: restart without it to switch profiles")
	}
	return nil
}

// List names the profiles of profiles.json with their labels.
func (p *profileSwitch) List(context.Context) ([]model.ProfileChoice, error) {
	if err := p.pinned(); err != nil {
		return nil, err
	}
	m, err := keys.New(p.keys)
	if err != nil {
		return nil, err
	}
	profiles, err := m.LoadProfiles()
	if err != nil {
		return nil, err
	}
	names := profiles.Names()
	out := make([]model.ProfileChoice, 0, len(names))
	for _, name := range names {
		s, err := p.cfg.Resolve(name, p.getenv, config.Overrides{})
		if err != nil {
			return nil, err
		}
		out = append(out, model.ProfileChoice{Name: name, Label: s.Label})
	}
	return out, nil
}

// Connect resolves the profile's credentials (keyring calls bounded by
// their timeout) and builds its client and per-profile options.
func (p *profileSwitch) Connect(ctx context.Context, name string) (model.Connection, error) {
	if err := p.pinned(); err != nil {
		return model.Connection{}, err
	}
	target, err := cmdutil.ResolveCredentialsWith(ctx, p.keys, name, "")
	if err != nil {
		return model.Connection{}, err
	}
	client, err := api.New(target.BaseURL, api.WithCredentials(target.Creds),
		api.WithTimeout(dashboardTimeout), api.WithRetries(dashboardRetries))
	if err != nil {
		return model.Connection{}, err
	}
	f := p.flags
	f.user = "" // a user's external id belongs to the profile it was given for
	opts, err := dashboardOptions(p.cmd, p.cfg, target.Profile, f, target.ProfileHost)
	if err != nil {
		return model.Connection{}, err
	}
	var moved string
	id, state := cmdutil.OpenIntegration(target, func(line string) { moved = line })
	journal, closeJournal := cmdutil.OpenJournal(target.Profile, client.Host(), id)
	p.mu.Lock()
	p.closers = append(p.closers, closeJournal)
	p.mu.Unlock()
	return model.Connection{Profile: target.Profile, Client: client, Integration: id, State: state,
		Options: append(opts, model.WithJournal(journal), model.WithNotice(moved))}, nil
}

// Close closes the audit logs opened for switched-to profiles.
func (p *profileSwitch) Close() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range p.closers {
		c()
	}
	p.closers = nil
}

// newProfileSwitch is the switcher of a dashboard started with these
// settings and flags, on the real environment and config directory.
func newProfileSwitch(cmd *cobra.Command, cfg *config.Config, f dashboardFlags) *profileSwitch {
	return &profileSwitch{cmd: cmd, cfg: cfg, flags: f, getenv: os.Getenv}
}
