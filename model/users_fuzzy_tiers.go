package model

// The @ search answered from the index (users_fuzzy_index.go): the tiers
// of scoreUser read best first, each whole, until the tiers read hold
// maxHits users; the answer is then the best maxHits exactly as a scan of
// every user with scoreUser ranks them. Every user a tier's reading finds
// is scored again by scoreUser before it is kept, so a user found by the
// reading of a tier it does not belong to (its id also holds the query,
// say) is never ranked twice or in the wrong tier.

import (
	"bytes"
	"runtime"
	"sync"
)

// find is the best maxHits users for q (lower-cased, not empty), best
// first.
func (ix *usersIndex) find(d *usersData, q []byte) []userHit {
	if len(q) == 1 {
		return append([]userHit(nil), ix.single[q[0]]...)
	}
	var top topHits
	m := len(q)
	substring, chars := textMask(q), charMask(q)
	scan := func(t scanTier) { ix.scanShortestFirst(d, q, &top, t) }
	steps := []func(){
		func() { ix.prefixTier(d, q, &top) },
		func() { scan(scanTier{tier: tierPart, need: substring, gap: 1, score: extPartScore}) },
		func() { ix.walletStartTier(d, q, &top) },
		func() {
			ix.walletAfterX(d, q, &top)
			scan(scanTier{tier: tierWalletPart, wallet: true, need: substring, gap: 1, score: walletPartScore})
		},
		func() {
			scan(scanTier{tier: tierLetters, need: chars, gap: m + 1, score: extLettersScore, runGap: lettersGap})
		},
		func() {
			scan(scanTier{tier: tierWalletLetters, wallet: true, need: charMask(afterHead(q)), gap: m + 1, score: walletLettersScore})
		},
	}
	for _, step := range steps {
		if step(); top.n == maxHits {
			break
		}
	}
	return top.hits()
}

// prefixTier reads the exact and prefix tiers: the ids of each length
// that start with q, shortest first.
func (ix *usersIndex) prefixTier(d *usersData, q []byte, top *topHits) {
	key := func(i int32) []byte { return d.lower(int(i), 0) }
	for _, r := range ix.extRuns {
		if r.n < len(q) {
			continue
		}
		score := rank(tierStart, r.n)
		if r.n == len(q) {
			score = rank(tierExact, 0)
		}
		if !top.admits(userHit{row: -1, score: score}) {
			return
		}
		lo, hi := prefixRange(ix.byExt[r.start:r.end], key, q)
		for _, row := range ix.byExt[r.start+lo : r.start+hi] {
			top.offer(userHit{row: row, score: score})
		}
	}
}

// walletStartTier reads the tier of wallets that start with q, at 0 or
// past 0x: those whose key (the wallet past 0x) starts with q, and, for a
// query starting with 0x, those whose key starts with the rest of it.
func (ix *usersIndex) walletStartTier(d *usersData, q []byte, top *topHits) {
	key := func(i int32) []byte { return walletBody(d.lower(int(i), 1)) }
	prefixes := [][]byte{q}
	if len(q) >= 2 && q[0] == '0' && q[1] == 'x' {
		prefixes = append(prefixes, q[2:])
	}
	for _, r := range ix.walRuns {
		if r.n < len(q) {
			continue
		}
		score := rank(tierWalletStart, r.n)
		if !top.admits(userHit{row: -1, score: score}) {
			return
		}
		rows := ix.byWallet[r.start:r.end]
		for k, p := range prefixes {
			lo, hi := prefixRange(rows, key, p)
			for _, row := range rows[lo:hi] {
				h := userHit{row: row, score: score}
				if !top.admits(h) || (k > 0 && top.holds(row)) {
					continue
				}
				if scoreUser(d.lower(int(row), 0), d.lower(int(row), 1), q) == score {
					top.offer(h)
				}
			}
		}
	}
}

// prefixRange is where, in rows ordered by key, the keys starting with p
// lie.
func prefixRange(rows []int32, key func(int32) []byte, p []byte) (int, int) {
	lo, hi := 0, len(rows)
	for lo < hi { // the first key not below p
		m := int(uint(lo+hi) >> 1)
		if bytes.Compare(key(rows[m]), p) < 0 {
			lo = m + 1
		} else {
			hi = m
		}
	}
	start := lo
	hi = len(rows)
	for lo < hi { // the first key past those starting with p
		m := int(uint(lo+hi) >> 1)
		if bytes.HasPrefix(key(rows[m]), p) {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return start, lo
}

// walletAfterX reads the users whose wallet holds q right after its 0
// (q starts with x, the wallet with 0x, and the rest of q starts what
// follows): the one place a query is found in a wallet that the wallet's
// masks, made of what follows 0x, do not show.
func (ix *usersIndex) walletAfterX(d *usersData, q []byte, top *topHits) {
	if q[0] != 'x' {
		return
	}
	key := func(i int32) []byte { return walletBody(d.lower(int(i), 1)) }
	for _, r := range ix.walRuns {
		score := rank(tierWalletPart, 64+r.n)
		if r.n < len(q)+1 {
			continue
		}
		if !top.admits(userHit{row: -1, score: score}) {
			return
		}
		rows := ix.byWallet[r.start:r.end]
		lo, hi := prefixRange(rows, key, q[1:])
		for _, row := range rows[lo:hi] {
			h := userHit{row: row, score: score}
			if top.admits(h) && scoreUser(d.lower(int(row), 0), d.lower(int(row), 1), q) == score {
				top.offer(h)
			}
		}
	}
}

// A tierScore is the score a user would have in one tier read by a scan,
// from the one field the tier looks at, 0 when it is not found there;
// scoreUser confirms it.
type tierScore func(field, q []byte) int32

func extPartScore(ext, q []byte) int32 {
	if k := bytes.Index(ext, q); k > 0 {
		return rank(tierPart, k*64+len(ext))
	}
	return 0
}

func walletPartScore(w, q []byte) int32 {
	k := bytes.Index(w, q)
	if k <= 0 || (k == 2 && w[0] == '0' && w[1] == 'x') {
		return 0
	}
	return rank(tierWalletPart, k*64+len(w))
}

func extLettersScore(ext, q []byte) int32 {
	if span, ok := shortLetters(ext, q); ok {
		return rank(tierLetters, span*64+len(ext))
	}
	return 0
}

func walletLettersScore(w, q []byte) int32 {
	if span, ok := shortLetters(w, q); ok {
		return rank(tierWalletLetters, span*64+len(w))
	}
	return 0
}

// shortLetters is letters, in one pass over a short field rather than a
// search per letter.
func shortLetters(s, q []byte) (int, bool) {
	if len(s) > 24 {
		return letters(s, q)
	}
	j, start := 0, 0
	for i, c := range s {
		if c != q[j] {
			continue
		}
		if j == 0 {
			start = i
		}
		if j++; j == len(q) {
			return i + 1 - start, true
		}
	}
	return 0, false
}

// scanTier is one tier read by a scan: where it looks, what a user's
// masks must hold, and gap, the least by which the field's length exceeds
// where its best match could end (k*64 with k >= 1 for a substring not at
// the start, span*64 with span > len(q) for letters that are not a
// substring), which bounds the best score a field of a given length can
// have there.
type scanTier struct {
	tier   int
	wallet bool
	need   uint64
	gap    int
	score  tierScore
	// runGap, when set, is a larger gap for the fields of one length
	// from the prefix they all share (lettersGap).
	runGap func(shared, q []byte) int
	// lengths, when set, are the only field lengths left to read.
	lengths []bool
}

// best is the best score a field of length l could have in the tier.
func (t scanTier) best(l int) int32 { return rank(t.tier, t.gap*64+l) }

// runBest is the best score a field of run r could have in the tier.
func (t scanTier) runBest(r lenRun, q []byte) int32 {
	gap := t.gap
	if t.runGap != nil {
		gap = max(gap, t.runGap(r.shared, q))
	}
	return rank(t.tier, gap*64+r.n)
}

// lettersGap is the least span of q's letters in order in any id
// starting with shared, 0 when shared says nothing: letters (as scoreUser
// reads them) starts at the first q[0] and takes each next letter where
// it first follows, so when the first j letters lie in shared, the span
// starts where they do and the other len(q)-j letters lie past shared.
func lettersGap(shared, q []byte) int {
	start, pos, j := -1, 0, 0
	for ; j < len(q); j++ {
		k := bytes.IndexByte(shared[pos:], q[j])
		if k < 0 {
			break
		}
		if start < 0 {
			start = pos + k
		}
		pos += k + 1
	}
	switch {
	case j == 0:
		return 0
	case j == len(q):
		return pos - start
	}
	return len(shared) + len(q) - j - start
}

// A scan of a large list is split over the program's Ps, in parts of at
// least scanMinPart users (variables for the tests).
var (
	scanParts   = func() int { return runtime.GOMAXPROCS(0) }
	scanMinPart = 65536
)

// scan reads one tier by looking at every user whose masks hold the
// tier's need and whose field is long enough to rank among the kept,
// split over the program's Ps when the list is large: the users in
// order, or nil for every user by row.
func (ix *usersIndex) scan(d *usersData, q []byte, top *topHits, t scanTier, order []int32) {
	n := ix.n
	if order != nil {
		n = len(order)
	}
	parts := min(scanParts(), max(n/scanMinPart, 1))
	if parts <= 1 {
		ix.scanRange(d, q, order, 0, n, top, t)
		return
	}
	tops := make([]topHits, parts)
	for i := range tops {
		tops[i] = *top
	}
	var wg sync.WaitGroup
	for p := range parts {
		wg.Go(func() { ix.scanRange(d, q, order, p*n/parts, (p+1)*n/parts, &tops[p], t) })
	}
	wg.Wait()
	for _, part := range tops {
		for _, h := range part.best[:part.n] {
			if !top.holds(h.row) {
				top.offer(h)
			}
		}
	}
}

// sortedRunShare: a length read in the index's order holds at most one
// user in sortedRunShare (a variable for the tests); a larger one is read
// in row order, as reading masks and text at random costs more than the
// early stop saves there (the wallets of one length, 94 % of a million,
// read in sorted order took 62 -> 82 ms).
var sortedRunShare = 128

// scanShortestFirst reads a tier one field length at a time, shortest
// first (the index's order by length), and skips each length whose best
// possible score (scanTier.runBest) the kept users already beat; past
// the first length whose bound (scanTier.best, lower for a longer field)
// they beat, it stops. Letters in order or a piece found in nearly every
// id (cs4 or us in cust_4711) are then found among the shortest ids
// alone rather than by reading a million. A length holding many users
// is read in row order instead, with every longer one it still needs, in
// one pass over the masks: the sorted order would read them at random.
func (ix *usersIndex) scanShortestFirst(d *usersData, q []byte, top *topHits, t scanTier) {
	order, runs := ix.byExt, ix.extRuns
	if t.wallet {
		order, runs = ix.byWallet, ix.walRuns
	}
	for k, r := range runs {
		if r.n <= len(q) {
			continue
		}
		if !top.admits(userHit{row: -1, score: t.best(r.n)}) {
			return
		}
		if !top.admits(userHit{row: -1, score: t.runBest(r, q)}) {
			continue
		}
		if (r.end-r.start)*sortedRunShare <= ix.n {
			ix.scan(d, q, top, t, order[r.start:r.end])
			continue
		}
		t.lengths = make([]bool, runs[len(runs)-1].n+1)
		for _, r := range runs[k:] {
			t.lengths[r.n] = top.admits(userHit{row: -1, score: t.runBest(r, q)})
		}
		ix.scan(d, q, top, t, nil)
		return
	}
}

// scanRange is scan over the users [from, to) of order (nil: the rows
// themselves): a tight pass over the field's masks, the text read only
// for those they let through.
func (ix *usersIndex) scanRange(d *usersData, q []byte, order []int32, from, to int, top *topHits, t scanTier) {
	f, masks := 0, ix.extMasks
	if t.wallet {
		f, masks = 1, ix.walMasks
	}
	minLen := len(q) + 1
	if order != nil {
		for _, row := range order[from:to] {
			if masks[row]&t.need == t.need {
				ix.scanUser(d, q, int(row), f, minLen, top, t)
			}
		}
		return
	}
	for i, m := range masks[from:to] {
		if m&t.need == t.need {
			ix.scanUser(d, q, from+i, f, minLen, top, t)
		}
	}
}

// scanUser offers user i to top when it lies in the tier (f: the field
// the tier reads).
func (ix *usersIndex) scanUser(d *usersData, q []byte, i, f, minLen int, top *topHits, t scanTier) {
	start, end := d.span(i, f)
	if end-start < minLen || !top.admits(userHit{row: int32(i), score: t.best(end - start)}) {
		return
	}
	if t.lengths != nil && (end-start >= len(t.lengths) || !t.lengths[end-start]) {
		return
	}
	text := d.chunks[start>>chunkShift].text
	s := t.score(text[start&chunkMask:start&chunkMask+end-start], q)
	h := userHit{row: int32(i), score: s}
	if s == 0 || !top.admits(h) || top.holds(h.row) {
		return
	}
	if scoreUser(d.lower(i, 0), d.lower(i, 1), q) == s {
		top.offer(h)
	}
}
