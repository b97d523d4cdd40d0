// Package config reads the settings file (README.md, ARCHITECTURE.md): where it is,
// strict loading that names file, line and key for every mistake, and the
// effective settings of a profile. stratop never writes the file except
// `stratop config init`.
package config

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/stratop/stratop/internal/paths"
	"github.com/stratop/stratop/internal/vocab"
)

// EnvConfig names the variable that points at another settings file.
const EnvConfig = "STRATOP_CONFIG"

// file is the settings file as written: pointers tell "not set" from a
// zero value, so a profile's section only overrides what it sets.
type file struct {
	Theme     any                 `toml:"theme"` // a name, or a table: see theme.go
	Interval  *string             `toml:"interval" want:"a duration such as \"5s\""`
	Links     *bool               `toml:"links"`
	Mouse     *bool               `toml:"mouse"`
	Notify    *string             `toml:"notify"`
	Activity  *string             `toml:"activity"`
	Charts    *string             `toml:"charts"`
	Keys      map[string][]string `toml:"keys" each:"a list of keys, e.g. [\"p\"] (an empty list disables the binding)"`
	Profiles  map[string]profile  `toml:"profiles"`
	Explorers map[string]string   `toml:"explorers" each:"a URL template with {address} or {tx}"`
	Alerts    []alertRule         `toml:"alerts"`
	Sinks     map[string]sinkDef  `toml:"sinks"`
	Serve     *serveDef           `toml:"serve"`
	Team      *teamDef            `toml:"team"`

	// RequireReason makes every action need a reason, for the profiles
	// that do not set their own.
	RequireReason *bool `toml:"require_reason"`
}

// profile is one [profiles.NAME] section.
type profile struct {
	Label    *string `toml:"label"`
	Color    *string `toml:"color"`
	ReadOnly *bool   `toml:"read_only"`
	Interval *string `toml:"interval" want:"a duration such as \"5s\""`
	// Prometheus is where this profile's trends are read from.
	Prometheus *string `toml:"prometheus"`
	Notify     *string `toml:"notify"`
	Activity   *string `toml:"activity"`

	// RequireReason makes every action of the profile need a reason.
	RequireReason *bool `toml:"require_reason"`
}

// Config is a loaded, valid settings file.
type Config struct {
	Path   string // the file read; "" when none exists (defaults)
	Exists bool
	f      file
	theme  theme
	lines  keyLines // the line of every key, for mistakes found after loading
	words  vocab.Words
}

// Error is one mistake in the settings file. Line is 0 when the mistake
// has no place in the file (a file that cannot be read).
type Error struct {
	File string
	Line int
	Key  string // dotted: "profiles.prod.color"
	Msg  string
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
	}
	if e.Key != "" {
		b.WriteString(": " + e.Key)
	}
	b.WriteString(": " + e.Msg)
	return b.String()
}

// Errors are every mistake found, in file order.
type Errors []*Error

func (es Errors) Error() string {
	lines := make([]string, len(es))
	for i, e := range es {
		lines[i] = e.Error()
	}
	return strings.Join(lines, "\n")
}

// Path returns the settings file to read and whether it was chosen
// explicitly: the --config flag, else STRATOP_CONFIG, else
// $XDG_CONFIG_HOME/stratop/config.toml ($HOME/.config when unset).
func Path(flag string, getenv func(string) string) (path string, explicit bool, err error) {
	if flag != "" {
		return flag, true, nil
	}
	if p := getenv(EnvConfig); p != "" {
		return p, true, nil
	}
	p, err := paths.SettingsFile(getenv)
	if err != nil {
		return "", false, fmt.Errorf("%w: pass --config FILE", err)
	}
	return p, false, nil
}

// Load reads and checks the settings file at path, the presentation's
// names (themes, colours, charts, keys) against words. A missing file means
// defaults unless it was named explicitly (a typo in --config must not
// silently drop the operator's settings).
func Load(path string, explicit bool, words vocab.Words) (*Config, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) && !explicit {
		return &Config{words: words}, nil
	}
	if err != nil {
		return nil, Errors{{File: path, Msg: "cannot read the settings file: " + unwrapPath(err)}}
	}
	c, errs := parse(path, data, words)
	if len(errs) > 0 {
		return nil, errs
	}
	c.Path, c.Exists, c.words = path, true, words
	return c, nil
}

// unwrapPath drops the path os errors repeat.
func unwrapPath(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// Profiles lists the profile names with a section, for the switcher.
func (c *Config) Profiles() []string {
	var out []string
	for n := range c.f.Profiles {
		out = append(out, n)
	}
	return out
}
