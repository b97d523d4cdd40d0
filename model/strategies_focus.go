package model

// Moving the Strategies list to a strategy that is not on the screen: a
// duplicate's new id, selected once a page holding it arrives; or an
// Activity line's strategy, opened by its id when the page shown does not
// hold it, so the cursor never lands on another strategy.

import (
	"errors"
	"slices"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/ui"
)

// focusMsg asks the Strategies tab to select a strategy once it is listed.
type focusMsg struct{ id int64 }

// openStrategyMsg asks the Strategies tab to show a strategy now: selected
// when the page shown holds it, else read by its id and shown alone.
type openStrategyMsg struct{ id int64 }

func focusCmd(id int64) tea.Cmd { return func() tea.Msg { return focusMsg{id: id} } }

// seek puts the cursor on the wanted strategy when the list holds it.
func (t strategiesTab) seek() (strategiesTab, tea.Cmd) {
	if t.want == 0 {
		return t, nil
	}
	for pos := 0; pos < t.pane.tbl.len(); pos++ {
		if t.pane.tbl.id(t.pane.tbl.rowAt(pos)) == t.want {
			t.want = 0
			t.pane.tbl = t.pane.tbl.moveTo(pos)
			return followPane(t)
		}
	}
	return t, nil
}

// open shows strategy id: on the page shown it is selected; otherwise it
// is read by its id and shown alone until a list key goes back.
func (t strategiesTab) open(id int64) (strategiesTab, tea.Cmd) {
	if t.pane.pinned {
		t.pane = t.pane.closePane()
	}
	if nd := t.pane.list.data; nd != nil && slices.Contains(nd.ids, id) && t.pane.tbl.len() > 0 {
		t.want = id
		t, cmd := t.seek()
		return t.resize(), cmd
	}
	t.want = 0
	var cmd tea.Cmd
	t.pane, cmd = t.pane.pin(id, t.active, t.fetchDetail)
	return t.resize(), cmd
}

// pinnedLines draws the strategy opened by its id: its detail once read,
// or plainly that it no longer exists.
func (t strategiesTab) pinnedLines() []string {
	st := t.env.styles
	id := t.pane.id
	lines := []string{ui.Muted(st, ui.OpenedByID(id, t.env.keys.List.Back), t.width)}
	if s, ok := t.pane.paneData(); ok {
		lines = append(lines, ui.StrategyDetail(st, t.env.tools.explorers, *s, true, "", t.width)...)
		return append(lines, t.strategyCharts(*s, t.width)...)
	}
	switch err := t.pane.detail.err; {
	case errors.Is(err, api.ErrNotFound):
		return append(lines, ui.ErrorLine(st, ui.StrategyGone(id), t.width))
	case err != nil:
		return append(lines, ui.ErrorLine(st, t.pane.detail.errText(t.env.host), t.width))
	}
	return append(lines, ui.Muted(st, ui.Loading, t.width))
}
