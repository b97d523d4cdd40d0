package model

// The integration the dashboard shows. Its state (the Overview's history,
// the watched items, serve's open alerts) lives in its own directory; the
// audit log is shared by every integration, so the Activity marks an
// action of another integration as such, Needs attention leaves it out,
// and enter on its line says whose it is instead of opening a strategy of
// this integration with the same id.

import (
	"github.com/stratop/stratop/audit"
	"github.com/stratop/stratop/integration"
	"github.com/stratop/stratop/watch"
)

// WithIntegration names the integration shown. Without it every action of
// the audit log is taken as this one's.
func WithIntegration(id integration.ID) Option { return func(e *env) { e.integration = id } }

// WithState keeps the integration's history, watched items and serve's
// alerts in its directory. A Dir without a Path keeps none (all in memory):
// after a profile switch, never the previous integration's.
func WithState(dir integration.Dir) Option {
	return func(e *env) {
		if dir.Path == "" {
			e.historyPath, e.alertDir, e.approvalDir, e.watchStore, e.commandsPath = "", "", "", nil, ""
			return
		}
		e.historyPath, e.alertDir, e.approvalDir, e.commandsPath = dir.History(), dir.Alerts(), dir.Path, dir.Commands()
		e.watchStore = watch.NewWatchListStore(dir.Watched())
	}
}

// WithNotice shows text on the status line from the start (the one-time
// move of a profile's old files into its integration's directory).
func WithNotice(text string) Option { return func(e *env) { e.startNotice = text } }

// elsewhere is the label of the integration an audit entry belongs to when
// it is not the one shown, "" when it is this one's.
func (e *env) elsewhere(en audit.Entry) string {
	if e.integration.IsZero() || en.BelongsTo(e.integration) {
		return ""
	}
	return en.IntegrationLabel()
}
