package model

// The frame around the body (header, tab bar, status line, help line, full
// help, the too-small notice) is rebuilt only when what it shows changes:
// its inputs are compared first, so most messages cost a few comparisons.

import (
	"github.com/charmbracelet/bubbles/key"

	"github.com/stratop/stratop/ui"
)

// chromeInputs is everything the frame depends on.
type chromeInputs struct {
	width, height int
	active        int
	header        ui.HeaderData
	status        ui.Status
	showHelp      bool
}

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
	in.header = ui.HeaderData{Profile: ui.Sanitize(m.d.profile), Host: m.d.host, ChosenUser: m.chosen, ReadOnly: m.d.readOnly}
	in.header.StatsError = m.stats.err != nil
	if m.statsData != nil {
		in.header.HasStats, in.header.Users, in.header.Strategies = true, m.statsData.UsersCount, m.statsData.StrategiesCount
	}
	cur := m.tabs[m.active]
	in.status = cur.Status()
	in.status.Notice = m.notice
	hm := cur.Help()
	if oh, ok := m.overlay.(interface{ Help() ui.HelpMap }); ok {
		hm = oh.Help() // a dialog's keys, not the tab's, while it is open
	}

	c := m.chrome
	width := m.width
	if width <= 0 {
		width = 80
	}
	st := m.d.styles
	all := !c.built || c.in.width != in.width || c.in.height != in.height
	if all || c.in.header != in.header {
		c.header = ui.Header(st, in.header, width)
	}
	if all || c.in.active != in.active {
		c.tabs = ui.TabBar(st, tabTitles, in.active, width)
	}
	if all || c.in.status != in.status {
		c.status = ui.StatusLine(st, in.status, width)
	}
	if all || !sameHelp(c.helpMap, hm) || c.in.showHelp != in.showHelp {
		c.help = ui.ShortHelp(m.d.help, hm.Short, width)
		if in.showHelp {
			_, h := m.bodySize()
			c.fullHelp = ui.FullHelp(st, m.d.help, hm.Full, width, h)
		}
	}
	if all {
		c.tooSmall = ui.TooSmall(st, m.width, m.height)
	}
	c.in, c.helpMap, c.built = in, hm, true
	m.chrome = c
	return m
}

// sameHelp compares two help maps by their bindings' keys, texts and
// enabled state, without allocating.
func sameHelp(a, b ui.HelpMap) bool {
	if !sameBindings(a.Short, b.Short) || len(a.Full) != len(b.Full) {
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
