package model

// Tabs are components behind one small interface, after soft-serve's
// pkg/ui: the root owns the window size and pushes each tab its share, routes
// keys to the visible tab, replies and polls to their owners, and builds the
// footer help from the visible tab's key map.

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/ui"
)

// Tab indexes.
const (
	tabOverview = iota
	tabStrategies
	tabPools
	tabUsers
	tabCount
)

// tabTitles are the tab bar's titles, in tab order.
var tabTitles = []string{"Overview", "Strategies", "Pools", "Users"}

// tab is one tab of the dashboard. Every method has a value receiver and
// returns the updated tab; View only joins strings cached by Update.
type tab interface {
	// Update handles keys (visible tab only), replies and polls of the
	// tab's feeds, and broadcasts such as a newly chosen user.
	Update(msg tea.Msg) (tab, tea.Cmd)
	// View draws the body: exactly the size given by SetSize.
	View() string
	// SetSize gives the tab its body size.
	SetSize(width, height int) tab
	// Activate shows (true) or hides (false) the tab. A tab shown fetches
	// what is due; a hidden tab's feeds stop polling.
	Activate(on bool) (tab, tea.Cmd)
	// Refresh fetches the tab's data now (ctrl+r).
	Refresh() (tab, tea.Cmd)
	// Help is the tab's key help in its current state.
	Help() ui.HelpMap
	// Status is the footer status of the tab's main data.
	Status() ui.Status
	// Capturing reports whether the tab takes every key (a text input or
	// picker has focus), so that q or 1-4 type instead of acting globally.
	Capturing() bool
}

// userChosenMsg is broadcast to every tab when the chosen user changes;
// an empty ExternalID clears it.
type userChosenMsg struct{ ExternalID string }

// chooseUserMsg asks the root to choose a user (from the Users tab).
type chooseUserMsg struct{ ExternalID string }

// base is what every tab holds: the shared deps, its size and visibility.
type base struct {
	d      *deps
	width  int
	height int
	active bool
}

// paneLayout splits a body for a list and a detail pane: beside each other
// from wideLayout columns up, else the pane below the list.
type paneLayout struct {
	beside     bool
	listWidth  int
	listHeight int
	paneWidth  int
	paneHeight int
}

// wideLayout is the width from which a detail pane sits beside the list.
const wideLayout = 140

// splitPane lays out a list (with extra lines above its table) and a pane in
// width x height.
func splitPane(width, height int) paneLayout {
	if width >= wideLayout {
		pw := max(48, width*2/5)
		return paneLayout{beside: true, listWidth: width - pw - ui.VerticalSepWidth, listHeight: height, paneWidth: pw, paneHeight: height}
	}
	lh := max(height/2, min(height, 6))
	return paneLayout{listWidth: width, listHeight: lh, paneWidth: width, paneHeight: max(height-lh-1, 0)}
}

// composeWithPane joins list lines and pane lines per the layout into a body
// of exactly height lines.
func composeWithPane(st *ui.Styles, l paneLayout, list, pane []string, height int) string {
	if l.beside {
		return ui.SideBySide(list, l.listWidth, ui.VerticalSep(*st), pane, height)
	}
	lines := make([]string, 0, height)
	for i := 0; i < l.listHeight; i++ {
		if i < len(list) {
			lines = append(lines, list[i])
		} else {
			lines = append(lines, "")
		}
	}
	lines = append(lines, ui.Rule(*st, l.paneWidth))
	lines = append(lines, pane...)
	return ui.Lines(lines, height)
}
