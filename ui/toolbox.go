package ui

// Wording of the operator's toolbox in the status line: copy (OSC 52),
// export (CSV), sort and mouse.

import (
	"path/filepath"
	"strconv"

	"github.com/stratop/stratop/internal/text"
)

// NoticeCopied says what a copy wrote: "copied strategy id, 3 bytes". No
// terminal answers an OSC 52 write, so it always says what must allow it;
// inside tmux the passthrough must be on too.
func NoticeCopied(n int, what, mux string) string {
	unit := " bytes"
	if n == 1 {
		unit = " byte"
	}
	s := "copied " + what + ", " + strconv.Itoa(n) + unit
	switch mux {
	case "tmux":
		return s + " · needs OSC 52 and tmux allow-passthrough"
	case "screen":
		return s + " · the terminal behind screen must allow OSC 52"
	}
	return s + " · the terminal must allow OSC 52"
}

// NoticeCopyTooLarge refuses a record over the limit.
func NoticeCopyTooLarge(n, limit int) string {
	return "not copied: the record is " + strconv.Itoa(n) + " bytes, over the " + strconv.Itoa(limit/1024) + " KB limit"
}

// NoticeCopyFailed says the terminal write failed.
func NoticeCopyFailed(err string) string { return "not copied: " + text.Clean(err) }

// Notices of the toolbox that need no value.
const (
	NoticeNothingToCopy   = "nothing to copy here"
	NoticeNoTerminal      = "copy needs the terminal: not available here"
	NoticeNothingToExport = "nothing to export here"
	NoticeExportBusy      = "an export is already running"
	NoticeMouseOn         = "mouse on: wheel scrolls, click selects (shift+drag selects text)"
	NoticeMouseOff        = "mouse off: the terminal selects text"
)

// NoticeExporting is the progress line of a paged export.
func NoticeExporting(page, pages, rows int) string {
	return "exporting: page " + strconv.Itoa(page) + " of " + strconv.Itoa(max(pages, page)) + ", " + strconv.Itoa(rows) + " rows…"
}

// NoticeExported names the file written, its name first so that a narrow
// status line cuts the directory rather than the name.
func NoticeExported(rows int, path string) string {
	dir, name := filepath.Split(path)
	s := "exported " + strconv.Itoa(rows) + " rows to " + text.Clean(name)
	if dir = filepath.Clean(dir); dir != "." {
		s += " in " + text.Clean(dir)
	}
	return s
}

// NoticeExportFailed says why no file was written.
func NoticeExportFailed(err string) string { return "export failed: " + text.Clean(err) }

// NoticeServerSorted says which order the server was asked for.
func NoticeServerSorted(order string) string { return "sorted by the server: " + order }

// NoticeSorted says how a list is sorted now.
func NoticeSorted(column string, desc bool) string {
	if column == "" {
		return "sorted as the server sends"
	}
	dir := "ascending"
	if desc {
		dir = "descending"
	}
	return "sorted by " + column + ", " + dir
}
