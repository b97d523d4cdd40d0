package factory

import (
	"github.com/stratop/stratop/action"
	"github.com/stratop/stratop/keys"
)

// ShellEnv is what a line typed in a shell (action.CommandLine) sets in
// front of stratop to reach this context's integration, and while says
// when it does. A profile's integration needs nothing: the line's
// --profile reaches it. The demo's embedded sandbox is kept in no profile
// and listens on a new port each run, so `--profile demo` alone fails in
// any shell: the line names the sandbox's address and its published
// credentials (no secret) in the environment, which the command line reads
// before any profile (keys.Manager.Resolve), and it reaches the sandbox
// only while this demo runs.
func (c *Context) ShellEnv() (env []action.EnvVar, while string) {
	if !c.demo {
		return nil, ""
	}
	return []action.EnvVar{
		{Name: keys.EnvBaseURL, Value: c.Target.BaseURL},
		{Name: keys.EnvAPIKey, Value: c.Target.Creds.Key},
		{Name: keys.EnvAPISecret, Value: c.Target.Creds.Secret},
	}, "while this demo runs"
}
