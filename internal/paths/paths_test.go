package paths

import (
	"errors"
	"path/filepath"
	"testing"
)

func env(m map[string]string) Getenv { return func(k string) string { return m[k] } }

// One table for every base directory: the XDG variable when absolute, HOME
// otherwise, and a relative XDG variable ignored.
func TestBaseDirectories(t *testing.T) {
	cases := []struct {
		name          string
		env           map[string]string
		config, state string
		err           bool
	}{
		{"xdg", map[string]string{"XDG_CONFIG_HOME": "/c", "XDG_STATE_HOME": "/s", "HOME": "/h"}, "/c/stratop", "/s/stratop", false},
		{"home", map[string]string{"HOME": "/h"}, "/h/.config/stratop", "/h/.local/state/stratop", false},
		{"relative xdg ignored", map[string]string{"XDG_CONFIG_HOME": "rel", "XDG_STATE_HOME": "./s", "HOME": "/h"}, "/h/.config/stratop", "/h/.local/state/stratop", false},
		{"nothing", map[string]string{"XDG_STATE_HOME": "rel"}, "", "", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg, cerr := ConfigDir(env(c.env))
			st, serr := StateDir(env(c.env))
			if c.err {
				if !errors.Is(cerr, ErrNoHome) || !errors.Is(serr, ErrNoHome) {
					t.Fatalf("errors %v, %v; want ErrNoHome", cerr, serr)
				}
				var nh *NoHomeError
				if !errors.As(serr, &nh) || nh.Var != EnvStateHome {
					t.Errorf("state error %#v names the wrong variable", serr)
				}
				return
			}
			if cerr != nil || serr != nil || cfg != c.config || st != c.state {
				t.Fatalf("config %q (%v), state %q (%v); want %q, %q", cfg, cerr, st, serr, c.config, c.state)
			}
		})
	}
}

// Settings and profiles share one directory: what the macOS OS config dir
// used to split.
func TestSettingsAndProfilesSideBySide(t *testing.T) {
	e := env(map[string]string{"HOME": "/h"})
	s, err1 := SettingsFile(e)
	p, err2 := ProfilesFile(e)
	a, err3 := AuditLog(e)
	if err1 != nil || err2 != nil || err3 != nil {
		t.Fatal(err1, err2, err3)
	}
	if filepath.Dir(s) != filepath.Dir(p) || filepath.Base(s) != "config.toml" || filepath.Base(p) != "profiles.json" {
		t.Errorf("settings %q and profiles %q", s, p)
	}
	if a != "/h/.local/state/stratop/audit.jsonl" {
		t.Errorf("audit log %q", a)
	}
}
