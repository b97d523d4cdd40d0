package model

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// Bubble Tea v1 reports an escape and the key after it in one read as that
// key with Alt: "\x1b\x1b" is alt+esc, "\x1by" alt+y, "\x1b\x1b[A" alt+up.
func TestSplitKeysTakesAltAsEscapeThenKey(t *testing.T) {
	cases := []struct {
		in   tea.KeyMsg
		want string
	}{
		{tea.KeyMsg{Type: tea.KeyEsc, Alt: true}, "esc esc"},
		{tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("y"), Alt: true}, "esc y"},
		{tea.KeyMsg{Type: tea.KeyUp, Alt: true}, "esc up"},
		{tea.KeyMsg{Type: tea.KeyEnter, Alt: true}, "esc enter"},
		{tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("hy")}, "h y"},
		{tea.KeyMsg{Type: tea.KeyEsc}, "esc"},
		{tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("12"), Paste: true}, "[12]"},
	}
	for _, tc := range cases {
		var got []string
		for _, k := range SplitKeys(tc.in) {
			got = append(got, k.String())
		}
		if strings.Join(got, " ") != tc.want {
			t.Errorf("%q split into %q, want %q", tc.in.String(), got, tc.want)
		}
	}
}
