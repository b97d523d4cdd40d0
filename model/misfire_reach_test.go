package model

// What the misfire fuzzer's streams reached. A run whose keys never met a
// y/n question, a confirmation's escape, the command line or the undo
// proves nothing about them: the fuzzer's test requires its CI streams to
// reach each, and the planted-bug test says how often its broken dialog
// was met, so that a change of the streams that starves the dialogs fails
// rather than passing quietly.

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// reach counts, over a run's trace, what the keys met.
type reach struct {
	commandLineKeys int // keys the open command line took
	fromCommandLine int // dialogs a command line opened (its enter)
	fromUndo        int // dialogs the undo key opened
	enterOnYesNo    int // enters on a y/n question (which must not say yes)
	escOnConfirm    int // escapes on an open confirmation (which must close it)
	// takenBy counts the keys by what took them: a dialog by kind, the
	// command line, the switcher, the help, a text input, a tab by number.
	takenBy map[string]int
}

// tally reads a run's trace.
func tally(events []traceEvent) reach {
	r := reach{takenBy: map[string]int{}}
	prev := traceEvent{tab: -1}
	for _, ev := range events {
		if ev.key == "" {
			prev = ev
			continue
		}
		opened := acts(ev.shown) && !sameDialog(ev.shown, ev.before)
		switch {
		case ev.before.kind != "":
			r.takenBy["dialog "+ev.before.kind]++
		case prev.palette:
			r.takenBy["command line"]++
			r.commandLineKeys++
			if opened && ev.key == "enter" {
				r.fromCommandLine++
			}
		case prev.switcher:
			r.takenBy["switcher"]++
		case prev.help:
			r.takenBy["help"]++
		case prev.capturing:
			r.takenBy["text input"]++
		default:
			r.takenBy["tab "+strconv.Itoa(prev.tab+1)]++
			if opened && ev.key == "u" {
				r.fromUndo++
			}
		}
		switch {
		case ev.key == "enter" && yesNo(ev.before):
			r.enterOnYesNo++
		case ev.key == "esc" && ev.before.kind == "confirm":
			r.escOnConfirm++
		}
		prev = ev
	}
	return r
}

// add sums two tallies.
func (r reach) add(o reach) reach {
	sum := reach{commandLineKeys: r.commandLineKeys + o.commandLineKeys, fromCommandLine: r.fromCommandLine + o.fromCommandLine,
		fromUndo: r.fromUndo + o.fromUndo, enterOnYesNo: r.enterOnYesNo + o.enterOnYesNo, escOnConfirm: r.escOnConfirm + o.escOnConfirm,
		takenBy: maps.Clone(r.takenBy)}
	if sum.takenBy == nil {
		sum.takenBy = map[string]int{}
	}
	for k, n := range o.takenBy {
		sum.takenBy[k] += n
	}
	return sum
}

// missing names what the tally never reached.
func (r reach) missing() []string {
	var out []string
	for _, c := range []struct {
		n    int
		what string
	}{{r.commandLineKeys, "a key typed into the command line"}, {r.fromCommandLine, "a dialog opened by a command line"},
		{r.fromUndo, "a dialog opened by the undo key"}, {r.enterOnYesNo, "enter on a y/n question"},
		{r.escOnConfirm, "an escape on a confirmation"}} {
		if c.n == 0 {
			out = append(out, c.what)
		}
	}
	return out
}

func (r reach) String() string {
	keys := slices.Sorted(maps.Keys(r.takenBy))
	by := make([]string, len(keys))
	for i, k := range keys {
		by[i] = k + ":" + strconv.Itoa(r.takenBy[k])
	}
	return fmt.Sprintf("%d keys in the command line, %d dialogs from it, %d from undo, %d enters on a y/n question, %d escapes on a confirmation; keys taken by %s",
		r.commandLineKeys, r.fromCommandLine, r.fromUndo, r.enterOnYesNo, r.escOnConfirm, strings.Join(by, " "))
}
