// Package integration is the identity of one partner integration: the
// interface's scheme, host and port together with the credentials' key id.
// Everything stratop keeps about an integration (history, watch cursors,
// alert state and outboxes, watched items) lives in that integration's own
// directory under the state root, so two hosts, or two keys on one host,
// never share a file, whichever profile names them.
package integration

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/url"
	"strings"
)

// KeyHashLen is the length of the key id's hash in hex digits: short enough
// to read in a directory name, long enough that two keys of one host do not
// meet by chance (48 bits).
const KeyHashLen = 12

// noKey stands for the hash when no key is known (no credentials yet).
const noKey = "nokey"

// defaultPorts fills in the port a URL leaves implicit, so that
// https://h and https://h:443 are one integration.
var defaultPorts = map[string]string{"https": "443", "http": "80"}

// ID is one integration. The zero value is no integration. IDs compare with
// ==. It never holds the key itself, only a short hash of it: the key is
// shown masked elsewhere and an ID is written to disk (directory names, the
// audit log).
type ID struct {
	Scheme  string // "https" or "http"
	Host    string // lower case, no brackets for IPv6
	Port    string // always explicit
	KeyHash string // KeyHashLen hex digits of SHA-256(key), or "nokey"
}

// URLError is a base URL that names no integration.
type URLError struct {
	URL    string
	Reason string
}

func (e *URLError) Error() string { return fmt.Sprintf("integration %q: %s", e.URL, e.Reason) }

// New is the integration of a base URL (any path under it is the same
// integration) and the credentials' key id. An empty key gives an ID
// marked as having none.
func New(baseURL, keyID string) (ID, error) {
	u, err := url.Parse(strings.TrimSpace(baseURL))
	if err != nil {
		return ID{}, &URLError{URL: baseURL, Reason: "not a URL"}
	}
	scheme := strings.ToLower(u.Scheme)
	def, ok := defaultPorts[scheme]
	if !ok {
		return ID{}, &URLError{URL: baseURL, Reason: "the scheme must be https or http"}
	}
	host := strings.ToLower(u.Hostname())
	if host == "" {
		return ID{}, &URLError{URL: baseURL, Reason: "no host"}
	}
	port := u.Port()
	if port == "" {
		port = def
	}
	return ID{Scheme: scheme, Host: host, Port: port, KeyHash: HashKey(keyID)}, nil
}

// HashKey is the short hash of a key id that stands for it on disk.
func HashKey(keyID string) string {
	if keyID == "" {
		return noKey
	}
	sum := sha256.Sum256([]byte(keyID))
	return hex.EncodeToString(sum[:])[:KeyHashLen]
}

// IsZero reports whether id is no integration.
func (id ID) IsZero() bool { return id == ID{} }

// Origin is scheme://host:port.
func (id ID) Origin() string {
	return id.Scheme + "://" + net.JoinHostPort(id.Host, id.Port)
}

// HostPort is host:port, the part an operator recognises.
func (id ID) HostPort() string { return net.JoinHostPort(id.Host, id.Port) }

// String is the canonical form, origin#keyhash, as the audit log records
// it; Parse reads it back.
func (id ID) String() string {
	if id.IsZero() {
		return ""
	}
	return id.Origin() + "#" + id.KeyHash
}

// Label is how a screen or a message names the integration:
// host:port and the key's hash (http:// shown when not https).
func (id ID) Label() string {
	if id.IsZero() {
		return "no integration"
	}
	s := id.HostPort()
	if id.Scheme != "https" {
		s = id.Scheme + "://" + s
	}
	return s + " key " + id.KeyHash
}

// ErrNotAnID is a string that is not an ID's canonical form.
var ErrNotAnID = errors.New("not an integration id")

// Parse reads the canonical form String writes.
func Parse(s string) (ID, error) {
	origin, hash, ok := strings.Cut(s, "#")
	if !ok || !validHash(hash) {
		return ID{}, fmt.Errorf("%w: %q", ErrNotAnID, s)
	}
	id, err := New(origin, "")
	if err != nil {
		return ID{}, fmt.Errorf("%w: %q", ErrNotAnID, s)
	}
	id.KeyHash = hash
	return id, nil
}

func validHash(h string) bool {
	if h == noKey {
		return true
	}
	if len(h) != KeyHashLen {
		return false
	}
	_, err := hex.DecodeString(h)
	return err == nil
}
