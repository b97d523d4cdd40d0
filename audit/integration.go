package audit

import (
	"strings"

	"github.com/stratop/stratop/integration"
)

// BelongsTo reports whether the entry is id's. An entry that names its integration
// belongs to exactly that one. An entry written before the log recorded the
// integration names only the host it was sent to: it is taken as any
// integration's on that host and port (the key it was sent with is not
// known), since that is where the action happened; on another host it is
// another integration's.
func (e Entry) BelongsTo(id integration.ID) bool {
	if e.Integration != "" {
		return e.Integration == id.String()
	}
	return hostMatches(e.Host, id)
}

// IntegrationLabel names the entry's integration for a screen or a table:
// its Label, or the bare host for an entry that predates the field.
func (e Entry) IntegrationLabel() string {
	if e.Integration == "" {
		return e.Host
	}
	id, err := integration.Parse(e.Integration)
	if err != nil {
		return e.Integration
	}
	return id.Label()
}

// hostMatches compares a recorded host[:port] with id's host and port.
func hostMatches(recorded string, id integration.ID) bool { return id.MatchesHost(recorded) }

// Filter picks the entries of one integration, or of every key on one
// host, as an operator names it on a command line.
type Filter struct {
	id        integration.ID
	anyScheme bool // the name gave no scheme
	anyKey    bool // the name gave no key hash
}

// ParseFilter reads "host", "host:port", a base URL, or any of them
// followed by "#" and a key hash (integration.ID's canonical form is one;
// its Label, "host:port key HASH", is read too):
// without a hash every key on that host and port matches, without a scheme
// either scheme does, and a missing port is the scheme's default (443 when
// no scheme is given).
func ParseFilter(name string) (Filter, error) {
	origin, hash, withKey := strings.Cut(strings.Replace(strings.TrimSpace(name), " key ", "#", 1), "#")
	f := Filter{anyKey: !withKey, anyScheme: !strings.Contains(origin, "://")}
	if f.anyScheme {
		origin = "https://" + origin
	}
	id, err := integration.New(origin, "")
	if err != nil {
		return Filter{}, err
	}
	if withKey {
		if _, err := integration.Parse(id.Origin() + "#" + hash); err != nil {
			return Filter{}, err
		}
		id.KeyHash = hash
	}
	f.id = id
	return f, nil
}

// Match reports whether e is of the filter's integration. Entries that
// predate the integration field match on their host (BelongsTo).
func (f Filter) Match(e Entry) bool {
	if e.Integration == "" {
		probe := f.id
		if f.anyScheme {
			probe.Scheme = "https"
		}
		return hostMatches(e.Host, probe) || (f.anyScheme && hostMatches(e.Host, withScheme(probe, "http")))
	}
	got, err := integration.Parse(e.Integration)
	if err != nil {
		return false
	}
	return (f.anyScheme || got.Scheme == f.id.Scheme) && got.Host == f.id.Host && got.Port == f.id.Port &&
		(f.anyKey || got.KeyHash == f.id.KeyHash)
}

func withScheme(id integration.ID, scheme string) integration.ID {
	id.Scheme = scheme
	return id
}
