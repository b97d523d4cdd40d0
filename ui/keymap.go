package ui

// Key bindings of DESIGN.md, in one place. The model matches keys against
// these bindings; help is built from copies whose enabled state reflects what
// the active tab allows right now (bubbles/help hides disabled bindings).

import (
	"github.com/charmbracelet/bubbles/key"
)

// KeyMap holds every binding of the program.
type KeyMap struct {
	// Tabs.
	Tab1, Tab2, Tab3, Tab4 key.Binding
	NextTab, PrevTab       key.Binding

	// Movement in lists.
	Up, Down, PageUp, PageDown, Top, Bottom key.Binding

	// Server pages.
	PrevPage, NextPage key.Binding

	// Drill-down.
	Enter  key.Binding // open the detail pane / choose the user
	Back   key.Binding // close the pane, clear the filter or the chosen user
	Search key.Binding // "/" filter as you type
	Filter key.Binding // "f" status, category, method, chain, sort

	// Filter picker (only while it is open).
	FieldPrev, FieldNext key.Binding
	ValuePrev, ValueNext key.Binding

	// Strategy actions (issue 5); Mark toggles a row for a bulk action.
	Halt, Suspend, Resume, Archive, Stop, Mark key.Binding

	// Dialogs: Confirm answers yes, Cancel no (the default).
	Confirm, Cancel key.Binding

	// Global.
	Refresh, Redraw, Help, Quit key.Binding
}

// DefaultKeyMap returns the bindings of DESIGN.md.
func DefaultKeyMap() KeyMap {
	b := func(keys []string, k, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(k, desc))
	}
	return KeyMap{
		Tab1:    b([]string{"1"}, "1", "overview"),
		Tab2:    b([]string{"2"}, "2", "strategies"),
		Tab3:    b([]string{"3"}, "3", "pools"),
		Tab4:    b([]string{"4"}, "4", "users"),
		NextTab: b([]string{"tab"}, "tab", "next tab"),
		PrevTab: b([]string{"shift+tab"}, "shift+tab", "previous tab"),

		Up:       b([]string{"up", "k"}, "↑/k", "up"),
		Down:     b([]string{"down", "j"}, "↓/j", "down"),
		PageUp:   b([]string{"pgup"}, "pgup", "page up"),
		PageDown: b([]string{"pgdown"}, "pgdn", "page down"),
		Top:      b([]string{"g", "home"}, "g", "top"),
		Bottom:   b([]string{"G", "end"}, "G", "bottom"),

		PrevPage: b([]string{"["}, "[", "prev page"),
		NextPage: b([]string{"]"}, "]", "next page"),

		Enter:  b([]string{"enter"}, "enter", "details"),
		Back:   b([]string{"esc"}, "esc", "back"),
		Search: b([]string{"/"}, "/", "filter"),
		Filter: b([]string{"f"}, "f", "filters"),

		FieldPrev: b([]string{"left", "shift+tab"}, "←", "field"),
		FieldNext: b([]string{"right", "tab"}, "→", "field"),
		ValuePrev: b([]string{"up", "k"}, "↑", "value"),
		ValueNext: b([]string{"down", "j", " "}, "↓", "value"),

		Halt:    b([]string{"h"}, "h", "halt"),
		Suspend: b([]string{"s"}, "s", "suspend"),
		Resume:  b([]string{"r"}, "r", "resume"),
		Archive: b([]string{"a"}, "a", "archive"),
		Stop:    b([]string{"x"}, "x", "stop"),
		Mark:    b([]string{" "}, "space", "mark"),

		Confirm: b([]string{"y"}, "y", "confirm"),
		Cancel:  b([]string{"n", "esc"}, "n/esc", "cancel"),

		Refresh: b([]string{"ctrl+r"}, "ctrl+r", "refresh"),
		Redraw:  b([]string{"ctrl+l"}, "ctrl+l", "redraw"),
		Help:    b([]string{"?"}, "?", "help"),
		Quit:    b([]string{"q", "ctrl+c"}, "q", "quit"),
	}
}

// ActionBindings are the bindings that change a strategy's state or mark rows
// for doing so; read-only mode and the state machine hide them from help.
func (k KeyMap) ActionBindings() []key.Binding {
	return []key.Binding{k.Halt, k.Suspend, k.Resume, k.Archive, k.Stop, k.Mark}
}

// HelpMap is the help of one screen state: what the footer shows (Short) and
// the columns of the full help (Full). It satisfies bubbles/help.KeyMap.
type HelpMap struct {
	Short []key.Binding
	Full  [][]key.Binding
}

// ShortHelp implements help.KeyMap.
func (h HelpMap) ShortHelp() []key.Binding { return h.Short }

// FullHelp implements help.KeyMap.
func (h HelpMap) FullHelp() [][]key.Binding { return h.Full }

// Enabled returns a copy of b enabled or disabled, for building a HelpMap
// without touching the shared key map.
func Enabled(b key.Binding, on bool) key.Binding {
	b.SetEnabled(on)
	return b
}

// WithDesc returns a copy of b with another help text, e.g. "enter" reads
// "details" on Strategies and "choose" on Users.
func WithDesc(b key.Binding, desc string) key.Binding {
	b.SetHelp(b.Help().Key, desc)
	return b
}
