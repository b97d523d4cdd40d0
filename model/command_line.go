package model

// Every confirmation shows the `stratop …` line that does the same from a
// shell, built by action.CommandLine from what the dialog holds now (the
// reason and the amount as typed), and copies it on its copy key through
// the toolbox's OSC 52 path.

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/action"
	"github.com/stratop/stratop/ui"
)

// shellReach is how a shell line reaches the dashboard's integration: the
// profile it names and, for one no profile keeps (the demo's sandbox), the
// variables set in front of stratop and while the line reaches it.
type shellReach struct {
	profile string
	env     []action.EnvVar
	while   string
}

// shellReach is the shown profile's.
func (e *env) shellReach() shellReach {
	r := e.shell
	r.profile = e.profile
	return r
}

// commandLine is req's command line with the reason and the amount typed
// so far.
func commandLine(sh shellReach, req request, reason, amount string) string {
	inv := action.Invocation{Profile: sh.profile, Env: sh.env, Spec: req.spec, Reason: reason, Amount: amount}
	switch {
	case req.spec.Scope == action.ScopeUser:
		inv.User = req.target.Owner
	case req.bulk():
		inv.IDs = req.ids
	default:
		inv.IDs = []int64{req.target.Strategy.ID}
	}
	return action.CommandLine(inv)
}

// copyLine puts a command line on the operator's clipboard.
func (m Model) copyLine(line string) (Model, tea.Cmd) {
	if m.env.tools.term == nil {
		return m.say(ui.NoticeNoTerminal), nil
	}
	m.tools.gen++
	return m, copyCmd(m.env.tools.term, m.env.tools.mux, m.tools.gen, clip{what: "command line", id: line}, false)
}

// listCommandLine is the Strategies tab's list, with its filters and
// chosen user, as the command that lists the same ("" on other tabs).
func (m Model) listCommandLine() string {
	st, ok := m.tabs[m.active].(strategiesTab)
	if !ok {
		return ""
	}
	f := st.filter
	return action.ListLine(m.env.profile, m.env.shell.env, st.user, [][2]string{
		{"status", f[fieldStatus]}, {"category", f[fieldCategory]}, {"method", f[fieldMethod]}, {"chain", f[fieldChain]},
	})
}
