package watch

import (
	"fmt"
	"hash/fnv"
	"slices"
	"strconv"
	"strings"
)

// ScopeKind names what a scope covers.
type ScopeKind string

// Scope kinds.
const (
	ScopeIntegration ScopeKind = "integration" // every strategy of the integration
	ScopeUsers       ScopeKind = "users"       // the strategies of some users
	ScopeStrategies  ScopeKind = "strategies"  // some strategies, read by id
	ScopeWatched     ScopeKind = "watched"     // the profile's watched strategies and users
)

// Scope is what an engine covers. Users and Strategies list the members of
// the users, strategies and watched scopes.
type Scope struct {
	Kind       ScopeKind
	Users      []string
	Strategies []int64
}

// Integration is the scope of the whole integration.
func Integration() Scope { return Scope{Kind: ScopeIntegration} }

// Users is the scope of the strategies of the given users.
func Users(ids ...string) Scope { return Scope{Kind: ScopeUsers, Users: ids} }

// Strategies is the scope of the given strategies.
func Strategies(ids ...int64) Scope { return Scope{Kind: ScopeStrategies, Strategies: ids} }

// Watched is the scope of a profile's watched items.
func Watched(strategies []int64, users []string) Scope {
	return Scope{Kind: ScopeWatched, Strategies: strategies, Users: users}
}

// Validate refuses a scope with nothing in it.
func (s Scope) Validate() error {
	switch s.Kind {
	case ScopeIntegration:
		return nil
	case ScopeUsers:
		if len(s.Users) == 0 {
			return fmt.Errorf("watch: the users scope needs at least one user")
		}
	case ScopeStrategies:
		if len(s.Strategies) == 0 {
			return fmt.Errorf("watch: the strategies scope needs at least one strategy")
		}
	case ScopeWatched:
		if len(s.Strategies)+len(s.Users) == 0 {
			return fmt.Errorf("watch: nothing is watched in this profile")
		}
	default:
		return fmt.Errorf("watch: unknown scope %q", s.Kind)
	}
	return nil
}

// key names the scope in the cursor's file name: the kind and, for a list
// of members, a hash of them in order, so the same members share a cursor
// whatever order they were given in. The watched items change while a
// watch runs and between runs, so they have one cursor per profile, fitted
// to the members at each start and change (Options.Follow).
func (s Scope) key() string {
	if s.Kind == ScopeIntegration || s.Kind == ScopeWatched {
		return string(s.Kind)
	}
	users := slices.Clone(s.Users)
	slices.Sort(users)
	ids := slices.Clone(s.Strategies)
	slices.Sort(ids)
	h := fnv.New64a()
	for _, u := range slices.Compact(users) {
		_, _ = h.Write([]byte("u:" + u + "\x00"))
	}
	for _, id := range slices.Compact(ids) {
		_, _ = h.Write([]byte("s:" + strconv.FormatInt(id, 10) + "\x00"))
	}
	return string(s.Kind) + "-" + strings.ToLower(strconv.FormatUint(h.Sum64(), 36))
}
