package integration

import "fmt"

// Source is how a front end came to an integration: the profile chosen,
// the base URL and key id resolved for it, and whether they are the
// profile's own (its saved base URL and stored key) rather than the
// environment's or a flag's.
type Source struct {
	Profile     string
	BaseURL     string
	KeyID       string
	ProfileOwns bool
}

// Resolved is an integration ready for use: its identity, its state
// directory (created) and what the one-time move of old files did.
type Resolved struct {
	ID        ID
	Dir       Dir
	Migration Migration
}

// Resolve identifies the integration of s, creates its directory under
// stateRoot, and moves the profile's files of the old layout into it when
// the integration is the profile's own: an integration the environment or
// a flag names gets its own directory and never the profile's files. A
// failed move is returned with the Resolved, which is usable all the same
// (what did not move stays where it was).
func Resolve(stateRoot string, s Source, merge WatchListMerger) (Resolved, error) {
	id, err := New(s.BaseURL, s.KeyID)
	if err != nil {
		return Resolved{}, err
	}
	r := Resolved{ID: id}
	if r.Dir, err = Open(stateRoot, id); err != nil {
		return Resolved{ID: id}, err
	}
	if !s.ProfileOwns {
		return r, nil
	}
	r.Migration, err = Migrate(stateRoot, s.Profile, id, merge)
	if err != nil {
		return r, fmt.Errorf("moving profile %s's state into %s: %w", s.Profile, r.Dir.Path, err)
	}
	return r, nil
}
