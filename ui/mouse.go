package ui

import "github.com/stratop/stratop/internal/text"

// TabAt is the index of the tab drawn at column x of TabBar(st, titles,
// active, ...), or -1 between or after the tabs.
func TabAt(st Styles, titles []string, active, x int) int {
	left := 0
	for i, t := range titles {
		w := text.Width(tabLabel(st, i, t, active))
		if x >= left && x < left+w {
			return i
		}
		left += w + 1
	}
	return -1
}
