package dashboard

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"sync"

	"github.com/stratop/stratop/internal/factory"
	"github.com/stratop/stratop/keys"
	"github.com/stratop/stratop/model"
)

// profileSwitch is the dashboard's profile switcher (model.Profiles): it
// lists profiles.json with the settings file's labels, and connects to a
// profile through the same context as the start. The audit logs it opens
// are closed when the dashboard ends.
type profileSwitch struct {
	f    *factory.Factory
	opts []factory.Option // the start's: the --interval given

	mu      sync.Mutex
	closers []func()
}

var _ model.Profiles = (*profileSwitch)(nil)

// pinned says why switching is off: the environment or a flag
// names the integration, and it would apply to every profile alike, so a
// switch would send one profile's requests with another's key or to
// another's host.
func (p *profileSwitch) pinned() error {
	getenv := p.f.Getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	switch {
	case getenv(keys.EnvAPIKey) != "" || getenv(keys.EnvAPISecret) != "":
		return fmt.Errorf("credentials come from %s and %s, which belong to one integration: unset them and restart to switch profiles",
			keys.EnvAPIKey, keys.EnvAPISecret)
	case getenv(keys.EnvBaseURL) != "":
		return fmt.Errorf("%s sets the base URL of every profile: unset it and restart to switch profiles", keys.EnvBaseURL)
	case p.f.Globals.BaseURL != "":
		return errors.New("--base-url sets the base URL of every profile: restart without it to switch profiles")
	}
	return nil
}

// List names the profiles of profiles.json with their labels.
func (p *profileSwitch) List(context.Context) ([]model.ProfileChoice, error) {
	if err := p.pinned(); err != nil {
		return nil, err
	}
	m, err := p.f.KeyManager()
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
		c, err := p.f.Local(factory.Dashboard, append(slices.Clone(p.opts), factory.WithProfile(name))...)
		if err != nil {
			return nil, err
		}
		out = append(out, model.ProfileChoice{Name: name, Label: c.Settings.Label})
	}
	return out, nil
}

// Connect resolves the profile's context (keyring calls bounded by their
// timeout) and builds its client and per-profile options.
func (p *profileSwitch) Connect(ctx context.Context, name string) (model.Connection, error) {
	if err := p.pinned(); err != nil {
		return model.Connection{}, err
	}
	c, err := p.f.Resolve(ctx, factory.Dashboard, append(slices.Clone(p.opts), factory.WithProfile(name))...)
	if err != nil {
		return model.Connection{}, err
	}
	client, err := c.Client()
	if err != nil {
		return model.Connection{}, err
	}
	opts, err := dashboardOptions(c)
	if err != nil {
		return model.Connection{}, err
	}
	opts = append(opts, silencesOption(p.f, c))
	var moved string
	state := c.OpenState(func(line string) { moved = line })
	journal, closeJournal := c.Journal()
	p.mu.Lock()
	p.closers = append(p.closers, closeJournal)
	p.mu.Unlock()
	return model.Connection{Profile: c.Profile, Client: client, Integration: c.Integration, State: state,
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
