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
	// selected says the whole text is selected, as when a filter is
	// opened again: typing replaces it and a delete key clears it.
	selected bool
	value    []rune
	limit    int             // most runes kept
	accept   func(rune) bool // which runes may be typed
}

func newLineInput(limit int, accept func(rune) bool) lineInput {
	return lineInput{limit: limit, accept: accept}
}

func (in lineInput) Value() string { return string(in.value) }

// focus gives the input the keys with its text, if any, selected.
func (in lineInput) focus() lineInput {
	in.focused, in.selected = true, len(in.value) > 0
	return in
}

// update applies a key; over a selected text a rune replaces it and a
// delete key clears it. It reports whether the value changed.
func (in lineInput) update(msg tea.KeyMsg, k ui.InputKeys) (lineInput, bool) {
	if !in.selected {
		return in.edit(msg, k)
	}
	in.selected = false
	switch {
	case msg.Type == tea.KeyRunes || msg.Type == tea.KeySpace:
		old := in.Value()
		in.value = nil
		in, _ = in.edit(msg, k)
		return in, in.Value() != old
	case key.Matches(msg, k.DeleteChar, k.DeleteWord, k.Empty):
		changed := len(in.value) > 0
		in.value = nil
		return in, changed
	}
	return in.edit(msg, k)
}

// edit applies a key at the end of the text; it reports whether the
// value changed.
func (in lineInput) edit(msg tea.KeyMsg, k ui.InputKeys) (lineInput, bool) {
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
