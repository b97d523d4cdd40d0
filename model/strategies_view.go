package model

// Layout, cached body and help of the Strategies tab.

import (
	"strconv"

	"github.com/charmbracelet/bubbles/key"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/ui"
)

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// extraLines are the lines above the table: the page line, plus the gains
// line in the user's view.
func (t strategiesTab) extraLines() int {
	if t.userView() {
		return 2
	}
	return 1
}

func (t strategiesTab) SetSize(width, height int) tab {
	t.width, t.height = width, height
	return t.resize()
}

// resize lays the table out for the current size and pane.
func (t strategiesTab) resize() strategiesTab {
	l := t.layout(t.pane.open)
	t.pane.tbl = t.pane.tbl.setSize(l.listWidth, l.listHeight-t.extraLines()-1)
	return t.render()
}

// render rebuilds the cached body. It runs after every handled message;
// replies that change nothing leave every input equal, and the body is then
// equal too, so Bubble Tea writes nothing.
func (t strategiesTab) render() strategiesTab {
	if t.width <= 0 || t.height <= 0 {
		return t
	}
	if t.pane.pinned {
		t.body = ui.Lines(t.pinnedLines(), t.height)
		return t
	}
	st := &t.env.styles
	l := t.layout(t.pane.open)
	uv := t.userView()
	nd := t.pane.list.data
	list := make([]string, 0, l.listHeight)
	if t.picker.open {
		list = append(list, ui.FilterBar(*st, t.picker.draft.uiFields(uv), t.picker.field, l.listWidth))
	} else {
		info := ui.PageInfo{Page: t.page, Filters: t.filter.summary(uv), Loading: nd != nil && !t.pane.list.fresh()}
		if nd != nil {
			info.Pages, info.Total, info.Extra = nd.pages, nd.total, nd.userCounts
		} else if info.Unread = t.pane.list.errText(t.env.host); info.Unread == "" {
			info.Unread = "reading…"
		}
		sel := t.Selection()
		row, n, lost := t.pane.tbl.position()
		info.Extra = ui.JoinNonEmpty(" · ", info.Extra, ui.MarksSummary(len(sel.marked), sel.hidden), ui.RowOf(row, n, lost, "strategy"))
		list = append(list, ui.PageLine(*st, info, l.listWidth))
	}
	if uv {
		var gains []ui.ChainGain
		if nd != nil {
			gains = nd.gains
		}
		list = append(list, ui.GainsLine(*st, gains, l.listWidth))
	}
	none := ui.EmptyStrategies(t.filter != (stratFilter{}), ui.KeyName(t.env.keys.List.Filter))
	t.body = composePane(t, t.base, l, list, none)
	return t
}

// paneLines draws the detail pane: the full read when it is for the
// selected strategy, else the list's record while the read loads.
func (t strategiesTab) paneLines(width int) []string {
	st := t.env.styles
	s, ok := t.selectedStrategy()
	if !ok {
		return []string{ui.Muted(st, ui.NoneSelected("strategy"), width)}
	}
	_, full := t.pane.paneData()
	note := ""
	if !full {
		note = ui.Loading
		if e := t.pane.detail.errText(t.env.host); e != "" {
			note = e
		}
	}
	lines := ui.StrategyDetail(st, t.env.tools.explorers, s, full, note, width)
	return append(lines, t.strategyCharts(s, width)...)
}

// strategyCharts are the pictures under a strategy's detail; the gains per
// chain are the chosen user's, from the list's read.
func (t strategiesTab) strategyCharts(s api.Strategy, width int) []string {
	d := ui.StrategyChartsData{Strategy: s, Charts: t.env.charts}
	if nd := t.pane.list.data; nd != nil && t.userView() {
		d.Gains = nd.gains
	}
	return ui.StrategyCharts(t.env.styles, d, width)
}

func (t strategiesTab) View() string { return t.body }

func (t strategiesTab) Help() ui.HelpMap {
	if t.picker.open {
		return pickerHelp(t.env.keys.Picker)
	}
	k := t.env.keys.List
	_, _, ok := t.pane.tbl.selected()
	back := ui.Enabled(k.Back, t.pane.open || t.user != "")
	if !t.pane.open && t.user != "" {
		back = ui.WithDesc(back, "all users")
	}
	enter := ui.Enabled(k.Enter, ok && !t.pane.open)
	prev := ui.Enabled(k.PrevPage, t.page > 1)
	nd := t.pane.list.data
	nextPage := ui.Enabled(k.NextPage, nd == nil || t.page < nd.pages)
	mark := ui.Enabled(k.Mark, ok && t.env.actionsEnabled())
	watch := ui.Enabled(k.Watch, ok)
	return ui.HelpMap{
		Short: []key.Binding{k.Down, enter, back, prev, nextPage, k.Filter, mark, watch},
		Full: [][]key.Binding{
			{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom},
			{enter, back, prev, nextPage, k.Filter, mark, watch},
		},
	}
}
