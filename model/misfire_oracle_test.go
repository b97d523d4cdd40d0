package model

// The misfire fuzzer's oracle. It reads what the sandbox received, not the
// screen: every state-changing request must match a confirmation the
// dashboard showed for exactly that target (strategy, user, or each of the
// marked ids it named; for add-balance, the amount its review showed),
// confirmed by that dialog's own key, typed after the key that opened it,
// with no escape between, while the frame was large enough to draw it, and
// in a profile that is not read-only. The trace says what was shown; the
// oracle decides itself what a key means: an escape closes, y answers a
// y/n dialog, enter answers a typed one only when what was typed since it
// opened is what it asked for. An escape closes every layer that takes
// the keys: a dialog, the switcher, the help, a text input, the command
// line (whose history search it ends first).

import (
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/stratop/stratop/ui"
)

// routeOf maps an action to the path its request takes (a suffix).
var routeOf = map[string]string{
	"halt": "/halt", "archive": "/archive", "suspend": "/suspendStrategy", "resume": "/resumeStrategy",
	"stop": "/stopStrategy", "disable": "/disableStrategy", "add-balance": "/changeBalance",
	"duplicate": "/duplicateStrategy", "disable-all": "/disableAllStrategies", "remove-all": "/removeAllStrategies",
}

// allowance is one confirmation: what it lets the server receive.
type allowance struct {
	d        shownDialog
	override bool    // confirmed through the unaudited override
	at       int     // index of the confirming key among the keys taken
	left     []int64 // bulk: the ids not yet received
	used     bool
}

// belief is a dialog the oracle holds open: opened by a key it saw.
type belief struct {
	d      shownDialog
	opened int
	typed  []rune
}

type oracle struct {
	readOnly map[string]bool // profiles that must receive nothing
	// auditBroken: the audit log cannot be written, so only the override
	// may send.
	auditBroken bool
	violations  []string
	allowances  []*allowance
}

func sameDialog(a, b shownDialog) bool {
	return a.kind == b.kind && a.action == b.action && a.strategy == b.strategy && a.user == b.user &&
		slices.Equal(a.ids, b.ids) && a.amount == b.amount
}

// acts reports whether a dialog can lead to a request.
func acts(d shownDialog) bool {
	switch d.kind {
	case "confirm", "balance", "review", "job":
		return true
	case "result":
		return d.retry
	}
	return false
}

func (o *oracle) fail(i int, ev traceEvent, what string) {
	o.violations = append(o.violations, "key "+strconv.Itoa(i)+" ("+strconv.Quote(ev.key)+"): "+what)
}

// run replays the trace.
func (o *oracle) run(events []traceEvent) {
	var b *belief
	sizeOK, keys := false, 0
	var prevAfter shownDialog
	var prev traceEvent
	for _, ev := range events {
		if ev.key == "" {
			sizeOK = ev.width >= ui.MinWidth && ev.height >= ui.MinHeight
			if !sizeOK {
				b = nil
			}
			prevAfter, prev = ev.shown, ev
			continue
		}
		i := keys
		keys++
		before, after := ev.before, ev.shown
		if b != nil && !sameDialog(before, b.d) {
			b = nil // the dashboard closed it
		}
		if b == nil && acts(before) && !sameDialog(before, prevAfter) {
			// Opened between keys: only a result (after an answer) or a
			// job's confirmation (after its count) may.
			if before.kind == "result" || before.kind == "job" {
				b = &belief{d: before, opened: i}
			} else {
				o.fail(i, ev, "a "+before.kind+" dialog for "+before.action+" appeared without a key")
			}
		}
		ro := o.readOnly[ev.profile]
		if b != nil {
			switch {
			case ev.key == "esc":
				b = nil
			case o.confirms(b, before, ev.key):
				if ro {
					o.fail(i, ev, "confirmed in the read-only profile "+ev.profile)
				}
				o.allowances = append(o.allowances, &allowance{d: b.d, at: i, left: slices.Clone(b.d.ids),
					override: before.override == ui.OverrideConfirm})
				b = nil
			default:
				b.typed = typeInto(b.typed, b.d, before, ev.key)
			}
		}
		lineLeft := ev.palette && before.kind == "" && !prev.paletteSearch
		if ev.key == "esc" && !ev.hidden && (after.kind != "" || ev.switcher || ev.help || ev.capturing || lineLeft) {
			o.fail(i, ev, "an escape left open: "+describe(ev))
		}
		if ev.key != "esc" && acts(after) && (b == nil || !sameDialog(after, b.d)) {
			switch {
			case ev.hidden || !sizeOK:
				o.fail(i, ev, "a dialog opened while the frame could not be drawn")
			case ro && after.kind != "result":
				o.fail(i, ev, "a dialog opened in the read-only profile "+ev.profile)
			}
			b = &belief{d: after, opened: i}
		}
		prevAfter, prev = after, ev
	}
}

// confirms reports whether key answers yes to the dialog held open, by
// the dialog's own key.
func (o *oracle) confirms(b *belief, before shownDialog, key string) bool {
	switch {
	case before.override == ui.OverrideConfirm:
		return key == "y" // reached only by typing the target again
	case before.editing || before.override != ui.OverrideNone:
		return false // the reason field or the override takes the keys
	}
	switch d := b.d; {
	case d.kind == "confirm" && d.want == "", d.kind == "review", d.kind == "result":
		return key == "y"
	case d.kind == "confirm", d.kind == "job":
		return key == "enter" && string(b.typed) == d.want
	}
	return false
}

// typeInto applies a key to what was typed into a typed confirmation.
func typeInto(typed []rune, d, before shownDialog, key string) []rune {
	if d.want == "" || before.editing || before.override != ui.OverrideNone {
		return typed
	}
	accept := func(r rune) bool { return unicode.IsDigit(r) }
	if d.kind == "job" {
		accept = unicode.IsPrint
	}
	switch {
	case key == "backspace":
		if len(typed) > 0 {
			typed = typed[:len(typed)-1]
		}
	case key == "ctrl+u":
		typed = nil
	case strings.HasPrefix(key, "[") && strings.HasSuffix(key, "]") && len(key) > 2: // a paste
		for _, r := range key[1 : len(key)-1] {
			if accept(r) {
				typed = append(typed, r)
			}
		}
	case len([]rune(key)) == 1 && accept([]rune(key)[0]):
		typed = append(typed, []rune(key)[0])
	case key == " " && d.kind == "job":
		typed = append(typed, ' ')
	}
	return typed
}

func describe(ev traceEvent) string {
	switch {
	case ev.shown.kind != "":
		return "the " + ev.shown.kind + " dialog " + ev.shown.action
	case ev.switcher:
		return "the profile switcher"
	case ev.help:
		return "the help"
	case ev.palette:
		return "the command line"
	}
	return "a filter or text input"
}

// match checks every request received against the allowances.
func (o *oracle) match(posts []received) {
	for _, p := range posts {
		if !o.take(p) {
			o.violations = append(o.violations, "the sandbox received "+p.path+" for strategy "+itoa(p.strategy)+
				" user "+strconv.Quote(p.user)+" amount "+strconv.Quote(p.amount)+" after key "+strconv.Itoa(p.seq)+
				" with no confirmation of it")
		}
	}
}

func (o *oracle) take(p received) bool {
	for _, a := range o.allowances {
		d := a.d
		if a.at >= p.seq || !strings.HasSuffix(p.path, routeOf[d.action]) || o.auditBroken && !a.override {
			continue
		}
		switch {
		case d.kind == "job":
			if !a.used && p.user == d.user {
				a.used = true
				return true
			}
		case len(d.ids) > 0:
			if i := slices.Index(a.left, p.strategy); i >= 0 {
				a.left = slices.Delete(a.left, i, i+1)
				return true
			}
		case !a.used && p.strategy == d.strategy && (d.action != "add-balance" || p.amount == d.amount):
			a.used = true
			return true
		}
	}
	return false
}
