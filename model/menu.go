package model

// The action menu: every action the table allows now for what the visible
// tab offers (the marked rows, else the selected strategy, and the chosen
// user for the user-wide jobs), each with its key and effect. Choosing one
// goes through the workflow's gate like its own key would, with the
// selection captured when the menu opened.

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/action"
	"github.com/stratop/stratop/internal/text"
	"github.com/stratop/stratop/ui"
)

// menuEntry is one action offered by the menu and the key choosing it.
type menuEntry struct {
	spec    action.Spec
	binding key.Binding
}

type menuDialog struct {
	styles  ui.Styles
	keys    ui.DialogKeys
	subject string
	entries []menuEntry
	sel     selection
}

// menuBinding is the key choosing an action in the menu: its menu-only
// binding, else its everyday one.
func menuBinding(k ui.KeyMap, name string) (key.Binding, bool) {
	if b, ok := k.Menu.Items.For(name); ok && len(b.Keys()) > 0 {
		return b, true
	}
	if b, ok := k.Actions.For(name); ok && len(b.Keys()) > 0 {
		return b, true
	}
	return key.Binding{}, false
}

// menuEntries lists the actions allowed now for sel, in the table's order:
// with marked rows the bulk ones; else those the selected strategy allows;
// the user-wide jobs when a user is chosen and the job can be followed.
func menuEntries(k ui.KeyMap, sel selection) []menuEntry {
	var out []menuEntry
	for _, spec := range action.All {
		if b, ok := menuBinding(k, spec.Name); ok && menuAllows(spec, sel) {
			out = append(out, menuEntry{spec: spec, binding: b})
		}
	}
	return out
}

// menuOffers reports whether the menu would offer anything for sel (for
// the help, without building the entries).
func menuOffers(k ui.KeyMap, sel selection) bool {
	for _, spec := range action.All {
		if _, ok := menuBinding(k, spec.Name); ok && menuAllows(spec, sel) {
			return true
		}
	}
	return false
}

// menuAllows reports whether the menu offers spec for sel.
func menuAllows(spec action.Spec, sel selection) bool {
	switch {
	case spec.Scope == action.ScopeUser:
		return sel.user != "" && userJobs[spec.Name]
	case len(sel.marked) > 0:
		return spec.Bulk
	case sel.strategy != nil:
		return spec.Permits(*sel.strategy)
	}
	return false
}

// userJobs are the user-wide jobs the dashboard can start and follow
// (jobs.go): the menu offers no job whose progress nobody follows.
var userJobs = map[string]bool{action.DisableAll.Name: true, action.RemoveAll.Name: true}

// menu opens the action menu for sel: refused in read-only mode, and said
// plainly when nothing is allowed.
func (w workflow) menu(sel selection) (workflow, effect) {
	if w.readOnly() {
		return w, w.readOnlyNotice()
	}
	if w.overlay != nil {
		return w, effect{}
	}
	entries := menuEntries(w.env.keys, sel)
	if len(entries) == 0 {
		return w, effect{notice: ui.NoticeMenuEmpty}
	}
	var subject string
	switch {
	case len(sel.marked) > 0:
		subject = ui.MarkedCount(len(sel.marked), sel.hidden)
	case sel.strategy != nil:
		subject = ui.MenuSubjectStrategy(sel.strategy.ID, string(sel.strategy.Status))
	default:
		subject = ui.MenuSubjectUser(text.CleanN(sel.user, maxFieldRunes))
	}
	w.overlay = menuDialog{styles: w.env.styles, keys: w.env.keys.Dialog, subject: subject, entries: entries, sel: sel}
	return w, effect{}
}

func (d menuDialog) Update(msg tea.KeyMsg) (overlay, decision) {
	if key.Matches(msg, d.keys.Cancel) {
		return d, decision{close: true}
	}
	for _, e := range d.entries {
		if key.Matches(msg, e.binding) {
			return d, decision{close: true, ask: &choice{spec: e.spec, sel: d.sel}}
		}
	}
	return d, decision{} // type-ahead never closes the menu silently
}

func (d menuDialog) View(width, height int) string {
	items := make([]ui.MenuItem, len(d.entries))
	for i, e := range d.entries {
		items[i] = ui.MenuItem{Key: ui.KeyName(e.binding), Label: e.spec.Label, Effect: e.spec.Effect}
	}
	return ui.RenderDialog(d.styles, ui.ActionMenu(d.subject, items, d.keys), width, height)
}

func (d menuDialog) Help() ui.HelpMap {
	short := make([]key.Binding, 0, len(d.entries)+1)
	for _, e := range d.entries {
		short = append(short, e.binding)
	}
	short = append(short, ui.WithDesc(d.keys.Cancel, "close"))
	return ui.HelpMap{Short: short, Full: [][]key.Binding{short}}
}

// openMenu opens the action menu for the visible tab's selection.
func (m Model) openMenu() (Model, tea.Cmd) {
	var ef effect
	m.acts, ef = m.acts.menu(m.tabs[m.active].Selection())
	return m.apply(ef)
}
