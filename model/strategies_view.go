package model

// Layout, cached body and help of the Strategies tab.

import (
	"slices"
	"strconv"

	"github.com/charmbracelet/bubbles/key"

	"github.com/stratop/stratop/ui"
)

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// layout is the tab's current split between list and pane.
func (t strategiesTab) layout() paneLayout {
	if t.detail.open {
		return splitPane(t.width, t.height)
	}
	return paneLayout{listWidth: t.width, listHeight: t.height}
}

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
	l := t.layout()
	t.tbl = t.tbl.setSize(l.listWidth, l.listHeight-t.extraLines()-1)
	return t.render()
}

// render rebuilds the cached body. It runs after every handled message;
// replies that change nothing leave every input equal, and the body is then
// equal too, so Bubble Tea writes nothing.
func (t strategiesTab) render() strategiesTab {
	if t.width <= 0 || t.height <= 0 {
		return t
	}
	st := &t.d.styles
	l := t.layout()
	uv := t.userView()
	list := make([]string, 0, l.listHeight)
	if t.picker.open {
		list = append(list, ui.FilterBar(*st, t.picker.draft.uiFields(uv), t.picker.field, l.listWidth))
	} else {
		info := ui.PageInfo{Page: t.page, Filters: t.filter.summary(uv), Loading: t.data != nil && !t.list.fresh()}
		if t.data != nil {
			info.Pages, info.Total, info.Extra = t.data.pages, t.data.total, t.data.userCounts
		}
		info.Extra = ui.JoinNonEmpty(" · ", info.Extra, t.marksSummary())
		list = append(list, ui.PageLine(*st, info, l.listWidth))
	}
	if uv {
		var gains []ui.ChainGain
		if t.data != nil {
			gains = t.data.gains
		}
		list = append(list, ui.GainsLine(*st, gains, l.listWidth))
	}
	list = append(list, t.tbl.lines()...)
	if t.tbl.len() == 0 {
		list = append(list, t.emptyLine(l.listWidth))
	}
	if !t.detail.open {
		t.body = ui.Lines(list, t.height)
		return t
	}
	t.body = composeWithPane(st, l, list, t.paneLines(l.paneWidth), t.height)
	return t
}

// emptyLine says why the list has no rows.
func (t strategiesTab) emptyLine(width int) string {
	none := "no strategies"
	if t.filter != (stratFilter{}) {
		none = "no strategies match the filters (f to change)"
	}
	return ui.EmptyList(t.d.styles, t.d.listError(t.list), t.data != nil, none, width)
}

// paneLines draws the detail pane: the full read when it is for the
// selected strategy, else the list's record while the read loads.
func (t strategiesTab) paneLines(width int) []string {
	st := t.d.styles
	s, ok := t.selectedStrategy()
	if !ok {
		return []string{ui.Muted(st, "no strategy selected", width)}
	}
	// The pane shows the single read made for the selected id, even when
	// the record names another id (the row's id stays the target of keys).
	full := t.detail.data != nil && t.detail.dataFor == s.ID
	if full {
		s = *t.detail.data
	}
	note := ""
	if !full {
		note = "loading…"
		if t.detail.feed.err != nil {
			note = ui.ErrorText(t.detail.feed.err, t.d.host)
		}
	}
	return ui.StrategyDetail(st, s, full, note, width)
}

func (t strategiesTab) View() string { return t.body }

func (t strategiesTab) Help() ui.HelpMap {
	k := t.d.keys
	if t.picker.open {
		return ui.HelpMap{
			Short: []key.Binding{k.FieldNext, k.ValueNext, ui.WithDesc(k.Enter, "apply"), ui.WithDesc(k.Back, "cancel")},
			Full:  [][]key.Binding{{k.FieldPrev, k.FieldNext, k.ValuePrev, k.ValueNext}, {ui.WithDesc(k.Enter, "apply"), ui.WithDesc(k.Back, "cancel")}},
		}
	}
	s, ok := t.selectedStrategy()
	actions := make([]key.Binding, 0, 6)
	for _, a := range []Action{ActionHalt, ActionSuspend, ActionResume, ActionArchive, ActionStop} {
		allowed, _ := a.Allowed(s.Status)
		actions = append(actions, ui.Enabled(t.d.actionBinding(a), ok && allowed && t.d.actionsEnabled()))
	}
	actions = append(actions, ui.Enabled(k.Mark, ok && t.d.actionsEnabled()))
	back := ui.Enabled(k.Back, t.detail.open || t.user != "")
	if !t.detail.open && t.user != "" {
		back = ui.WithDesc(back, "all users")
	}
	enter := ui.Enabled(k.Enter, ok && !t.detail.open)
	prev := ui.Enabled(k.PrevPage, t.page > 1)
	nextPage := ui.Enabled(k.NextPage, t.data == nil || t.page < t.data.pages)
	short := []key.Binding{k.Down, enter, back, prev, nextPage, k.Filter}
	short = append(short, actions...)
	short = append(short, k.Help, k.Quit)
	return ui.HelpMap{
		Short: short,
		Full: [][]key.Binding{
			{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom},
			{enter, back, prev, nextPage, k.Filter},
			actions,
			{k.Tab1, k.Tab2, k.Tab3, k.Tab4, k.NextTab, k.PrevTab},
			{k.Refresh, k.Redraw, k.Help, k.Quit},
		},
	}
}

// marksSummary counts the marked rows and those not shown (filtered out or
// on another page): "3 marked (1 hidden)", "" when none.
func (t strategiesTab) marksSummary() string {
	n := 0
	hidden := 0
	for id, on := range t.marks {
		if !on {
			continue
		}
		n++
		if t.data == nil || !slices.Contains(t.data.ids, id) {
			hidden++
		}
	}
	if n == 0 {
		return ""
	}
	s := itoa(int64(n)) + " marked"
	if hidden > 0 {
		s += " (" + itoa(int64(hidden)) + " hidden by the filter or page)"
	}
	return s
}
