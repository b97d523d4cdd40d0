package keys

import (
	"errors"
	"fmt"
	"net"
	"os/exec"
	"runtime"
	"strings"
	"time"

	dbus "github.com/godbus/dbus/v5"
	gokeyring "github.com/zalando/go-keyring"

	"github.com/stratop/stratop/internal/text"
)

// Reason is why a keyring call failed, in the terms an operator can act on.
type Reason int

// The reasons a keyring call fails.
const (
	ReasonOther           Reason = iota // anything not classified below; Detail carries the cause
	ReasonNotFound                      // no entry for the profile
	ReasonNoDBus                        // no D-Bus session bus to talk to
	ReasonNoSecretService               // a bus, but nothing provides org.freedesktop.secrets
	ReasonLocked                        // the keyring is locked and could not be unlocked here
	ReasonTimeout                       // no answer within the timeout
	ReasonTooLarge                      // the entry exceeds MaxKeyringItemBytes
	ReasonConfig                        // STRATOP_KEYRING_TIMEOUT is invalid
)

// KeyringError is a failed keyring call, classified. Its text is one line
// meant for the operator ("keyring: no D-Bus session: ..."); it never holds
// the key or the secret.
type KeyringError struct {
	Op      string // "read", "save", "delete", "open"
	Reason  Reason
	Detail  string
	Timeout time.Duration // set for ReasonTimeout
	Err     error         // the cause from go-keyring or D-Bus, if any
}

// Error reads "keyring: <detail>".
func (e *KeyringError) Error() string { return "keyring: " + e.Detail }

// Unwrap exposes the cause.
func (e *KeyringError) Unwrap() error { return e.Err }

// Is matches ErrNotFound, ErrTooLarge and, for every reason that means the
// keyring cannot be used at all, ErrKeyringUnavailable.
func (e *KeyringError) Is(target error) bool {
	switch target {
	case ErrNotFound:
		return e.Reason == ReasonNotFound
	case ErrTooLarge:
		return e.Reason == ReasonTooLarge
	case ErrKeyringUnavailable:
		switch e.Reason {
		case ReasonNoDBus, ReasonNoSecretService, ReasonLocked, ReasonTimeout, ReasonConfig:
			return true
		}
	}
	return false
}

// sessionWide reports whether the failure concerns the whole keyring rather
// than one entry, so later calls in this process can fail at once instead of
// waiting again (a hung D-Bus call keeps the bus connection busy).
func (e *KeyringError) sessionWide() bool {
	switch e.Reason {
	case ReasonNoDBus, ReasonNoSecretService, ReasonTimeout, ReasonConfig:
		return true
	}
	return false
}

// timeoutError is the error of a call that did not answer in time.
func timeoutError(op string, d time.Duration) *KeyringError {
	return &KeyringError{
		Op: op, Reason: ReasonTimeout, Timeout: d,
		Detail: fmt.Sprintf("timed out after %s (a locked keyring may be waiting for an unlock prompt on another display; %s sets the limit)", d, EnvKeyringTimeout),
	}
}

// classify turns a go-keyring / D-Bus error into a KeyringError. getenv
// tells whether DBUS_SESSION_BUS_ADDRESS was set, which changes the advice.
func classify(op, profile string, err error, getenv func(string) string) *KeyringError {
	return classifyOn(runtime.GOOS, op, profile, err, getenv)
}

// classifyOn is classify for the given GOOS: only the Secret Service
// platforms speak D-Bus, so only there do exec and dial errors mean "no
// D-Bus session".
func classifyOn(goos, op, profile string, err error, getenv func(string) string) *KeyringError {
	ke := &KeyringError{Op: op, Reason: ReasonOther, Err: err}
	addrSet := getenv("DBUS_SESSION_BUS_ADDRESS") != ""
	var dbusErr dbus.Error
	var exitErr *exec.ExitError
	var netErr *net.OpError
	msg := err.Error()
	usesDBus := goos != "darwin" && goos != "windows"
	switch {
	case errors.Is(err, gokeyring.ErrNotFound):
		ke.Reason = ReasonNotFound
		ke.Detail = fmt.Sprintf("no credentials stored for profile %q", profile)
	case errors.Is(err, gokeyring.ErrSetDataTooBig):
		ke.Reason = ReasonTooLarge
		ke.Detail = "the key and secret are too large for this platform's keyring; use --store file"
	case !usesDBus:
		ke.Detail = op + " failed: " + oneLine(nil, msg)
	case errors.Is(err, exec.ErrNotFound):
		ke.Reason = ReasonNoDBus
		ke.Detail = "no D-Bus session: DBUS_SESSION_BUS_ADDRESS is not set and dbus-launch was not found"
	case errors.As(err, &exitErr):
		ke.Reason = ReasonNoDBus
		ke.Detail = "no D-Bus session: DBUS_SESSION_BUS_ADDRESS is not set and dbus-launch could not start one (it needs an X display)"
	case strings.Contains(msg, "couldn't determine address of session bus"):
		ke.Reason = ReasonNoDBus
		ke.Detail = "no D-Bus session: DBUS_SESSION_BUS_ADDRESS is not set"
	case errors.As(err, &netErr), strings.Contains(msg, "dbus: authentication failed"):
		var cause error
		if netErr != nil {
			cause = netErr.Err
		}
		where := "a session bus"
		if addrSet {
			where = "the bus in DBUS_SESSION_BUS_ADDRESS"
		}
		ke.Reason = ReasonNoDBus
		ke.Detail = "no D-Bus session: cannot connect to " + where + " (" + oneLine(cause, msg) + ")"
	case errors.As(err, &dbusErr) && isNoServiceName(dbusErr.Name):
		ke.Reason = ReasonNoSecretService
		ke.Detail = "no Secret Service on the D-Bus session (nothing provides org.freedesktop.secrets: gnome-keyring-daemon or KeePassXC is not running)"
	case errors.As(err, &dbusErr) && dbusErr.Name == "org.freedesktop.Secret.Error.IsLocked",
		strings.HasPrefix(msg, "failed to unlock correct collection"):
		ke.Reason = ReasonLocked
		ke.Detail = "the keyring is locked and could not be unlocked here (the unlock prompt was dismissed or cannot be shown)"
	case errors.As(err, &dbusErr) && (dbusErr.Name == "org.freedesktop.Secret.Error.NoSuchObject" ||
		dbusErr.Name == "org.freedesktop.DBus.Error.UnknownObject"):
		ke.Reason = ReasonNoSecretService
		ke.Detail = "the Secret Service has no default keyring to store into (create one, e.g. with gnome-keyring-daemon --unlock)"
	default:
		ke.Detail = op + " failed: " + oneLine(nil, msg)
	}
	return ke
}

// isNoServiceName reports D-Bus errors that mean nobody owns (or can be
// started for) org.freedesktop.secrets.
func isNoServiceName(name string) bool {
	return name == "org.freedesktop.DBus.Error.ServiceUnknown" ||
		name == "org.freedesktop.DBus.Error.NameHasNoOwner" ||
		strings.HasPrefix(name, "org.freedesktop.DBus.Error.Spawn.")
}

// oneLine is the inner error's text (or fallback) as one clean line of
// bounded length (text.CleanN), fit for a message printed on the terminal.
func oneLine(inner error, fallback string) string {
	s := fallback
	if inner != nil {
		s = inner.Error()
	}
	return text.CleanN(s, 200)
}
