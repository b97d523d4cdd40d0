package cmdutil

// The integration's history (the Overview's trends and `stats --history`) is
// kept by every long-running engine over the whole integration, `stratop
// serve` and `stratop watch` alike, so the trends exist whichever of them
// runs. One helper for both, rather than an option of the watch engine:
// the engine reads and reports, and stays free of files other than its
// cursor; what to keep of its samples is the command's choice.

import (
	"github.com/stratop/stratop/history"
	"github.com/stratop/stratop/integration"
	"github.com/stratop/stratop/watch"
)

// EngineHistory records an engine's samples into the integration's history
// file, which other processes (a dashboard, another serve) write too.
type EngineHistory struct {
	name string // the command, in what it logs
	rec  *history.Recorder
	logf func(format string, args ...any)
}

// OpenEngineHistory opens the integration's history for an engine watching
// scope. Only the whole integration is kept: the counts of some users or
// strategies would read as the integration's in the trends. Without a
// state directory it keeps nothing and says so; a damaged file starts
// anew (and is replaced at the first write).
func OpenEngineHistory(name string, state integration.Dir, scope watch.Scope, logf func(string, ...any)) *EngineHistory {
	if scope.Kind != watch.ScopeIntegration {
		return nil
	}
	if state.Path == "" {
		logf("%s: no history is kept: there is no state directory (set XDG_STATE_HOME or HOME)", name)
		return nil
	}
	rec, err := history.Open(state.History())
	if err != nil {
		logf("%s: the history file was not read (%v): it starts anew", name, err)
	}
	return &EngineHistory{name: name, rec: rec, logf: logf}
}

// Sample records one of the engine's samples (from OnSample, on the
// engine's goroutine). A nil EngineHistory keeps nothing.
func (h *EngineHistory) Sample(s watch.Sample) {
	if h == nil {
		return
	}
	if err := h.rec.Add(history.Sample(s)); err != nil {
		h.logf("%s: the history could not be written: %v", h.name, err)
	}
}

// Close writes what is left, once the engine stopped.
func (h *EngineHistory) Close() {
	if h == nil {
		return
	}
	if err := h.rec.Close(); err != nil {
		h.logf("%s: the history could not be written: %v", h.name, err)
	}
}
