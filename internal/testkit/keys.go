// Package testkit is what the program tests of every package share: key
// messages by name, a probe that keeps the latest frame, waiting for a
// frame, and a counting client of the interface.
package testkit

import tea "github.com/charmbracelet/bubbletea"

// Key is the key message for a key name ("down", "enter", "esc", "tab",
// "ctrl+r", "space", "backspace", "pgdown", "left", "right") or, for
// anything else, one message holding the runes, as Bubble Tea v1 delivers
// printable keys that arrive in one read.
func Key(name string) tea.KeyMsg {
	if t, ok := named[name]; ok {
		msg := tea.KeyMsg{Type: t}
		if t == tea.KeySpace {
			msg.Runes = []rune{' '}
		}
		return msg
	}
	return Runes(name)
}

// Runes is one message holding every rune of s.
func Runes(s string) tea.KeyMsg { return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)} }

var named = map[string]tea.KeyType{
	"down": tea.KeyDown, "up": tea.KeyUp, "left": tea.KeyLeft, "right": tea.KeyRight,
	"enter": tea.KeyEnter, "esc": tea.KeyEsc, "tab": tea.KeyTab, "ctrl+r": tea.KeyCtrlR, "ctrl+l": tea.KeyCtrlL, "ctrl+c": tea.KeyCtrlC,
	"space": tea.KeySpace, "backspace": tea.KeyBackspace, "pgdown": tea.KeyPgDown, "pgup": tea.KeyPgUp,
}
