package model

// The misfire fuzzer's key streams: seeded, made of the keys an operator
// types (every action key, the dialogs' answers, digits, escapes, list and
// tab keys, the command line's : and ctrl+p with its prefixes, the undo
// key) grouped as a terminal delivers them: one key per read, bursts of
// several keys in one read, runs of escapes, an escape followed by a key
// (alt+key), bracketed pastes, and resizes below and above the smallest
// frame. Some streams are written to reach a dialog: one opened by its key
// or by a command line, answered, or first hit by a stray key (enter on a
// y/n question, n, a move) as a hurried hand would; a broken dialog is
// found there, not by a lucky seed.

import (
	"math/rand/v2"
	"strings"
	"time"

	"github.com/stratop/stratop/ui"
)

// keyToken is one key as typed: the bytes a terminal sends and the name
// Bubble Tea gives the key the root takes.
type keyToken struct {
	bytes string
	name  string
	// want: type what the open dialog asks to be typed; answer: answer
	// it yes, as its own words say; stray: a key that does not answer it,
	// enter on a y/n question (all resolved when written, as an operator
	// reads the screen).
	want, answer, stray bool
	// ask: down to a strategy that can be suspended or resumed and its
	// key; with line, its command line (": >suspend") instead of the key.
	ask, line bool
	// toList: to the Strategies tab, out of whatever takes the keys there
	// (the command line, the switcher, the help, a text input).
	toList bool
}

// step is one write to the terminal, a resize, or time passing.
type step struct {
	tokens []keyToken
	w, h   int           // a resize when w > 0
	pause  time.Duration // the operator reading the screen
}

// named keys whose bytes differ from their names.
var (
	tokEsc       = keyToken{bytes: "\x1b", name: "esc"}
	tokEnter     = keyToken{bytes: "\r", name: "enter"}
	tokTab       = keyToken{bytes: "\t", name: "tab"}
	tokBackspace = keyToken{bytes: "\x7f", name: "backspace"}
	tokSpace     = keyToken{bytes: " ", name: " "}
	tokUp        = keyToken{bytes: "\x1b[A", name: "up"}
	tokDown      = keyToken{bytes: "\x1b[B", name: "down"}
	tokCtrlU     = keyToken{bytes: "\x15", name: "ctrl+u"}
	tokCtrlR     = keyToken{bytes: "\x12", name: "ctrl+r"}
	tokCtrlP     = keyToken{bytes: "\x10", name: "ctrl+p"}
)

func runeToken(r string) keyToken { return keyToken{bytes: r, name: r} }

// weighted is the alphabet: every action key and the menu's, the
// dialogs' answers, digits (typed ids, and tab numbers on a list), list
// moves, filters, help, the profile switcher, the command line (: and
// ctrl+p, its prefixes) and the undo key. q, ctrl+c and ctrl+s are left
// out: they quit or write files.
var weighted = func() []keyToken {
	var out []keyToken
	add := func(n int, toks ...keyToken) {
		for range n {
			out = append(out, toks...)
		}
	}
	for _, r := range strings.Split("hsrxaAdbzKR", "") {
		add(3, runeToken(r))
	}
	add(8, runeToken("y"))
	add(3, runeToken("n"))
	add(5, tokEnter)
	add(4, tokEsc)
	add(4, runeToken("2"))
	for _, r := range strings.Split("0123456789", "") {
		add(1, runeToken(r))
	}
	for _, r := range strings.Split("jkgG[]o/f?PwM.e,-", "") {
		add(1, runeToken(r))
	}
	add(2, tokDown, tokUp, tokSpace)
	add(1, tokTab, tokBackspace, tokCtrlU, tokCtrlR)
	add(2, runeToken("u"))
	add(1, runeToken(":"), tokCtrlP, runeToken("#"), runeToken(">"), runeToken("@"), runeToken("!"))
	add(6, keyToken{want: true})
	add(10, keyToken{answer: true})
	return out
}()

// The sizes resizes pick from: above the smallest frame (the first three),
// and below it in width, height or both.
var fuzzSizes = [][2]int{{120, 40}, {80, 24}, {100, 30}, {60, 15}, {59, 30}, {120, 14}, {40, 10}}

// genSteps makes n steps from seed.
func genSteps(seed uint64, n int) []step {
	pick := func(rng *rand.Rand) keyToken { return weighted[rng.IntN(len(weighted))] }
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	steps := make([]step, 0, n)
	for len(steps) < n {
		switch x := rng.IntN(100); {
		case x < 2: // switch profiles: to the other one, or back
			move := tokDown
			if rng.IntN(2) == 0 {
				move = tokUp
			}
			steps = append(steps, step{tokens: []keyToken{runeToken("P")}}, step{tokens: []keyToken{move}},
				step{tokens: []keyToken{tokEnter}})
		case x < 3: // a user-wide job from the Users tab: counted, then typed
			steps = append(steps, step{tokens: []keyToken{runeToken("4")}}, step{pause: 40 * time.Millisecond},
				step{tokens: []keyToken{runeToken("A")}}, step{tokens: []keyToken{{answer: true}}},
				step{pause: 40 * time.Millisecond}, step{tokens: []keyToken{{answer: true}}}, step{tokens: []keyToken{runeToken("2")}})
		case x < 6:
			steps = append(steps, step{pause: time.Duration(10+rng.IntN(60)) * time.Millisecond})
		case x < 8: // a resize; a terminal too small is made large again soon
			sz := fuzzSizes[rng.IntN(len(fuzzSizes))]
			steps = append(steps, step{w: sz[0], h: sz[1]})
			if sz[0] < ui.MinWidth || sz[1] < ui.MinHeight {
				for range rng.IntN(4) {
					steps = append(steps, step{tokens: []keyToken{pick(rng)}})
				}
				big := fuzzSizes[rng.IntN(3)]
				steps = append(steps, step{w: big[0], h: big[1]})
			}
		case x < 13: // a run of escapes, maybe with a key after it
			run := make([]keyToken, 1+rng.IntN(4))
			for i := range run {
				run[i] = tokEsc
			}
			if rng.IntN(2) == 0 {
				run = append(run, pick(rng))
			}
			steps = append(steps, step{tokens: run})
		case x < 16:
			steps = append(steps, step{tokens: []keyToken{paste(rng)}})
		case x < 27: // open a dialog and answer it, in one read or two
			const openers = "hsrxasAAu"
			opener := []keyToken{runeToken(string(openers[rng.IntN(len(openers))]))}
			if rng.IntN(2) == 0 { // a y/n question, where enter must not say yes
				opener = []keyToken{{ask: true}}
			}
			switch {
			case opener[0].ask:
				steps = append(steps, step{tokens: []keyToken{{toList: true}}})
			case rng.IntN(2) == 0: // from the Strategies tab
				steps = append(steps, step{tokens: []keyToken{runeToken("2")}})
			}
			if !opener[0].ask && rng.IntN(2) == 0 { // on another row: the one acted on last may allow nothing more
				moves := make([]keyToken, 1+rng.IntN(4))
				for i := range moves {
					moves[i] = runeToken("j")
				}
				steps = append(steps, step{tokens: moves})
			}
			steps = append(steps, dialogSteps(rng, opener)...)
			if opener[0].ask && rng.IntN(3) == 0 { // and taken back
				steps = append(steps, dialogSteps(rng, []keyToken{runeToken("u")})...)
			}
		case x < 34: // a command line, typed and maybe run (and answered)
			steps = append(steps, commandLineSteps(rng)...)
		case x < 52: // a burst in one read
			burst := make([]keyToken, 2+rng.IntN(5))
			for i := range burst {
				burst[i] = pick(rng)
			}
			steps = append(steps, step{tokens: burst})
		default:
			steps = append(steps, step{tokens: []keyToken{pick(rng)}})
		}
	}
	return steps
}

// dialogSteps opens a dialog with opener and answers it (a menu's entry, its
// dialog, a review or the audit override's two steps), or, a quarter of
// the time, leaves it with escape (a change of mind); in one read or one
// read a key. Half the time a stray key lands on the dialog first.
func dialogSteps(rng *rand.Rand, opener []keyToken) []step {
	var answer []keyToken
	if rng.IntN(2) == 0 {
		answer = append(answer, keyToken{stray: true})
	}
	if rng.IntN(4) == 0 {
		answer = append(answer, tokEsc)
	}
	for range 1 + rng.IntN(3) {
		answer = append(answer, keyToken{answer: true})
	}
	if opener[len(opener)-1].name == "A" {
		answer = append(answer, keyToken{answer: true})
	}
	if rng.IntN(3) == 0 {
		return []step{{tokens: append(opener, answer...)}}
	}
	steps := []step{{tokens: opener}}
	for _, a := range answer {
		steps = append(steps, step{tokens: []keyToken{a}})
	}
	return steps
}

// strayKeys are keys that land on a dialog by mistake besides enter on a
// y/n question: none of them may answer it (enter answers only a typed
// confirmation, and only once what it asks for is typed).
var strayKeys = []keyToken{tokEnter, tokEnter, runeToken("n"), tokSpace, tokDown, runeToken("2"), tokTab, runeToken("h")}

// commandWords are what follows a command line's prefix: strategy ids
// (some on no page), users and pools as typed, actions with and without a
// reason, and the views.
var commandWords = []string{"#1", "#7", "#42", "#59", "#300", "#x", "@cust", "@c", "@", "!WETH", "!1", "!",
	">suspend", ">resume", ">halt", ">archive", ">stop", ">dup", ">sus --reason INC-1", `>suspend --reason "a b"`,
	">add-balance", ">disable-all", ">filter status=paused", ">filter chain=8453", ">profile ro", ">profile demo",
	">theme light", ">fleet", ">nope", ">"}

// commandLineSteps opens the command line (: or ctrl+p), types a command into
// it, in one read or one read a key, and then runs it with enter and
// answers what it opened, or leaves it with escape or by tab completion.
func commandLineSteps(rng *rand.Rand) []step {
	open := runeToken(":")
	if rng.IntN(4) == 0 {
		open = tokCtrlP
	}
	typed := []keyToken{open}
	for _, r := range commandWords[rng.IntN(len(commandWords))] {
		typed = append(typed, runeToken(string(r)))
	}
	if rng.IntN(2) == 0 { // the y/n question a strategy on the Strategies tab allows, by its name
		typed = []keyToken{{ask: true, line: true}}
		if rng.IntN(2) == 0 {
			typed = append(typed, []keyToken{tokSpace, runeToken("-"), runeToken("-"), runeToken("r")}...)
			typed = append(typed, tokTab) // completed to --reason, or not: either is a line
		}
	}
	if rng.IntN(5) == 0 {
		typed = append(typed, []keyToken{tokTab, tokDown, tokUp}[rng.IntN(3)])
	}
	var steps []step
	if typed[0].ask {
		steps = append(steps, step{tokens: []keyToken{{toList: true}}})
	}
	if rng.IntN(2) == 0 {
		steps = append(steps, step{tokens: typed})
	} else {
		for _, tok := range typed {
			steps = append(steps, step{tokens: []keyToken{tok}})
		}
	}
	switch rng.IntN(8) {
	case 0, 1:
		return append(steps, step{tokens: []keyToken{tokEsc}})
	case 2:
		return steps // left open: the next keys are typed into it
	}
	return append(steps[:len(steps)-1], dialogSteps(rng, append(steps[len(steps)-1].tokens, tokEnter))...)
}

// paste is a bracketed paste of text an operator might paste into a
// dialog: an answer, digits, an amount.
func paste(rng *rand.Rand) keyToken {
	texts := []string{"y", "12", "1.5", "1e5", "INC-1", "yes", "60"}
	s := texts[rng.IntN(len(texts))]
	return keyToken{bytes: "\x1b[200~" + s + "\x1b[201~", name: "[" + s + "]"}
}

// encode joins the tokens of a write as one read delivers them. An escape
// right before '[' or 'O', or before another escape sequence's start,
// would make a different sequence on any terminal; such a write is split
// there and the rest goes in the next write.
func encode(tokens []keyToken) (writes [][]keyToken) {
	cur := []keyToken{}
	for _, t := range tokens {
		if n := len(cur); n > 0 && strings.HasSuffix(cur[n-1].bytes, "\x1b") &&
			(strings.HasPrefix(t.bytes, "[") || strings.HasPrefix(t.bytes, "O") || strings.HasPrefix(t.bytes, "\x1b[2")) {
			writes = append(writes, cur)
			cur = []keyToken{}
		}
		cur = append(cur, t)
	}
	return append(writes, cur)
}
