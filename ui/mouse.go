package ui

import "strconv"

// TabAt is the index of the tab drawn at column x of TabBar(st, titles,
// active, ...), or -1 between or after the tabs.
func TabAt(st Styles, titles []string, active, x int) int {
	left := 0
	for i, t := range titles {
		label := strconv.Itoa(i+1) + " " + t
		var w int
		if i == active {
			w = Width(st.TabActive.Render("[" + label + "]"))
		} else {
			w = Width(st.Tab.Render(" " + label + " "))
		}
		if x >= left && x < left+w {
			return i
		}
		left += w + 1
	}
	return -1
}
