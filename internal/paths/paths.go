// Package paths is the one place that decides where stratop's files live:
// settings and profiles under the XDG config directory, state (the audit
// log, one directory per integration) under the XDG state directory, and
// exports in the working directory. Linux and macOS resolve alike: the XDG
// variables, else HOME/.config and HOME/.local/state (never the macOS
// Library folders, so profiles.json and config.toml stay side by side).
package paths

import (
	"errors"
	"os"
	"path/filepath"
)

// App is the name of stratop's directory inside each XDG base directory.
const App = "stratop"

// Environment variables read here, as the XDG Base Directory specification
// names them.
const (
	EnvConfigHome = "XDG_CONFIG_HOME"
	EnvStateHome  = "XDG_STATE_HOME"
	EnvHome       = "HOME"
)

// File names inside the directories.
const (
	SettingsFileName = "config.toml"
	ProfilesFileName = "profiles.json"
	AuditFileName    = "audit.jsonl"
)

// NoHomeError is a base directory that cannot be resolved: neither its XDG
// variable (as an absolute path) nor HOME is set.
type NoHomeError struct {
	Var string // XDG_CONFIG_HOME or XDG_STATE_HOME
}

func (e *NoHomeError) Error() string {
	return "neither " + e.Var + " nor HOME is set"
}

// ErrNoHome matches every *NoHomeError with errors.Is.
var ErrNoHome = errors.New("no home directory")

func (e *NoHomeError) Is(target error) bool { return target == ErrNoHome }

// Getenv reads one environment variable; nil means os.Getenv.
type Getenv func(string) string

func (g Getenv) get(name string) string {
	if g == nil {
		return os.Getenv(name)
	}
	return g(name)
}

// base resolves one XDG base directory: the variable when it holds an
// absolute path (a relative one is ignored, as the specification says),
// else HOME joined with fallback.
func base(getenv Getenv, variable string, fallback ...string) (string, error) {
	if d := getenv.get(variable); d != "" && filepath.IsAbs(d) {
		return filepath.Join(d, App), nil
	}
	home := getenv.get(EnvHome)
	if home == "" {
		return "", &NoHomeError{Var: variable}
	}
	return filepath.Join(append(append([]string{home}, fallback...), App)...), nil
}

// ConfigDir is $XDG_CONFIG_HOME/stratop, else $HOME/.config/stratop.
func ConfigDir(getenv Getenv) (string, error) {
	return base(getenv, EnvConfigHome, ".config")
}

// StateDir is $XDG_STATE_HOME/stratop, else $HOME/.local/state/stratop.
func StateDir(getenv Getenv) (string, error) {
	return base(getenv, EnvStateHome, ".local", "state")
}

// SettingsFile is the default settings file, ConfigDir/config.toml (the
// --config flag and STRATOP_CONFIG override it; config.Path decides).
func SettingsFile(getenv Getenv) (string, error) {
	return inDir(ConfigDir, getenv, SettingsFileName)
}

// ProfilesFile is ConfigDir/profiles.json.
func ProfilesFile(getenv Getenv) (string, error) {
	return inDir(ConfigDir, getenv, ProfilesFileName)
}

// AuditLog is StateDir/audit.jsonl: one log for every integration, each
// entry naming its own.
func AuditLog(getenv Getenv) (string, error) {
	return inDir(StateDir, getenv, AuditFileName)
}

// ExportDir is where ctrl+s writes exports: the directory stratop was
// started in, where an operator over SSH expects to find what they asked
// for. An unreadable working directory falls back to HOME.
func ExportDir(getenv Getenv) (string, error) {
	wd, err := os.Getwd()
	if err == nil {
		return wd, nil
	}
	if home := getenv.get(EnvHome); home != "" {
		return home, nil
	}
	return "", err
}

func inDir(dir func(Getenv) (string, error), getenv Getenv, name string) (string, error) {
	d, err := dir(getenv)
	if err != nil {
		return "", err
	}
	return filepath.Join(d, name), nil
}
