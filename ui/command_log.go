package ui

import (
	"strconv"
	"strings"
	"time"
)

// CommandLogLine is one request the program sent, as the command log
// shows it.
type CommandLogLine struct {
	At      time.Time
	Outcome string // "done", "failed: why", "in flight", "outcome unknown (why)"
	Command string // the stratop line that does the same
	Call    string // the HTTP request: method, path, body
}

// CommandLogTitle heads the command log.
const CommandLogTitle = "Command log: what this program sent, newest first"

// CommandLogEmpty is the command log before this program sent anything.
const CommandLogEmpty = "Nothing sent yet by this program to this integration."

// CommandLog draws lines, newest first, in width columns and at most
// height rows. A command or call longer than a row wraps onto the next
// ones, indented; entries that do not fit are counted on the last row,
// never dropped silently.
func CommandLog(s *Styles, lines []CommandLogLine, width, height int) string {
	rows := []string{s.PaneTitle.Render(CutTo(CommandLogTitle, width)), ""}
	if len(lines) == 0 {
		rows = append(rows, s.Muted.Render(CutTo(CommandLogEmpty, width)))
	}
	inner := max(width-4, 8)
	for i, l := range lines {
		entry := []string{s.Muted.Render(CutTo(l.At.Format("15:04:05")+"  "+l.Outcome, width))}
		for _, part := range []string{l.Command, l.Call} {
			for _, w := range WrapWords(part, inner) {
				entry = append(entry, "    "+w)
			}
		}
		if len(rows)+len(entry) > height-1 {
			rows = append(rows, s.Muted.Render(CutTo("… "+strconv.Itoa(len(lines)-i)+" older not shown", width)))
			break
		}
		rows = append(rows, entry...)
	}
	return strings.Join(rows, "\n")
}

// CutTo shortens s to width runes, ending in an ellipsis when it cut.
func CutTo(s string, width int) string {
	r := []rune(s)
	if width <= 0 || len(r) <= width {
		return s
	}
	return string(r[:max(width-1, 0)]) + "…"
}
