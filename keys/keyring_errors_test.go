package keys

import (
	"errors"
	"net"
	"os"
	"os/exec"
	"testing"

	dbus "github.com/godbus/dbus/v5"
	gokeyring "github.com/zalando/go-keyring"
)

func TestClassifyKeyringErrors(t *testing.T) {
	noAddr := fakeEnv(nil)
	withAddr := fakeEnv(map[string]string{"DBUS_SESSION_BUS_ADDRESS": "unix:path=/run/user/1000/bus"})
	dial := &net.OpError{Op: "dial", Net: "unix", Err: os.NewSyscallError("connect", errors.New("no such file or directory"))}
	cases := []struct {
		name   string
		goos   string
		err    error
		env    func(string) string
		reason Reason
		text   string
	}{
		{"not found", "linux", gokeyring.ErrNotFound, noAddr, ReasonNotFound,
			`keyring: no credentials stored for profile "p"`},
		{"too big", "windows", gokeyring.ErrSetDataTooBig, noAddr, ReasonTooLarge,
			"keyring: the key and secret are too large for this platform's keyring; use --store file"},
		{"no dbus-launch", "linux", &exec.Error{Name: "dbus-launch", Err: exec.ErrNotFound}, noAddr, ReasonNoDBus,
			"keyring: no D-Bus session: DBUS_SESSION_BUS_ADDRESS is not set and dbus-launch was not found"},
		{"dbus-launch failed", "linux", &exec.ExitError{}, noAddr, ReasonNoDBus,
			"keyring: no D-Bus session: DBUS_SESSION_BUS_ADDRESS is not set and dbus-launch could not start one (it needs an X display)"},
		{"no address", "freebsd", errors.New("dbus: couldn't determine address of session bus"), noAddr, ReasonNoDBus,
			"keyring: no D-Bus session: DBUS_SESSION_BUS_ADDRESS is not set"},
		{"stale address", "linux", dial, withAddr, ReasonNoDBus,
			"keyring: no D-Bus session: cannot connect to the bus in DBUS_SESSION_BUS_ADDRESS (connect: no such file or directory)"},
		{"auth refused", "linux", errors.New("dbus: authentication failed"), withAddr, ReasonNoDBus,
			"keyring: no D-Bus session: cannot connect to the bus in DBUS_SESSION_BUS_ADDRESS (dbus: authentication failed)"},
		{"no secret service", "linux", dbus.Error{Name: "org.freedesktop.DBus.Error.ServiceUnknown", Body: []any{"The name org.freedesktop.secrets was not provided by any .service files"}}, withAddr, ReasonNoSecretService,
			"keyring: no Secret Service on the D-Bus session (nothing provides org.freedesktop.secrets: gnome-keyring-daemon or KeePassXC is not running)"},
		{"activation failed", "linux", dbus.Error{Name: "org.freedesktop.DBus.Error.Spawn.ChildExited"}, withAddr, ReasonNoSecretService,
			"keyring: no Secret Service on the D-Bus session (nothing provides org.freedesktop.secrets: gnome-keyring-daemon or KeePassXC is not running)"},
		{"locked, prompt dismissed", "linux", errors.New("failed to unlock correct collection '/org/freedesktop/secrets/aliases/default'"), withAddr, ReasonLocked,
			"keyring: the keyring is locked and could not be unlocked here (the unlock prompt was dismissed or cannot be shown)"},
		{"locked item", "linux", dbus.Error{Name: "org.freedesktop.Secret.Error.IsLocked"}, withAddr, ReasonLocked,
			"keyring: the keyring is locked and could not be unlocked here (the unlock prompt was dismissed or cannot be shown)"},
		{"no collection", "linux", dbus.Error{Name: "org.freedesktop.Secret.Error.NoSuchObject"}, withAddr, ReasonNoSecretService,
			"keyring: the Secret Service has no default keyring to store into (create one, e.g. with gnome-keyring-daemon --unlock)"},
		{"other, sanitised", "linux", errors.New("odd\x1b[31m fail\u202eure\u200b\u2028\n"), withAddr, ReasonOther,
			"keyring: read failed: odd fail\uFFFDure\uFFFD  "},
		{"macOS exit status is not D-Bus", "darwin", &exec.ExitError{}, noAddr, ReasonOther,
			"keyring: read failed: <nil>"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ke := classifyOn(c.goos, "read", "p", c.err, c.env)
			if ke.Reason != c.reason {
				t.Errorf("reason = %d, want %d", ke.Reason, c.reason)
			}
			if ke.Error() != c.text {
				t.Errorf("text = %q\nwant   %q", ke.Error(), c.text)
			}
			if ke.Unwrap() == nil {
				t.Error("the cause is not kept")
			}
			unavailable := c.reason == ReasonNoDBus || c.reason == ReasonNoSecretService || c.reason == ReasonLocked
			if errors.Is(ke, ErrKeyringUnavailable) != unavailable {
				t.Errorf("errors.Is(ErrKeyringUnavailable) = %v, want %v", !unavailable, unavailable)
			}
			if errors.Is(ke, ErrNotFound) != (c.reason == ReasonNotFound) {
				t.Error("ErrNotFound matched the wrong reason")
			}
		})
	}
}
