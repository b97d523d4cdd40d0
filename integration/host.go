package integration

import (
	"net"
	"strings"
)

// MatchesHost reports whether a host[:port] recorded by an earlier version
// (the base URL's host, so the port may be implicit) is id's host and port.
// The scheme and the key are not known from a host, so any integration on
// that host and port matches.
func (id ID) MatchesHost(recorded string) bool {
	if recorded == "" || id.IsZero() {
		return false
	}
	host, port, err := net.SplitHostPort(recorded)
	if err != nil {
		host, port = strings.Trim(recorded, "[]"), ""
	}
	if port == "" {
		port = defaultPorts[id.Scheme]
	}
	return strings.EqualFold(host, id.Host) && port == id.Port
}
