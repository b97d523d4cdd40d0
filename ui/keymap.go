package ui

// The key bindings (README.md "Using it"), in scopes after bubbles' components: each scope
// has its Default...() and every hint on screen is built from the bindings'
// Help(), so a remapped key changes the footer, the full help and the
// dialogs together. The model matches keys against these bindings only.

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
)

// KeyMap holds every scope.
type KeyMap struct {
	Global  GlobalKeys
	List    ListKeys
	Picker  PickerKeys
	Input   InputKeys
	Dialog  DialogKeys
	Actions ActionKeys
	Menu    MenuKeys
}

// GlobalKeys work on every tab unless a text input or picker has focus
// (ForceQuit works always).
type GlobalKeys struct {
	Tabs                        []key.Binding // one per tab: 1, 2, ...
	NextTab, PrevTab            key.Binding
	Refresh, Redraw, Help, Quit key.Binding
	ForceQuit                   key.Binding
	Profile                     key.Binding // "P" switch profile
	Fleet                       key.Binding // "F" every integration at a glance
	Copy, CopyRecord            key.Binding // "y" the id, "Y" the record as JSON (OSC 52)
	Export                      key.Binding // "ctrl+s" the list shown to a CSV file
	Mouse                       key.Binding // "M" mouse on / off
	Undo                        key.Binding // "u" undo the last reversible action while it is offered
	Palette                     key.Binding // ":" or "ctrl+p" the command line
	CopyCommand                 key.Binding // "C" the list shown as its stratop command
}

// ListKeys move in and act on a list.
type ListKeys struct {
	Up, Down, PageUp, PageDown, Top, Bottom key.Binding
	PrevPage, NextPage                      key.Binding // server pages
	Enter                                   key.Binding // open the detail pane / choose the user
	Back                                    key.Binding // close the pane, clear the filter or the chosen user
	Search                                  key.Binding // "/" filter as you type
	Filter                                  key.Binding // "f" status, category, method, chain, sort
	Mark                                    key.Binding // toggle a row for a bulk action
	Watch                                   key.Binding // "w" watch / unwatch the selected strategy or user
	Sort, SortReverse                       key.Binding // "o" sort by the next column, "O" reverse
	Longer, Shorter                         key.Binding // "+" and "-": the Overview's trend window
	Ack                                     key.Binding // "c" acknowledge the selected alert (Activity)
}

// PickerKeys work while the filter picker is open.
type PickerKeys struct {
	FieldPrev, FieldNext, ValuePrev, ValueNext key.Binding
	Apply, Cancel                              key.Binding
}

// InputKeys work while a text input has focus: printable keys type, these
// edit, accept or leave it, and the arrows still move the list below.
type InputKeys struct {
	Accept, Clear                 key.Binding
	DeleteChar, DeleteWord, Empty key.Binding
	Up, Down, PageUp, PageDown    key.Binding
}

// DialogKeys answer a confirmation: Confirm is yes, Cancel no (the default,
// as is Submit on a y/n dialog); Submit sends what was typed; Reason moves
// into the confirmation's reason field.
type DialogKeys struct {
	Confirm, Cancel, Submit, DeleteChar, Close, Reason key.Binding
	// Copy puts the dialog's equivalent command line on the clipboard.
	Copy key.Binding
}

// ActionKeys bind action names (those of package action) to keys. An action
// without a row here is reached from the action menu only.
type ActionKeys []NamedBinding

// MenuKeys open the action menu and choose in it. Inside the menu an
// action is chosen by its Items binding, else by its ActionKeys binding, so
// the frequent actions keep one key everywhere.
type MenuKeys struct {
	Open  key.Binding
	Items ActionKeys
}

// NamedBinding is a binding with the name an action or setting uses.
type NamedBinding struct {
	Name    string
	Binding key.Binding
}

// For returns the binding of an action.
func (a ActionKeys) For(name string) (key.Binding, bool) {
	for _, nb := range a {
		if nb.Name == name {
			return nb.Binding, true
		}
	}
	return key.Binding{}, false
}

// Match returns the action whose binding matches msg.
func (a ActionKeys) Match(msg fmt.Stringer) (string, bool) {
	for _, nb := range a {
		if key.Matches(msg, nb.Binding) {
			return nb.Name, true
		}
	}
	return "", false
}

func bind(keys []string, k, desc string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(k, desc))
}

// DefaultKeyMap returns the default bindings (README.md) for tabs with these titles.
func DefaultKeyMap(tabTitles ...string) KeyMap {
	return KeyMap{
		Global:  DefaultGlobalKeys(tabTitles...),
		List:    DefaultListKeys(),
		Picker:  DefaultPickerKeys(),
		Input:   DefaultInputKeys(),
		Dialog:  DefaultDialogKeys(),
		Actions: DefaultActionKeys(),
		Menu:    DefaultMenuKeys(),
	}
}

// DefaultGlobalKeys binds 1, 2, ... to the tabs in order.
func DefaultGlobalKeys(tabTitles ...string) GlobalKeys {
	tabs := make([]key.Binding, len(tabTitles))
	for i, title := range tabTitles {
		n := strconv.Itoa(i + 1)
		tabs[i] = bind([]string{n}, n, strings.ToLower(title))
	}
	return GlobalKeys{
		Tabs:        tabs,
		NextTab:     bind([]string{"tab"}, "tab", "next tab"),
		PrevTab:     bind([]string{"shift+tab"}, "shift+tab", "previous tab"),
		Refresh:     bind([]string{"ctrl+r"}, "ctrl+r", "refresh"),
		Redraw:      bind([]string{"ctrl+l"}, "ctrl+l", "redraw"),
		Help:        bind([]string{"?"}, "?", "help"),
		Quit:        bind([]string{"q", "ctrl+c"}, "q", "quit"),
		ForceQuit:   bind([]string{"ctrl+c"}, "ctrl+c", "quit"),
		Profile:     bind([]string{"P"}, "P", "profile"),
		Fleet:       bind([]string{"F"}, "F", "fleet"),
		Copy:        bind([]string{"y"}, "y", "copy id"),
		CopyRecord:  bind([]string{"Y"}, "Y", "copy JSON"),
		Export:      bind([]string{"ctrl+s"}, "ctrl+s", "export CSV"),
		Mouse:       bind([]string{"M"}, "M", "mouse"),
		Undo:        bind([]string{"u"}, "u", "undo"),
		Palette:     bind([]string{":", "ctrl+p"}, ":", "command line"),
		CopyCommand: bind([]string{"C"}, "C", "copy as command"),
	}
}

// DefaultListKeys returns the list bindings.
func DefaultListKeys() ListKeys {
	return ListKeys{
		Up:          bind([]string{"up", "k"}, "↑/k", "up"),
		Down:        bind([]string{"down", "j"}, "↓/j", "down"),
		PageUp:      bind([]string{"pgup"}, "pgup", "page up"),
		PageDown:    bind([]string{"pgdown"}, "pgdn", "page down"),
		Top:         bind([]string{"g", "home"}, "g", "top"),
		Bottom:      bind([]string{"G", "end"}, "G", "bottom"),
		PrevPage:    bind([]string{"["}, "[", "prev page"),
		NextPage:    bind([]string{"]"}, "]", "next page"),
		Enter:       bind([]string{"enter"}, "enter", "details"),
		Back:        bind([]string{"esc"}, "esc", "back"),
		Search:      bind([]string{"/"}, "/", "filter"),
		Filter:      bind([]string{"f"}, "f", "filters"),
		Mark:        bind([]string{" "}, "space", "mark"),
		Watch:       bind([]string{"w"}, "w", "watch"),
		Sort:        bind([]string{"o"}, "o", "sort"),
		SortReverse: bind([]string{"O"}, "O", "reverse sort"),
		Longer:      bind([]string{"+", "="}, "+", "longer window"),
		Shorter:     bind([]string{"-"}, "-", "shorter window"),
		Ack:         bind([]string{"c"}, "c", "ack alert"),
	}
}

// DefaultPickerKeys returns the filter picker's bindings.
func DefaultPickerKeys() PickerKeys {
	return PickerKeys{
		FieldPrev: bind([]string{"left", "shift+tab"}, "←", "field"),
		FieldNext: bind([]string{"right", "tab"}, "→", "field"),
		ValuePrev: bind([]string{"up", "k"}, "↑", "value"),
		ValueNext: bind([]string{"down", "j", " "}, "↓", "value"),
		Apply:     bind([]string{"enter", "f"}, "enter", "apply"),
		Cancel:    bind([]string{"esc"}, "esc", "cancel"),
	}
}

// DefaultInputKeys returns the text input's bindings.
func DefaultInputKeys() InputKeys {
	return InputKeys{
		Accept:     bind([]string{"enter"}, "enter", "keep filter"),
		Clear:      bind([]string{"esc"}, "esc", "clear filter"),
		DeleteChar: bind([]string{"backspace"}, "backspace", "delete"),
		DeleteWord: bind([]string{"ctrl+w"}, "ctrl+w", "delete word"),
		Empty:      bind([]string{"ctrl+u"}, "ctrl+u", "clear"),
		Up:         bind([]string{"up"}, "↑", "up"),
		Down:       bind([]string{"down"}, "↓", "down"),
		PageUp:     bind([]string{"pgup"}, "pgup", "page up"),
		PageDown:   bind([]string{"pgdown"}, "pgdn", "page down"),
	}
}

// DefaultDialogKeys returns the dialogs' bindings.
func DefaultDialogKeys() DialogKeys {
	return DialogKeys{
		Confirm:    bind([]string{"y"}, "y", "confirm"),
		Cancel:     bind([]string{"n", "esc"}, "n/esc", "cancel"),
		Submit:     bind([]string{"enter"}, "enter", "confirm when typed"),
		DeleteChar: bind([]string{"backspace"}, "backspace", "delete"),
		Close:      bind([]string{"esc", "enter", "q", " "}, "esc", "close"),
		Reason:     bind([]string{"tab"}, "tab", "reason"),
		Copy:       bind([]string{"c", "ctrl+y"}, "c", "copy command"),
	}
}

// DefaultActionKeys binds the frequent actions; the rest live in the menu.
func DefaultActionKeys() ActionKeys {
	return ActionKeys{
		{"halt", bind([]string{"h"}, "h", "halt")},
		{"suspend", bind([]string{"s"}, "s", "suspend")},
		{"resume", bind([]string{"r"}, "r", "resume")},
		{"archive", bind([]string{"a"}, "a", "archive")},
		{"stop", bind([]string{"x"}, "x", "stop")},
	}
}

// DefaultMenuKeys binds the menu and the actions found only in it.
func DefaultMenuKeys() MenuKeys {
	return MenuKeys{
		Open: bind([]string{"A"}, "A", "actions"),
		Items: ActionKeys{
			{"duplicate", bind([]string{"d"}, "d", "duplicate")},
			{"add-balance", bind([]string{"b"}, "b", "add balance")},
			{"disable", bind([]string{"z"}, "z", "disable")},
			{"disable-all", bind([]string{"K"}, "K", "disable all")},
			{"remove-all", bind([]string{"R"}, "R", "remove all")},
		},
	}
}

// HelpMap is the help of one screen state: what the footer shows (Short) and
// the columns of the full help (Full). It satisfies bubbles/help.KeyMap.
type HelpMap struct {
	Short []key.Binding
	Full  [][]key.Binding
	// Pinned end the footer whatever its width (help and quit): Short is
	// cut to make room for them.
	Pinned []key.Binding
}

// ShortHelp implements help.KeyMap.
func (h HelpMap) ShortHelp() []key.Binding { return h.Short }

// FullHelp implements help.KeyMap.
func (h HelpMap) FullHelp() [][]key.Binding { return h.Full }

// Enabled returns a copy of b enabled or disabled, for building a HelpMap
// without touching the shared key map.
func Enabled(b key.Binding, on bool) key.Binding {
	b.SetEnabled(on && len(b.Keys()) > 0)
	return b
}

// WithDesc returns a copy of b with another help text, e.g. "enter" reads
// "details" on Strategies and "choose" on Users.
func WithDesc(b key.Binding, desc string) key.Binding {
	b.SetHelp(b.Help().Key, desc)
	return b
}

// Hint words bindings as "y confirm · n/esc cancel", skipping disabled ones.
func Hint(bindings ...key.Binding) string {
	parts := make([]string, 0, len(bindings))
	for _, b := range bindings {
		if b.Enabled() && b.Help().Key != "" {
			parts = append(parts, b.Help().Key+" "+b.Help().Desc)
		}
	}
	return strings.Join(parts, " · ")
}

// KeyName is the name a hint shows for a binding ("h").
func KeyName(b key.Binding) string { return b.Help().Key }
