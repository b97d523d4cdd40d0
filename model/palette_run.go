package model

// What the command line's @, ! and > views do: each takes the path its key
// takes (enter on a user, the Pools list, the filter picker, P, F), so the
// command line can do nothing a key could not.

import (
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/action"
	"github.com/stratop/stratop/internal/text"
	"github.com/stratop/stratop/ui"
)

// setFilterMsg gives the Strategies tab a whole filter, as the picker's
// apply does.
type setFilterMsg struct{ filter stratFilter }

// openPoolMsg asks the Pools tab to show a pool: selected when listed,
// else read by its id.
type openPoolMsg struct{ id int64 }

// verbRunners are the > words that are not actions.
var verbRunners = map[string]func(m Model, args []string) (Model, tea.Cmd, string){
	"filter":  Model.runFilter,
	"profile": Model.runProfile,
	"fleet":   Model.runFleet,
	"theme":   Model.runTheme,
	"log":     Model.runLog,
}

// verbLine is the > line with an unknown first word replaced by the
// selected completion's, so enter on a half-typed verb runs the one shown.
func verbLine(line string, sel *completion) (string, string) {
	words := strings.Fields(line[1:])
	if len(words) > 0 && knownVerb(words[0]) {
		return line, ""
	}
	if sel == nil {
		return line, "no action or view " + text.CleanN(strings.Join(words, " "), 30) + " (" + actionNames() + ", filter, profile, fleet, theme, log)"
	}
	v := strings.Fields(sel.line[1:])
	if len(v) == 0 {
		return line, "name an action or a view"
	}
	if len(words) > 0 {
		words = words[1:]
	}
	return ">" + strings.Join(append([]string{v[0]}, words...), " "), ""
}

func knownVerb(w string) bool {
	if _, ok := action.Lookup(w); ok {
		return true
	}
	_, ok := verbRunners[w]
	return ok
}

// runVerb runs the words after >.
func (m Model) runVerb(rest string) (Model, tea.Cmd, string) {
	words, err := splitWords(rest)
	if err != nil || len(words) == 0 {
		return m, nil, ">ACTION [--reason R]: " + text.CleanN(errText(err), 80)
	}
	if run, ok := verbRunners[words[0]]; ok {
		return run(m, words[1:])
	}
	return m.runAction(rest)
}

// runUser chooses the selected user, as enter on the Users tab does.
func (m Model) runUser(sel *completion) (Model, tea.Cmd, string) {
	if sel == nil {
		if m.loadedUsers().Len() == 0 {
			return m, nil, "@USER searches the users read: none yet (the Users tab reads them)"
		}
		return m, nil, "no user matches"
	}
	m, cmd := m.jump(jumpMsg{user: strings.TrimPrefix(sel.line, "@")})
	return m, cmd, ""
}

// runPool shows the selected pool on the Pools tab.
func (m Model) runPool(sel *completion) (Model, tea.Cmd, string) {
	if sel == nil {
		if len(m.loadedPools()) == 0 {
			return m, nil, "!POOL searches the pools read: none yet (the Pools tab reads them)"
		}
		return m, nil, "no pool matches"
	}
	m, c1 := m.switchTab(m.owners[feedPools])
	m, c2 := m.route(feedPools, openPoolMsg{id: sel.id})
	return m, tea.Batch(c1, c2), ""
}

// runFilter sets the Strategies filter to the fields named (the others
// any), as the picker would, and shows the list.
func (m Model) runFilter(args []string) (Model, tea.Cmd, string) {
	var f stratFilter
	for _, a := range args {
		name, val, ok := strings.Cut(a, "=")
		field := -1
		for i, n := range fieldNames {
			if n == name {
				field = i
			}
		}
		if !ok || field < 0 {
			return m, nil, "filter takes " + strings.Join(fieldNames[:], "=, ") + "= (not " + text.CleanN(a, 30) + ")"
		}
		if val == "any" {
			val = ""
		}
		vals := union(fieldValues(field, false), fieldValues(field, true))
		if !contains(vals, val) {
			return m, nil, name + " is one of " + strings.Join(vals[1:], ", ")
		}
		f[field] = val
	}
	m, c1 := m.switchTab(m.owners[feedStrategies])
	m, c2 := m.route(feedStrategies, setFilterMsg{filter: f})
	return m, tea.Batch(c1, c2), ""
}

func contains(vals []string, v string) bool {
	for _, x := range vals {
		if x == v {
			return true
		}
	}
	return false
}

// runProfile connects to a profile exactly as P's switcher does.
func (m Model) runProfile(args []string) (Model, tea.Cmd, string) {
	if len(args) != 1 {
		return m, nil, ">profile NAME"
	}
	if m.env.profiles == nil {
		return m, nil, ui.NoticeNoSwitcher
	}
	if args[0] == m.env.profile {
		return m, nil, "already on profile " + text.CleanN(args[0], 40)
	}
	m, cmd := m.openSwitcher()
	if m.switcher == nil {
		return m, cmd, "" // refused, and said, as P is
	}
	m, c2 := m.connectProfile(*m.switcher, args[0])
	return m, tea.Batch(cmd, c2), ""
}

// runLog shows the command log, the Activity tab's second page.
func (m Model) runLog(args []string) (Model, tea.Cmd, string) {
	if len(args) != 0 {
		return m, nil, ">log takes no arguments"
	}
	m, c1 := m.switchTab(m.owners[feedAudit])
	m, c2 := m.route(feedAudit, showCommandLogMsg{})
	return m, tea.Batch(c1, c2), ""
}

// runFleet asks the program holding the dashboard for the fleet, as F.
func (m Model) runFleet(args []string) (Model, tea.Cmd, string) {
	if !m.env.fleet {
		return m, nil, "no fleet holds this dashboard (stratop fleet opens one)"
	}
	return m, openFleet, ""
}

// setFilter applies a filter given whole.
func (t strategiesTab) setFilter(f stratFilter) (strategiesTab, tea.Cmd) {
	t.picker.open = false
	f = f.fit(t.userView())
	if f == t.filter {
		return t, nil
	}
	t.filter, t.page = f, 1
	t = t.markSort()
	return t.reload()
}

// openPool selects pool id when listed, else reads it by its id.
func (t poolsTab) openPool(id int64) (poolsTab, tea.Cmd) {
	if t.pane.pinned {
		t.pane = t.pane.closePane()
	}
	for pos := 0; pos < t.pane.tbl.len(); pos++ {
		if t.pane.tbl.id(t.pane.tbl.rowAt(pos)) == id {
			t.pane.tbl = t.pane.tbl.moveTo(pos)
			t.pane = t.pane.openPane()
			t, cmd := followPane(t)
			return t.resize(), cmd
		}
	}
	var cmd tea.Cmd
	t.pane, cmd = t.pane.pin(id, t.active, t.fetchDetail)
	return t.resize(), cmd
}
