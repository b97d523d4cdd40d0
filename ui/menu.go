package ui

// The words of the action menu: one line per action allowed now, "KEY
// label (what it does)", so an operator sees the effect before choosing.

import (
	"strconv"
	"strings"

	"github.com/stratop/stratop/internal/text"
)

// MenuItem is one line of the action menu.
type MenuItem struct {
	Key    string // the key that chooses it
	Label  string
	Effect string
}

// NoticeMenuEmpty says the menu has nothing to offer.
const NoticeMenuEmpty = "no action is allowed now for the selection"

// menuWidth is the width menu lines wrap at: the narrowest dialog's inner
// width, so an effect is never cut off.
const menuWidth = 70

// MenuLines are "K  label  (effect)", the key padded to keyWidth; what
// does not fit in menuWidth continues below, indented past the key.
func MenuLines(it MenuItem, keyWidth int) []string {
	k := it.Key + strings.Repeat(" ", max(keyWidth-text.Width(it.Key), 0))
	text := it.Label
	if it.Effect != "" {
		text += "  (" + it.Effect + ")"
	}
	indent := strings.Repeat(" ", keyWidth+2)
	wrapped := WrapWords(text, menuWidth-len(indent)-1) // one more for the label's second space
	if len(wrapped) == 0 {
		return []string{k}
	}
	// WrapWords joins words with one space; keep the label's two.
	if first, rest, ok := strings.Cut(wrapped[0], " ("); ok && strings.HasPrefix(text, first+"  (") {
		wrapped[0] = first + "  (" + rest
	}
	lines := []string{k + "  " + wrapped[0]}
	for _, w := range wrapped[1:] {
		lines = append(lines, indent+w)
	}
	return lines
}

// ActionMenu words the menu for what it acts on (MenuSubject...).
func ActionMenu(subject string, items []MenuItem, keys DialogKeys) Dialog {
	width := 1
	for _, it := range items {
		width = max(width, text.Width(it.Key))
	}
	lines := make([]string, 0, 2*len(items))
	for _, it := range items {
		lines = append(lines, MenuLines(it, width)...)
	}
	return Dialog{Title: "Actions for " + subject, Lines: lines,
		Hint: "press a key to choose · " + Hint(WithDesc(keys.Cancel, "close"))}
}

// MenuSubjectStrategy names one strategy in the menu's title.
func MenuSubjectStrategy(id int64, status string) string {
	return "strategy " + strconv.FormatInt(id, 10) + " (" + status + ")"
}

// MenuSubjectUser names the chosen user in the menu's title.
func MenuSubjectUser(user string) string { return "user " + user }

// MarkedCount is "7 strategies" or "7 strategies, 2 not shown".
func MarkedCount(n, hidden int) string {
	s := strconv.Itoa(n) + " strategies"
	if n == 1 {
		s = "1 strategy"
	}
	if hidden > 0 {
		s += ", " + strconv.Itoa(hidden) + " not shown"
	}
	return s
}
