package model

// The one text input of the dashboard: the users filter and the typed
// confirmations both use it. bubbles/textinput would pull in clipboard I/O
// (ctrl+v runs a clipboard command in Update) and a blinking cursor that
// ticks while idle; neither is wanted here: runes append at the end, the
// input's bindings delete and clear. Pasted text arrives as runes and is
// appended like typing; a rune a filter does not accept is dropped.

import (
	"strings"
	"unicode"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/ui"
)

type lineInput struct {
	focused bool
	value   []rune
	limit   int             // most runes kept
	accept  func(rune) bool // which runes may be typed
}

func newLineInput(limit int, accept func(rune) bool) lineInput {
	return lineInput{limit: limit, accept: accept}
}

func (in lineInput) Value() string { return string(in.value) }

// update applies a key; it reports whether the value changed.
func (in lineInput) update(msg tea.KeyMsg, k ui.InputKeys) (lineInput, bool) {
	switch {
	case msg.Type == tea.KeyRunes || msg.Type == tea.KeySpace:
		add := make([]rune, 0, len(msg.Runes))
		for _, r := range msg.Runes {
			if unicode.IsPrint(r) && (in.accept == nil || in.accept(r)) {
				add = append(add, r)
			}
		}
		if len(add) == 0 || len(in.value) >= in.limit {
			return in, false
		}
		add = add[:min(len(add), in.limit-len(in.value))]
		in.value = append(in.value[:len(in.value):len(in.value)], add...)
		return in, true
	case key.Matches(msg, k.DeleteChar):
		if len(in.value) == 0 {
			return in, false
		}
		in.value = in.value[: len(in.value)-1 : len(in.value)-1]
		return in, true
	case key.Matches(msg, k.DeleteWord):
		s := strings.TrimRightFunc(string(in.value), unicode.IsSpace)
		i := strings.LastIndexFunc(s, unicode.IsSpace)
		in.value = []rune(s[:i+1])
		return in, true
	case key.Matches(msg, k.Empty):
		changed := len(in.value) > 0
		in.value = nil
		return in, changed
	}
	return in, false
}
