// Package ui is the dashboard's presentation: the palette and Styles, the key
// map and help, and pure render functions (header, tab bar, status line,
// tables, panes, dialogs, the filter picker). It performs no I/O and holds no
// state between frames: package model keeps the state and the caches of what
// these functions return. Every server string reaching ui has already passed
// through text.Clean (model does it once, when a reply arrives).
package ui
