package factory

import (
	"github.com/stratop/stratop/integration"
	"github.com/stratop/stratop/internal/paths"
)

// Paths are every file and directory a context reads or writes, from the
// one XDG resolver (the same on Linux and macOS). A directory that cannot
// be named (neither its XDG variable nor HOME is set) is "", with why.
type Paths struct {
	Settings string // the settings file in use
	Config   string // profiles.json and the file store
	State    string // the state root
	Audit    string // the audit log, shared by every integration
	// Integration is the integration's own state directory (OpenState
	// creates it); "" for a Local context.
	Integration string

	StateErr error // why State (and what lies under it) is ""
	AuditErr error // why Audit is ""
}

func (f *Factory) paths(id integration.ID) Paths {
	var p Paths
	p.Settings, _, _ = f.SettingsPath()
	p.Config, _ = paths.ConfigDir(f.getenv)
	if f.Keys.Dir != "" {
		p.Config = f.Keys.Dir
	}
	p.State, p.StateErr = paths.StateDir(f.getenv)
	p.Audit, p.AuditErr = paths.AuditLog(f.getenv)
	if p.State != "" && !id.IsZero() {
		p.Integration = integration.DirOf(p.State, id).Path
	}
	return p
}
