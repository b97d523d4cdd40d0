package model

// The misfire fuzzer's key streams: seeded, made of the keys an operator
// types (every action key, the dialogs' answers, digits, escapes, list and
// tab keys) grouped as a terminal delivers them: one key per read, bursts
// of several keys in one read, runs of escapes, an escape followed by a
// key (alt+key), bracketed pastes, and resizes below and above the
// smallest frame.

import (
	"math/rand/v2"
	"slices"
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
	// it yes, as its own words say (both resolved when written, as an
	// operator reads the screen).
	want, answer bool
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
)

func runeToken(r string) keyToken { return keyToken{bytes: r, name: r} }

// weighted is the alphabet: every action key and the menu's, the
// dialogs' answers, digits (typed ids, and tab numbers on a list), list
// moves, filters, help, the profile switcher. q, ctrl+c and ctrl+s are
// left out: they quit or write files.
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
	add(6, keyToken{want: true})
	add(10, keyToken{answer: true})
	return out
}()

// The sizes resizes pick from: above the smallest frame (the first three),
// and below it in width, height or both.
var fuzzSizes = [][2]int{{120, 40}, {80, 24}, {100, 30}, {60, 15}, {59, 30}, {120, 14}, {40, 10}}

// genSteps makes n steps from seed, over the alphabet and extra (a key
// a run adds: the same seed without extra makes the same steps as ever).
func genSteps(seed uint64, n int, extra ...keyToken) []step {
	alphabet := weighted
	if len(extra) > 0 {
		alphabet = slices.Concat(weighted, extra)
	}
	pick := func(rng *rand.Rand) keyToken { return alphabet[rng.IntN(len(alphabet))] }
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
		case x < 34: // open a dialog and answer it, in one read or two
			opener := []keyToken{runeToken(string("hsrxasssAA"[rng.IntN(10)]))}
			// Answers: a menu's entry, its dialog, a review or the audit
			// override's two steps.
			answer := []keyToken{{answer: true}}
			for range rng.IntN(3) {
				answer = append(answer, keyToken{answer: true})
			}
			if opener[0].name == "A" {
				answer = append(answer, keyToken{answer: true})
			}
			if rng.IntN(3) == 0 {
				steps = append(steps, step{tokens: append(opener, answer...)})
				continue
			}
			steps = append(steps, step{tokens: opener})
			for _, a := range answer {
				steps = append(steps, step{tokens: []keyToken{a}})
			}
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
