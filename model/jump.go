package model

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/ui"
)

// jump shows what an Activity or attention line is about: an open alert's
// line on the Activity tab; its strategy on the Strategies tab, selected
// when on the page shown, else read by its id; or its user, chosen, on the
// Users tab.
func (m Model) jump(j jumpMsg) (Model, tea.Cmd) {
	var c1, c2 tea.Cmd
	if j.elsewhere != "" {
		return m.say(ui.NoticeElsewhere(j.elsewhere)), nil
	}
	if j.alert != "" {
		m, c1 = m.switchTab(m.owners[feedAlerts])
		m, c2 = m.route(feedAlerts, showAlertMsg{id: j.alert})
		return m, tea.Batch(c1, c2)
	}
	if j.strategy != 0 {
		m, c1 = m.switchTab(m.owners[feedStrategies])
		m, c2 = m.route(feedStrategies, openStrategyMsg{id: j.strategy})
		return m, tea.Batch(c1, c2)
	}
	m, c1 = m.choose(j.user)
	m, c2 = m.switchTab(m.owners[feedUsers])
	return m, tea.Batch(c1, c2)
}
