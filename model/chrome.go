package model

// The frame around the body (header, tab bar, status line, help line, full
// help, the too-small notice) is rebuilt only when what it shows changes:
// its inputs are compared first, so most messages cost a few comparisons.

import (
	"time"

	"github.com/charmbracelet/bubbles/key"

	"github.com/stratop/stratop/action"
	"github.com/stratop/stratop/internal/text"
	"github.com/stratop/stratop/ui"
)

// chromeInputs is everything the frame depends on.
type chromeInputs struct {
	width, height int
	active        int
	header        ui.HeaderData
	status        ui.Status
	showHelp      bool
	badges        [maxBadged]int // per tab: the count on its title
}

// maxBadged is how many tabs (from the first) may carry a count.
const maxBadged = 8

// chrome is the rendered frame and the inputs it was built from.
type chrome struct {
	in       chromeInputs
	helpMap  ui.HelpMap
	built    bool
	header   string
	tabs     string
	status   string
	help     string
	fullHelp string
	tooSmall string
}

// refreshChrome rebuilds the parts of the frame whose inputs changed.
func (m Model) refreshChrome() Model {
	in := chromeInputs{width: m.width, height: m.height, active: m.active, showHelp: m.showHelp}
	in.header = ui.HeaderData{Profile: text.Clean(m.env.profile), Host: m.env.host, ChosenUser: m.chosen, ReadOnly: m.env.policy.ReadOnly}
	in.header.Label = text.Clean(m.env.label)
	in.header.StatsError = m.stats.err != nil
	now := m.displayNow()
	if m.health.failing() {
		in.header.Failing, in.header.FailingFor = true, -1
		if !m.health.lastGood.IsZero() {
			in.header.FailingFor = now.Sub(m.health.lastGood).Truncate(time.Second)
		}
	}
	if s := m.stats.data; s != nil {
		in.header.HasStats, in.header.Users, in.header.Strategies = true, s.UsersCount, s.StrategiesCount
	}
	for i, t := range m.tabs {
		if b, ok := t.(badged); ok && i < maxBadged {
			in.badges[i] = b.Badge()
		}
	}
	cur := m.tabs[m.active]
	in.status = cur.Status()
	in.status.Now = now
	notices := []string{ui.WithJobs(m.notes.text(), m.acts.jobs.lines()), in.status.Notice}
	for _, t := range m.tabs {
		if s, ok := t.(standing); ok {
			notices = append(notices, s.Standing())
		}
	}
	in.status.Notice = ui.JoinNonEmpty(ui.NoticeSeparator, notices...)
	hm := m.helpMap()

	c := m.chrome
	width := m.width
	if width <= 0 {
		width = 80
	}
	st := m.env.styles
	all := !c.built || c.in.width != in.width || c.in.height != in.height
	if all || c.in.header != in.header {
		c.header = ui.Header(st, in.header, width)
	}
	if all || c.in.active != in.active || c.in.badges != in.badges {
		c.tabs = ui.TabBar(st, m.barTitles(), in.active, width)
	}
	if all || c.in.status != in.status {
		c.status = ui.StatusLine(st, in.status, width)
	}
	if all || !sameHelp(c.helpMap, hm) || c.in.showHelp != in.showHelp {
		c.help = ui.ShortHelp(m.env.help, hm, width)
		if in.showHelp {
			_, h := m.bodySize()
			c.fullHelp = ui.FullHelp(st, m.env.help, hm.Full, width, h)
		}
	}
	if all {
		c.tooSmall = ui.TooSmall(st, m.width, m.height)
	}
	c.in, c.helpMap, c.built = in, hm, true
	m.chrome = c
	return m
}

// barTitles are the tab bar's titles, each with its tab's count.
func (m Model) barTitles() []string {
	titles := tabTitles()
	for i, t := range m.tabs {
		if b, ok := t.(badged); ok && i < len(titles) {
			titles[i] = ui.Badge(titles[i], b.Badge())
		}
	}
	return titles
}

// helpMap composes the help of the moment: an open dialog's keys alone; a
// capturing tab's keys alone (every other key types); else the tab's rows,
// the actions its selection allows with the action menu where it offers
// something, and the global rows.
func (m Model) helpMap() ui.HelpMap {
	if m.acts.overlay != nil {
		return m.acts.overlay.Help()
	}
	if m.switcher != nil {
		return m.switcherHelp()
	}
	cur := m.tabs[m.active]
	hm := cur.Help()
	if cur.Capturing() {
		return hm
	}
	g := m.env.keys.Global
	short := append([]key.Binding(nil), hm.Short...)
	full := append([][]key.Binding(nil), hm.Full...)
	sel := cur.Selection()
	acts := m.actionHelp(sel)
	if m.env.actionsEnabled() && menuOffers(m.env.keys, sel) {
		acts = append(acts, m.env.keys.Menu.Open)
	}
	if len(acts) > 0 {
		short = append(short, acts...)
		full = append(full, acts)
	}
	short = append(short, g.NextTab)
	full = append(full, m.toolHelp(cur))
	full = append(full, append(append([]key.Binding(nil), g.Tabs...), g.NextTab, g.PrevTab),
		[]key.Binding{g.Refresh, g.Redraw, ui.Enabled(g.Profile, m.env.profiles != nil), ui.Enabled(g.Fleet, m.env.fleet), g.Help, g.Quit})
	return ui.HelpMap{Short: short, Full: full, Pinned: []key.Binding{g.Help, g.Quit}}
}

// actionHelp lists the action keys, enabled where the selection allows the
// action now (none in read-only mode or without a strategy selected).
func (m Model) actionHelp(sel selection) []key.Binding {
	if sel.strategy == nil && len(sel.marked) == 0 {
		return nil
	}
	out := make([]key.Binding, 0, len(m.env.keys.Actions)+1) // and the menu's key
	for _, nb := range m.env.keys.Actions {
		spec, ok := action.Lookup(nb.Name)
		allowed := ok && m.env.actionsEnabled()
		if allowed && len(sel.marked) == 0 {
			allowed = spec.Permits(*sel.strategy)
		}
		if allowed && len(sel.marked) > 0 {
			allowed = spec.Bulk
		}
		out = append(out, ui.Enabled(nb.Binding, allowed))
	}
	return out
}

// sameHelp compares two help maps by their bindings' keys, texts and
// enabled state, without allocating.
func sameHelp(a, b ui.HelpMap) bool {
	if !sameBindings(a.Short, b.Short) || !sameBindings(a.Pinned, b.Pinned) || len(a.Full) != len(b.Full) {
		return false
	}
	for i := range a.Full {
		if !sameBindings(a.Full[i], b.Full[i]) {
			return false
		}
	}
	return true
}

func sameBindings(a, b []key.Binding) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Enabled() != b[i].Enabled() || a[i].Help() != b[i].Help() {
			return false
		}
	}
	return true
}
