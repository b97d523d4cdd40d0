package watch

// `stratop watch -o table`: one event per line for a person, under a
// header. The time, the kind and the change are aligned columns; what
// changed (strategy, user, pool) follows. Where the line would not fit the
// terminal, what changed flows onto continuation lines indented under the
// kind, and an id longer than a whole line is broken across lines: nothing
// is ever left out or cut, because the user and the pool are what an
// operator acts on.

import (
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"
	"golang.org/x/term"

	"github.com/stratop/stratop/internal/text"
	"github.com/stratop/stratop/watch"
)

// Widths of the table's columns, so the lines of one watch align: the time,
// the kind ("connection.restored") and the change ("suspended -> completed").
const (
	watchTimeWidth   = 8
	watchKindWidth   = 19
	watchChangeWidth = 22
	watchGap         = "  "
	// watchIndent is where continuation lines start: under the kind.
	watchIndent = watchTimeWidth + len(watchGap)
)

// tableHeader is the table's header, laid out as its lines are.
func tableHeader(width int) string {
	return strings.Join(watchRows("TIME", "KIND", "CHANGE", []string{"WHAT"}, width), "\n")
}

// tableLine is one event as one or more lines (joined with "\n")
// within width cells (0: no limit, one line). Texts from the interface are
// cleaned (text.Clean).
func tableLine(ev watch.Event, width int) string {
	change := ev.After
	if ev.Before != "" {
		change = ev.Before + " -> " + ev.After
	}
	if ev.Detail != "" {
		change = strings.TrimSpace(change + " " + ev.Detail)
	}
	var what []string
	labelled := func(label, s string) {
		if s = text.Clean(s); s != "" {
			what = append(what, label+" "+s)
		}
	}
	switch {
	case ev.Strategy != 0:
		labelled("strategy", strconv.FormatInt(ev.Strategy, 10))
		labelled("user", ev.User)
		labelled("pool", ev.Pool)
	case ev.Status != "":
		what = append(what, text.Clean(ev.Status))
	case ev.User != "":
		labelled("user", ev.User)
	}
	return strings.Join(watchRows(ev.Time.Local().Format("15:04:05"), text.Clean(string(ev.Kind)), text.Clean(change), what, width), "\n")
}

// watchRows lays out one line of the table. When the aligned columns fit,
// what follows them and flows onto lines indented under the kind; when they
// do not, every part flows from the left edge.
func watchRows(at, kind, change string, what []string, width int) []string {
	head := pad(at, watchTimeWidth) + watchGap + pad(kind, watchKindWidth) + watchGap + pad(change, watchChangeWidth) + watchGap
	if width <= 0 {
		return []string{strings.TrimRight(head+strings.Join(what, watchGap), " ")}
	}
	if text.Width(head) <= width {
		// The change keeps its padding when something follows it, so that
		// what changed starts in one column on every line.
		rows := flow(strings.TrimSuffix(head, watchGap), what, watchIndent, width)
		rows[0] = strings.TrimRight(rows[0], " ")
		return rows
	}
	return flow("", append([]string{at, kind, change}, what...), len(watchGap), width)
}

func pad(s string, w int) string {
	if n := text.Width(s); n < w {
		return s + strings.Repeat(" ", w-n)
	}
	return s
}

// flow appends parts to first, two spaces apart, starting a line indented
// by indent cells when a part does not fit; a part wider than a whole
// line is broken across lines. An empty first line takes the first part
// at the left edge.
func flow(first string, parts []string, indent, width int) []string {
	var lines []string
	cur, curIndent := first, 0
	for _, p := range parts {
		sep := watchGap
		if cur == "" {
			sep = ""
		}
		if text.Width(cur)+len(sep)+text.Width(p) <= width {
			cur += sep + p
			continue
		}
		if cur != "" {
			lines = append(lines, cur)
			cur, curIndent = "", indent
		}
		pieces := strings.Split(ansi.Hardwrap(p, max(width-curIndent, 1), true), "\n")
		for _, piece := range pieces[:len(pieces)-1] {
			lines = append(lines, strings.Repeat(" ", curIndent)+piece)
			curIndent = indent
		}
		cur = strings.Repeat(" ", curIndent) + pieces[len(pieces)-1]
	}
	return append(lines, cur)
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
