package model

// Fuzzy search of the loaded users for the command line's @: the query's
// letters in order in the external id or the wallet, ranked by how well
// they match. A large list is answered whole from its prepared index
// (users_fuzzy_index.go, users_fuzzy_tiers.go) within a frame. Until that
// index is built, and for a small list, the search reads the compact list
// in place (usersData.lower): each keystroke that extends the query scans
// only the users the shorter query matched, a deleted letter goes back to
// the candidates kept for it, and a long scan runs in turns.

import (
	"bytes"
	"strings"
	"time"
)

// maxHits is how many matches the dropdown shows.
const maxHits = 8

// maxFuzzySteps bounds the candidate lists kept for going back on a
// deleted letter: the first letters, whose lists are the longest, are the
// ones worth keeping.
const maxFuzzySteps = 12

// fuzzySlice is how long one turn of a search may run: a first letter
// over a million users takes longer than a frame, so the search answers
// with the best found so far and goes on in the next turns while keys
// still come first.
const fuzzySlice = 8 * time.Millisecond

// Match quality, best first: where the query lies decides the tier, how
// tightly it lies orders a tier.
const (
	tierWalletLetters = iota + 1 // the letters in order in the wallet
	tierLetters                  // the letters in order in the external id
	tierWalletPart               // the query inside the wallet
	tierWalletStart              // the wallet starts with it
	tierPart                     // the query inside the external id
	tierStart                    // the external id starts with it
	tierExact                    // the external id is the query
)

// userHit is one matched user and how well it matched (higher is better).
type userHit struct {
	row   int32
	score int32
}

// fuzzyStep is every user one query matched.
type fuzzyStep struct {
	query string
	rows  []int32
}

// userFuzzy is the search as typed so far over one list. It is a value:
// a new search never changes what an earlier value holds.
type userFuzzy struct {
	data  *usersData
	steps []fuzzyStep // finished searches of shorter queries, shortest first
	query string
	src   []int32 // the candidates being searched; nil: every user
	pos   int     // how many of them are searched
	rows  []int32 // those that matched so far
	best  topHits
	// index answers the query whole when the list has one; indexed says it
	// has (the answer is best).
	index   *usersIndex
	indexed bool
}

// done says the search has looked at every candidate.
func (f userFuzzy) done() bool {
	if f.query == "" || f.indexed {
		return true
	}
	if f.index != nil {
		return false
	}
	if f.src == nil {
		return f.pos >= f.data.Len()
	}
	return f.pos >= len(f.src)
}

// rescored is f with the users of an earlier answer that match f's query
// too, scored for it: real matches to show while the index works.
func (f userFuzzy) rescored(earlier userFuzzy) userFuzzy {
	if f.data == nil || earlier.data != f.data || f.query == "" {
		return f
	}
	q := []byte(f.query)
	for _, h := range earlier.top() {
		if s := scoreUser(f.data.lower(int(h.row), 0), f.data.lower(int(h.row), 1), q); s > 0 {
			f.best.offer(userHit{row: h.row, score: s})
		}
	}
	return f
}

// top is the best matches found so far, best first.
func (f userFuzzy) top() []userHit { return f.best.hits() }

// narrow starts a search of d for q (without its @) from the candidates of
// the longest finished query q extends, and runs its first turn.
func (f userFuzzy) narrow(d *usersData, q string) userFuzzy {
	return f.start(d, q).resume(fuzzySlice)
}

func (f userFuzzy) start(d *usersData, q string) userFuzzy {
	q = string(foldASCII([]byte(strings.TrimSpace(q))))
	if d != f.data {
		f = userFuzzy{data: d}
	}
	steps := f.steps
	for len(steps) > 0 && !strings.HasPrefix(q, steps[len(steps)-1].query) {
		steps = steps[:len(steps)-1]
	}
	f = userFuzzy{data: d, steps: steps, query: q}
	if q != "" {
		if ix := readyUserIndex(d); ix != nil {
			f.index = ix
			return f
		}
		prepareUserIndex(d) // a list the read did not index
	}
	if n := len(steps); n > 0 {
		f.src = steps[n-1].rows
		if f.src == nil {
			f.src = []int32{}
		}
	}
	if q != "" && d.Len() > 0 {
		f.rows = make([]int32, 0, min(max(len(f.src), 1024), d.Len()))
	}
	return f
}

// resume searches on for about budget (0: to the end); a finished search
// is kept for the queries that extend it.
func (f userFuzzy) resume(budget time.Duration) userFuzzy {
	if f.done() {
		return f
	}
	q := []byte(f.query)
	d := f.data
	if f.index != nil {
		// The index answers in one call, whatever the budget: most keys in
		// a millisecond, letters in order over a million wallets in tens
		// (the command line runs it off the UI goroutine, answerUsers).
		f.best, f.indexed = topOf(f.index.find(d, q)), true
		return f
	}
	n := d.Len()
	if f.src != nil {
		n = len(f.src)
	}
	var deadline time.Time
	if budget > 0 {
		deadline = time.Now().Add(budget)
	}
	const every = 4096 // candidates between looks at the clock
	for f.pos < n {
		stop := min(f.pos+every, n)
		for ; f.pos < stop; f.pos++ {
			i := int32(f.pos)
			if f.src != nil {
				i = f.src[f.pos]
			}
			if s := scoreUser(d.lower(int(i), 0), d.lower(int(i), 1), q); s > 0 {
				f.rows = append(f.rows, i)
				f.best.offer(userHit{row: i, score: s})
			}
		}
		if budget > 0 && f.pos < n && time.Now().After(deadline) {
			return f
		}
	}
	steps := f.steps
	if n := len(steps); n > 0 && steps[n-1].query == f.query {
		steps = steps[:n-1]
	}
	if len(steps) < maxFuzzySteps {
		f.steps = append(steps[:len(steps):len(steps)], fuzzyStep{query: f.query, rows: f.rows})
	}
	return f
}

// scoreUser is how well q matches a user's external id and wallet (both
// lower-cased), 0 when it does not. Within a tier an earlier and tighter
// match and a shorter field rank higher.
func scoreUser(ext, wallet, q []byte) int32 {
	if bytes.HasPrefix(ext, q) {
		if len(ext) == len(q) {
			return rank(tierExact, 0)
		}
		return rank(tierStart, len(ext))
	}
	if k := bytes.Index(ext, q); k >= 0 {
		return rank(tierPart, k*64+len(ext))
	}
	if k := bytes.Index(wallet, q); k >= 0 {
		if k == 0 || (k == 2 && wallet[0] == '0' && wallet[1] == 'x') {
			return rank(tierWalletStart, len(wallet))
		}
		return rank(tierWalletPart, k*64+len(wallet))
	}
	if span, ok := letters(ext, q); ok {
		return rank(tierLetters, span*64+len(ext))
	}
	if span, ok := letters(wallet, q); ok {
		return rank(tierWalletLetters, span*64+len(wallet))
	}
	return 0
}

// rank orders by tier, then by a smaller penalty.
func rank(tier, penalty int) int32 {
	const span = 1 << 24
	return int32(tier*span + (span - 1 - min(penalty, span-1)))
}

// letters reports whether q's letters appear in s in order, and over how
// many bytes of s the first such run spreads.
func letters(s, q []byte) (int, bool) {
	start, pos := -1, 0
	for _, c := range q {
		k := bytes.IndexByte(s[pos:], c)
		if k < 0 {
			return 0, false
		}
		if start < 0 {
			start = pos + k
		}
		pos += k + 1
	}
	return pos - start, true
}

// topHits keeps the best maxHits offered: a higher score first, and among
// equal scores the earlier row, in whatever order they are offered.
type topHits struct {
	n    int
	best [maxHits]userHit
}

// better reports whether h ranks ahead of o.
func (h userHit) better(o userHit) bool {
	return h.score > o.score || (h.score == o.score && h.row < o.row)
}

// admits reports whether h would be kept if offered.
func (t *topHits) admits(h userHit) bool {
	return t.n < maxHits || h.better(t.best[maxHits-1])
}

// holds reports whether row is among the kept.
func (t *topHits) holds(row int32) bool {
	for _, h := range t.best[:t.n] {
		if h.row == row {
			return true
		}
	}
	return false
}

func (t *topHits) offer(h userHit) {
	if !t.admits(h) {
		return
	}
	j := min(t.n, maxHits-1)
	for j > 0 && h.better(t.best[j-1]) {
		t.best[j] = t.best[j-1]
		j--
	}
	t.best[j] = h
	t.n = min(t.n+1, maxHits)
}

// topOf holds hits, best first.
func topOf(hits []userHit) topHits {
	var t topHits
	t.n = copy(t.best[:], hits)
	return t
}

func (t *topHits) hits() []userHit { return append([]userHit(nil), t.best[:t.n]...) }
