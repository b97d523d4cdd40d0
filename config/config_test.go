package config

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stratop/stratop/ui"
)

// isolate points HOME and the XDG directories at a temporary directory so
// no test reads or writes the real ones.
func isolate(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	t.Setenv("HOME", dir)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(dir, "config"))
	t.Setenv("XDG_STATE_HOME", filepath.Join(dir, "state"))
	t.Setenv(EnvConfig, "")
	return dir
}

func write(t *testing.T, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "config.toml")
	if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// loadErr loads body and returns its single error, failing otherwise.
func loadErr(t *testing.T, body string) *Error {
	t.Helper()
	p := write(t, body)
	_, err := Load(p, true, ui.SettingsWords())
	var errs Errors
	if !errors.As(err, &errs) || len(errs) != 1 {
		t.Fatalf("want one error, got %v", err)
	}
	if errs[0].File != p || !strings.HasPrefix(errs[0].Error(), p+":") {
		t.Errorf("error does not name the file: %v", errs[0])
	}
	return errs[0]
}

func TestEachErrorNamesLineAndKey(t *testing.T) {
	isolate(t)
	cases := []struct {
		name, body string
		line       int
		key, msg   string
	}{
		{"unknown key", "theme = \"dark\"\n\ncolour = \"red\"\n", 3, "colour", "unknown key"},
		{"unknown key in profile", "[profiles.prod]\nlabel = \"P\"\nreadonly = true\n", 3, "profiles.prod.readonly", "unknown key"},
		{"wrong type", "interval = \"5s\"\nlinks = \"yes\"\n", 2, "links", "wrong type: a TOML string, want true or false"},
		{"wrong type of keys", "[keys]\n\nhalt = \"p\"\n", 3, "keys.halt", "want a list of keys"},
		{"syntax", "theme = \n", 1, "", "start of value"},
		{"unknown theme", "\ntheme = \"solarized\"\n", 2, "theme", `unknown theme "solarized"`},
		{"unknown colour", "[theme.colors]\naccent = \"redish\"\n", 2, "theme.colors.accent", `unknown colour "redish"`},
		{"unknown colour role", "[theme.colors]\nbackground = \"red\"\n", 2, "theme.colors.background", "unknown colour role"},
		{"unknown theme in a table", "[theme]\nname = \"solarized\"\n", 2, "theme.name", `unknown theme "solarized"`},
		{"unknown key in the theme", "[theme]\nname = \"dark\"\nfont = \"mono\"\n", 3, "theme.font", "unknown key"},
		{"colour of the wrong type", "[theme.colors]\n\nalert = 3\n", 3, "theme.colors.alert", "wrong type: a TOML integer, want a colour"},
		{"theme of the wrong type", "theme = 3\n", 1, "theme", "wrong type: a TOML integer"},
		{"explorer template with an escape", "[explorers]\n\"4663\" = \"https://x.example/a/{address}\\u001b]8;;\"\n", 2, "explorers.4663", "control character"},
		{"unknown profile colour", "[profiles.prod]\ncolor = \"pink\"\n", 2, "profiles.prod.color", `unknown colour "pink"`},
		{"unknown binding", "[keys]\nhalt = [\"p\"]\nexplode = [\"e\"]\n", 3, "keys.explode", "unknown binding name"},
		{"unknown key name", "[keys]\nhalt = [\"ctrl+shift+meta+p\"]\n", 2, "keys.halt", "unknown key"},
		{"key bound twice", "[keys]\n\n\nhalt = [\"s\"]\n", 4, "keys.halt", `key "s" is also bound to suspend`},
		{"two remaps on one key", "[keys]\nhalt = [\"p\"]\nstop = [\"p\"]\n", 2, "keys.halt", `key "p" is also bound to stop`},
		{"explorer without placeholder", "[explorers]\n\"4663\" = \"https://x.example/address/\"\n", 2, "explorers.4663", "neither {address} nor {tx}"},
		{"secret", "[profiles.prod]\nlabel = \"P\"\napi_secret = \"abc\"\n", 3, "profiles.prod.api_secret", "stratop login"},
		{"secret at top", "token = \"abc\"\n", 1, "token", "stratop login"},
		{"short interval", "[profiles.prod]\ninterval = \"100ms\"\n", 2, "profiles.prod.interval", "at least 1s"},
		{"bad notify", "notify = \"email\"\n", 1, "notify", "unknown notify mode"},
		{"bad activity", "\n\nactivity = \"everything\"\n", 3, "activity", `unknown activity "everything" (one of shown, integration)`},
		{"bad activity of a profile", "[profiles.prod]\nlabel = \"P\"\nactivity = \"all\"\n", 3, "profiles.prod.activity", `unknown activity "all"`},
		{"activity of the wrong type", "activity = true\n", 1, "activity", "wrong type"},
		{"bad charts", "\ncharts = \"dots\"\n", 2, "charts", `unknown chart style "dots" (one of braille, block, ascii)`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := loadErr(t, tc.body)
			if e.Line != tc.line {
				t.Errorf("line %d, want %d: %v", e.Line, tc.line, e)
			}
			if !strings.HasSuffix(e.Key, tc.key) || (tc.key == "" && e.Key != "") {
				t.Errorf("key %q, want %q: %v", e.Key, tc.key, e)
			}
			if !strings.Contains(e.Msg, tc.msg) {
				t.Errorf("message %q lacks %q", e.Msg, tc.msg)
			}
		})
	}
}

func TestEveryUnknownKeyReported(t *testing.T) {
	p := write(t, "a = 1\nb = 2\n[profiles.x]\nc = 3\n")
	_, err := Load(p, true, ui.SettingsWords())
	var errs Errors
	if !errors.As(err, &errs) || len(errs) != 3 {
		t.Fatalf("want three errors, got %v", err)
	}
	for i, want := range []int{1, 2, 4} {
		if errs[i].Line != want {
			t.Errorf("error %d on line %d, want %d", i, errs[i].Line, want)
		}
	}
}

func TestPath(t *testing.T) {
	env := map[string]string{"HOME": "/h", "XDG_CONFIG_HOME": "/x"}
	get := func(k string) string { return env[k] }
	if p, explicit, _ := Path("", get); p != "/x/stratop/config.toml" || explicit {
		t.Errorf("XDG path %q %v", p, explicit)
	}
	env["XDG_CONFIG_HOME"] = ""
	if p, _, _ := Path("", get); p != "/h/.config/stratop/config.toml" {
		t.Errorf("HOME path %q", p)
	}
	env[EnvConfig] = "/env.toml"
	if p, explicit, _ := Path("", get); p != "/env.toml" || !explicit {
		t.Errorf("env path %q %v", p, explicit)
	}
	if p, _, _ := Path("/flag.toml", get); p != "/flag.toml" {
		t.Errorf("flag path %q", p)
	}
}

func TestMissingFile(t *testing.T) {
	dir := isolate(t)
	p := filepath.Join(dir, "nope.toml")
	c, err := Load(p, false, ui.SettingsWords())
	if err != nil || c.Exists {
		t.Fatalf("a missing default file means defaults: %v", err)
	}
	if _, err := Load(p, true, ui.SettingsWords()); err == nil {
		t.Fatal("a missing file named explicitly must be an error")
	}
}

func TestPrecedence(t *testing.T) {
	isolate(t)
	p := write(t, `theme = "dark"
interval = "7s"
notify = "osc"
charts = "ascii"
activity = "integration"
[profiles.prod]
label = "PROD"
activity = "shown"
color = "red"
read_only = true
interval = "10s"
[profiles.staging]
read_only = false
`)
	c, err := Load(p, true, ui.SettingsWords())
	if err != nil {
		t.Fatal(err)
	}
	env := map[string]string{}
	get := func(k string) string { return env[k] }

	s, _ := c.Resolve("other", get, Overrides{})
	if s.Theme != "dark" || s.Interval != 7*time.Second || s.Notify != "osc" || s.Charts != "ascii" || s.Activity != ActivityIntegration || s.Label != "" || s.ReadOnly || !s.Links {
		t.Errorf("top level over defaults: %+v", s)
	}
	s, _ = c.Resolve("prod", get, Overrides{})
	if s.Interval != 10*time.Second || s.Label != "PROD" || s.Color != "red" || !s.ReadOnly || s.Theme != "dark" || s.Activity != ActivityShown {
		t.Errorf("profile over top level: %+v", s)
	}
	env[EnvInterval], env[EnvTheme] = "20s", "light"
	s, _ = c.Resolve("prod", get, Overrides{})
	if s.Interval != 20*time.Second || s.Theme != "light" {
		t.Errorf("environment over profile: %+v", s)
	}
	s, _ = c.Resolve("prod", get, Overrides{Interval: 3 * time.Second, Theme: "none"})
	if s.Interval != 3*time.Second || s.Theme != "none" || !s.ReadOnly {
		t.Errorf("flags over environment, read-only kept: %+v", s)
	}
	s, _ = c.Resolve("staging", get, Overrides{ReadOnly: true})
	if !s.ReadOnly {
		t.Error("--read-only must add to a writable profile")
	}
	env[EnvInterval] = "soon"
	if _, err := c.Resolve("prod", get, Overrides{}); err == nil || !strings.Contains(err.Error(), EnvInterval) {
		t.Errorf("a bad variable must be named: %v", err)
	}
	env[EnvInterval], env[EnvTheme], env[EnvNoColor] = "", "", "1"
	if s, _ = c.Resolve("prod", get, Overrides{}); s.Theme != "none" {
		t.Errorf("NO_COLOR: theme %q", s.Theme)
	}
	d, _ := (&Config{}).Resolve("x", nil, Overrides{})
	if d.Theme != DefaultTheme || d.Interval != DefaultInterval || d.Notify != DefaultNotify || d.Charts != "braille" || d.Activity != DefaultActivity || !d.Links || d.Mouse {
		t.Errorf("defaults: %+v", d)
	}
}

func TestInitWritesACheckedFileOnce(t *testing.T) {
	dir := isolate(t)
	p, _, err := Path("", os.Getenv)
	if err != nil || !strings.HasPrefix(p, dir) {
		t.Fatalf("path %q outside the test directory: %v", p, err)
	}
	if err := Init(p, ui.SettingsWords()); err != nil {
		t.Fatal(err)
	}
	c, err := Load(p, true, ui.SettingsWords())
	if err != nil {
		t.Fatalf("init's file does not pass check: %v", err)
	}
	s, _ := c.Resolve("default", nil, Overrides{})
	d, _ := (&Config{}).Resolve("default", nil, Overrides{})
	if s.Theme != d.Theme || s.Interval != d.Interval || s.Links != d.Links || s.Mouse != d.Mouse || s.Notify != d.Notify || s.Charts != d.Charts {
		t.Errorf("init's file changes defaults: %+v vs %+v", s, d)
	}
	for _, name := range []string{"halt", "suspend", "mark", "refresh", "filter"} {
		if !strings.Contains(Template(ui.SettingsWords()), "# "+name+" = [") {
			t.Errorf("template does not list binding %s", name)
		}
	}
	before, _ := os.ReadFile(p)
	if err := os.WriteFile(p, append(before, "# mine\n"...), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := Init(p, ui.SettingsWords()); !errors.Is(err, ErrExists) {
		t.Fatalf("second init: %v", err)
	}
	if after, _ := os.ReadFile(p); !strings.HasSuffix(string(after), "# mine\n") {
		t.Fatal("init overwrote the file")
	}
}

func TestUncommentedTemplateExamplesPass(t *testing.T) {
	// The commented examples must be valid too, once uncommented.
	var b strings.Builder
	for _, l := range strings.Split(Template(ui.SettingsWords()), "\n") {
		if strings.HasPrefix(l, "# [profiles.") || strings.HasPrefix(l, "# label") || strings.HasPrefix(l, "# color") ||
			strings.HasPrefix(l, "# read_only") || strings.HasPrefix(l, "# require_reason") || strings.HasPrefix(l, "# \"4663\"") || strings.HasPrefix(l, "# alert") ||
			strings.HasPrefix(l, "# [theme") || strings.HasPrefix(l, "# name") {
			l = strings.TrimPrefix(l, "# ")
		}
		if strings.HasPrefix(l, "theme = ") {
			continue // the table form below replaces it
		}
		b.WriteString(l + "\n")
	}
	if _, err := Load(write(t, b.String()), true, ui.SettingsWords()); err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
}

func TestThemeTableGivesNameAndColours(t *testing.T) {
	c, err := Load(write(t, "[theme]\nname = \"light\"\n[theme.colors]\nalert = \"#ff0000\"\n"), true, ui.SettingsWords())
	if err != nil {
		t.Fatal(err)
	}
	s, err := c.Resolve("", nil, Overrides{})
	if err != nil {
		t.Fatal(err)
	}
	if s.Theme != "light" || s.Colors["alert"] != "#ff0000" {
		t.Errorf("theme %q colours %v", s.Theme, s.Colors)
	}
}
