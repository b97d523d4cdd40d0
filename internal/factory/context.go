package factory

import (
	"github.com/stratop/stratop/action"
	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/audit"
	"github.com/stratop/stratop/config"
	"github.com/stratop/stratop/integration"
	"github.com/stratop/stratop/watch"
)

// Context is one profile's world as a front end sees it, resolved once.
// Several can be open at once (one per integration).
type Context struct {
	Front   Front
	Profile string
	// Integration is what the credentials name: zero for a Local context.
	Integration integration.ID
	Target      Target // zero for a Local context
	// Settings are the profile's effective settings: interval, theme,
	// charts, notify, and read-only and require-reason with their sources.
	Settings config.Settings
	// Policy is what every action of this context is refused by.
	Policy action.Policy
	Paths  Paths

	source  integration.Source // how the integration was come to, for its state
	factory *Factory
	demo    bool // the embedded sandbox of --demo (Demo)
}

// OpenState is the integration's state directory, created. The first time
// a profile's own integration is opened, the profile's files of the old
// layout move into it; say receives the one line about that (and about a
// move that failed). Without a state directory (neither XDG_STATE_HOME nor
// HOME), or for a Local context, the Dir is empty: nothing is kept.
func (c *Context) OpenState(say func(string)) integration.Dir {
	if c.Integration.IsZero() || c.Paths.State == "" {
		return integration.Dir{}
	}
	r, err := integration.Resolve(c.Paths.State, c.source, watch.MergeWatchList)
	if line := r.Migration.String(); line != "" {
		say(line)
	}
	if err != nil {
		say("stratop: " + err.Error())
	}
	return r.Dir
}

// Client is the context's interface client, with the front end's options
// and extra ones after them (an attempt observer).
func (c *Context) Client(extra ...api.Option) (*api.Client, error) {
	if c.Target.BaseURL == "" {
		return nil, ErrNoCredentials
	}
	return NewClient(c.Front, c.Target.BaseURL, c.Target.Creds, extra...)
}

// Journal opens the audit log for this context's actions and returns how to
// close it. A log that cannot be opened is a journal whose writes and Check
// fail, so every action is refused unless the policy is Unaudited.
func (c *Context) Journal() (audit.Journal, func()) {
	var log *audit.Log
	err := c.Paths.AuditErr
	if err == nil {
		log, err = audit.Open(c.Paths.Audit, c.Profile, c.Target.Host(), audit.ForIntegration(c.Integration))
	}
	if err != nil {
		return brokenJournal{err}, func() {}
	}
	return log, func() { _ = log.Close() }
}

// brokenJournal is an audit log that could not be opened.
type brokenJournal struct{ err error }

func (b brokenJournal) Write(audit.Entry) error { return b.err }
func (b brokenJournal) Check() error            { return b.err }

// Runner is the action runner of this context: its policy, client and
// journal, recording the front end as the actions' source.
func (c *Context) Runner(client action.Client, journal audit.Journal) action.Runner {
	return action.Runner{Client: client, Journal: journal, Source: c.Front.client().source, Policy: c.Policy}
}
