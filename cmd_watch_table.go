package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"golang.org/x/term"

	"github.com/stratop/stratop/ui"
	"github.com/stratop/stratop/watch"
)

// Widths of the table's fixed columns: the time, the kind and the change
// ("suspended -> completed"), so the lines of one watch align.
const (
	tableKindWidth   = 19
	tableChangeWidth = 22
)

// tableLine is one event as a line for a person: time, kind, the change,
// then what changed. Texts from the interface are sanitised. Within width
// cells (0: no limit) it never wraps: what changed gives way first, its
// pool, then its user; the strategy's id is kept whole.
func tableLine(ev watch.Event, width int) string {
	change := ev.After
	if ev.Before != "" {
		change = ev.Before + " -> " + ev.After
	}
	if ev.Detail != "" {
		change = strings.TrimSpace(change + " " + ev.Detail)
	}
	head := cleanLine(fmt.Sprintf("%s  %-*s  %-*s  ", ev.Time.Local().Format("15:04:05"), tableKindWidth, ev.Kind, tableChangeWidth, change))
	var what []ui.Field
	switch {
	case ev.Strategy != 0:
		what = []ui.Field{{Label: "strategy", Text: strconv.FormatInt(ev.Strategy, 10)},
			{Label: "user", Text: cleanLine(ev.User), Optional: true}, {Text: cleanLine(ev.Pool), Optional: true}}
	case ev.Status != "":
		what = []ui.Field{{Text: cleanLine(ev.Status)}}
	case ev.User != "":
		what = []ui.Field{{Label: "user", Text: cleanLine(ev.User)}}
	}
	if width <= 0 {
		return strings.TrimRight(head+ui.FitFields(1<<20, what...), " ")
	}
	room := width - ui.Width(head)
	if room < 12 {
		// Too narrow for the aligned columns: the change and the strategy
		// first, then the kind and the time as they fit.
		fs := []ui.Field{{Text: ev.Time.Local().Format("15:04:05"), Optional: true}, {Text: string(ev.Kind), Optional: true}, {Text: cleanLine(change)}}
		return ui.FitFields(width, append(fs, what...)...)
	}
	return strings.TrimRight(head+ui.FitFields(room, what...), " ")
}

// terminalWidth is the columns of out when it is a terminal, else 0.
func terminalWidth(out io.Writer) int {
	f, ok := out.(*os.File)
	if !ok {
		return 0
	}
	w, _, err := term.GetSize(int(f.Fd()))
	if err != nil {
		return 0
	}
	return w
}

// cleanLine drops control characters, so a hostile text cannot move the
// cursor of the terminal the table is read on.
func cleanLine(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) {
			return -1
		}
		return r
	}, s)
}
