package watch

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"golang.org/x/term"

	"github.com/stratop/stratop/internal/text"
	"github.com/stratop/stratop/watch"
)

// Widths of the table's fixed columns: the time, the kind and the change
// ("suspended -> completed"), so the lines of one watch align.
const (
	tableKindWidth   = 19
	tableChangeWidth = 22
)

// tableLine is one event as a line for a person: time, kind, the change,
// then what changed. Texts from the interface are cleaned (text.Clean). Within width
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
	change = text.Clean(change)
	head := text.Clean(fmt.Sprintf("%s  %-*s  %-*s  ", ev.Time.Local().Format("15:04:05"), tableKindWidth, ev.Kind, tableChangeWidth, change))
	var what []text.Field
	switch {
	case ev.Strategy != 0:
		what = []text.Field{{Label: "strategy", Text: strconv.FormatInt(ev.Strategy, 10)},
			{Label: "user", Text: text.Clean(ev.User), Optional: true}, {Text: text.Clean(ev.Pool), Optional: true}}
	case ev.Status != "":
		what = []text.Field{{Text: text.Clean(ev.Status)}}
	case ev.User != "":
		what = []text.Field{{Label: "user", Text: text.Clean(ev.User)}}
	}
	if width <= 0 {
		return strings.TrimRight(head+text.Fields(1<<20, what...), " ")
	}
	room := width - text.Width(head)
	if room < 12 {
		// Too narrow for the aligned columns: the change and the strategy
		// first, then the kind and the time as they fit.
		fs := []text.Field{{Text: ev.Time.Local().Format("15:04:05"), Optional: true}, {Text: string(ev.Kind), Optional: true}, {Text: change}}
		return text.Fields(width, append(fs, what...)...)
	}
	return strings.TrimRight(head+text.Fields(room, what...), " ")
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
