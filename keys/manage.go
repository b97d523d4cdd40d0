package keys

import (
	"context"
	"errors"
	"fmt"

	"github.com/stratop/stratop/api"
)

// Save stores creds in the profile's chosen store, then writes the profile.
// If the profile cannot be written the credentials are removed again (a
// secret no profile points at could never be logged out). When the profile
// moves to another store, the old store's copy is removed; a failure there
// is returned as a warning, since the login itself succeeded.
func (m *Manager) Save(ctx context.Context, name string, prof Profile, creds api.Credentials) (warnings []string, err error) {
	if err := ValidateProfileName(name); err != nil {
		return nil, err
	}
	if err := prof.validate(); err != nil {
		return nil, err
	}
	if err := CheckCredentials(creds); err != nil {
		return nil, err
	}
	profiles, err := m.LoadProfiles()
	if err != nil {
		return nil, err
	}
	old, hadOld := profiles.Get(name)
	store, err := m.Store(prof.Store)
	if err != nil {
		return nil, err
	}
	if err := store.Set(ctx, name, creds); err != nil {
		return nil, fmt.Errorf("saving the credentials in %s (nothing was saved): %w", prof.Store.Describe(), scrub(err, creds))
	}
	if err := profiles.Set(name, prof); err != nil {
		return nil, err
	}
	if err := profiles.Save(); err != nil {
		if hadOld && old.Store == prof.Store {
			return nil, fmt.Errorf("saving profile %q (the new credentials replaced the old ones in %s): %w", name, prof.Store.Describe(), err)
		}
		_ = store.Delete(ctx, name)
		return nil, fmt.Errorf("saving profile %q (the credentials were not kept): %w", name, err)
	}
	if hadOld && old.Store != prof.Store {
		if oldStore, err := m.Store(old.Store); err == nil {
			if err := oldStore.Delete(ctx, name); err != nil && !errors.Is(err, ErrNotFound) {
				warnings = append(warnings, fmt.Sprintf("the old copy in %s could not be removed: %v", old.Store.Describe(), err))
			}
		}
	}
	return warnings, nil
}

// Removed says what Remove did.
type Removed struct {
	ProfileExisted bool
	Store          StoreKind
	HadCredentials bool
}

// Remove deletes the profile's credentials from its store, then the profile.
// If the store cannot be reached the profile is kept, so the secret is not
// orphaned and the operator can retry. A name with no profile still has its
// keyring entry removed, cleaning up after an interrupted login.
func (m *Manager) Remove(ctx context.Context, name string) (Removed, error) {
	if err := ValidateProfileName(name); err != nil {
		return Removed{}, err
	}
	profiles, err := m.LoadProfiles()
	if err != nil {
		return Removed{}, err
	}
	prof, known := profiles.Get(name)
	r := Removed{ProfileExisted: known, Store: StoreKeyring}
	if known {
		r.Store = prof.Store
	}
	store, err := m.Store(r.Store)
	if err != nil {
		return r, err
	}
	switch err := store.Delete(ctx, name); {
	case err == nil:
		r.HadCredentials = true
	case errors.Is(err, ErrNotFound):
	default:
		if known {
			return r, fmt.Errorf("removing the credentials from %s: %w (profile %q is kept, so you can retry)", r.Store.Describe(), err, name)
		}
		return r, fmt.Errorf("no profile %q in %s, and %s could not be checked for a leftover entry: %w", name, profiles.Path(), r.Store.Describe(), err)
	}
	if !known {
		if !r.HadCredentials {
			return r, fmt.Errorf("no profile %q in %s (stratop profiles lists them)", name, profiles.Path())
		}
		return r, nil
	}
	profiles.Delete(name)
	if err := profiles.Save(); err != nil {
		return r, fmt.Errorf("the credentials were removed but profile %q could not be: %w", name, err)
	}
	return r, nil
}

// ProfileStatus is one line of `stratop profiles`.
type ProfileStatus struct {
	Name      string
	Profile   Profile
	Present   bool   // the store holds credentials for it
	MaskedKey string // api.MaskKey of the stored key, when present
	Problem   string // why presence is unknown (keyring unavailable, bad file)
}

// List reports every profile and whether its store holds credentials; it
// shows the key masked and never the secret.
func (m *Manager) List(ctx context.Context) ([]ProfileStatus, error) {
	profiles, err := m.LoadProfiles()
	if err != nil {
		return nil, err
	}
	var out []ProfileStatus
	for _, name := range profiles.Names() {
		prof, _ := profiles.Get(name)
		st := ProfileStatus{Name: name, Profile: prof}
		store, err := m.Store(prof.Store)
		if err == nil {
			var creds api.Credentials
			creds, err = store.Get(ctx, name)
			if err == nil {
				st.Present, st.MaskedKey = true, api.MaskKey(creds.Key)
			}
		}
		if err != nil && !errors.Is(err, ErrNotFound) {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			st.Problem = err.Error()
		}
		out = append(out, st)
	}
	return out, nil
}
