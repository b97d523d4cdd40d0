package model

// A one-line text input for filter-as-you-type. bubbles/textinput would pull
// in clipboard I/O (ctrl+v runs a clipboard command in Update) and a blinking
// cursor that ticks while idle; a filter needs neither: runes append at the
// end, backspace and ctrl+w delete, ctrl+u clears. Pasted text arrives as
// runes and is appended like typing.

import (
	"strings"
	"unicode"

	tea "github.com/charmbracelet/bubbletea"
)

// maxInputRunes bounds the typed filter.
const maxInputRunes = 128

type lineInput struct {
	focused bool
	value   []rune
}

func (in lineInput) Value() string { return string(in.value) }

// update applies a key; it reports whether the value changed.
func (in lineInput) update(msg tea.KeyMsg) (lineInput, bool) {
	switch msg.Type {
	case tea.KeyRunes, tea.KeySpace:
		add := make([]rune, 0, len(msg.Runes))
		for _, r := range msg.Runes {
			if unicode.IsPrint(r) {
				add = append(add, r)
			}
		}
		if len(add) == 0 || len(in.value) >= maxInputRunes {
			return in, false
		}
		add = add[:min(len(add), maxInputRunes-len(in.value))]
		in.value = append(in.value[:len(in.value):len(in.value)], add...)
		return in, true
	case tea.KeyBackspace:
		if len(in.value) == 0 {
			return in, false
		}
		in.value = in.value[: len(in.value)-1 : len(in.value)-1]
		return in, true
	case tea.KeyCtrlW:
		s := strings.TrimRightFunc(string(in.value), unicode.IsSpace)
		i := strings.LastIndexFunc(s, unicode.IsSpace)
		in.value = []rune(s[:i+1])
		return in, true
	case tea.KeyCtrlU:
		changed := len(in.value) > 0
		in.value = nil
		return in, changed
	}
	return in, false
}
