package model

// The prepared index of a users list for the command line's @ search
// (users_fuzzy.go ranks, users_fuzzy_tiers.go answers from the index). A
// first letter over a million users matches nearly all of them, and a scan
// that scores every user takes several frames; the index lets each tier of
// the ranking be read best first, so that a lower tier is looked at only
// while the better ones hold fewer than maxHits:
//
//   - byExt: the rows by external id, shortest first and in byte order
//     within one length, so the ids starting with the query are one
//     binary search per length (exact and prefix tiers);
//   - byWallet: the same for the wallets, each keyed without its leading
//     0x, as a wallet "starts with" the query at 0 or right after 0x;
//   - masks: per user, which characters its id and its wallet (past 0x)
//     hold, so the scans of the substring and letters tiers skip at once
//     a user who lacks one of the query's characters;
//   - single: the whole answer of every one-character query, the one that
//     matches nearly everyone, found in the same pass as the masks.
//
// A list is never changed once built (usersData), so its index is built
// once, off the UI goroutine, when the list is read (prepareUserIndex),
// and found again by the list's address. A list read again that is the
// same list keeps its index; a changed one is a new list with its own.
// About 24 bytes a user: 24 MB for a million.

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"runtime"
	"sync"
	"sync/atomic"
	"weak"
)

// indexMinUsers is the smallest list given an index: a scan of a smaller
// one answers within a frame on its own.
const indexMinUsers = 50_000

// usersIndex is the prepared index of one list. It holds no reference to
// the list, so that a list no longer shown is collected with its index.
type usersIndex struct {
	n        int
	byExt    []int32
	extRuns  []lenRun
	byWallet []int32
	walRuns  []lenRun
	extMasks []uint64 // per user, what its id holds (textMask)
	walMasks []uint64 // per user, what its wallet past 0x holds
	single   [256][]userHit
}

// lenRun is where the fields of one length lie in a sorted order, and
// the prefix all their keys share (a copy: the index holds no text of
// the list).
type lenRun struct {
	n          int // the length in bytes
	start, end int
	shared     []byte
}

// charBits maps a byte to the bit of a character mask: digits and a-f
// alone (wallets are hex), x alone, the other letters folded onto 14
// bits, every other byte one bit. A fold only weakens the filter; it
// never drops a match.
var charBits = func() (t [256]uint32) {
	for c := range 256 {
		t[c] = 1 << 31
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = 1 << (c - '0')
	}
	for c := 'a'; c <= 'f'; c++ {
		t[c] = 1 << (10 + c - 'a')
	}
	t['x'] = 1 << 16
	for i, c := range "ghijklmnopqrstuvwyz" {
		t[c] = 1 << (17 + i%14)
	}
	return t
}()

func charMask(s []byte) uint64 {
	var m uint32
	for _, c := range s {
		m |= charBits[c]
	}
	return uint64(m)
}

// textMask is what s holds: its characters (charBits) in the low 32 bits
// and its pairs of adjacent characters, hashed, in the high 32. A query
// found in a field as a substring has all its characters and pairs there,
// one found by letters in order its characters.
func textMask(s []byte) uint64 {
	var pairs uint64
	for i := 1; i < len(s); i++ {
		pairs |= 1 << pairBit(s[i-1], s[i])
	}
	return charMask(s) | pairs<<32
}

func pairBit(a, b byte) uint32 { return (uint32(a)<<8 | uint32(b)) * 0x9e3779b1 >> 27 }

// walletBody is a wallet past its leading 0x: what its mask and sort key
// are made of.
func walletBody(w []byte) []byte {
	if len(w) >= 2 && w[0] == '0' && w[1] == 'x' {
		return w[2:]
	}
	return w
}

// afterHead is the part of q a wallet's body must hold when q is found in
// it (as a substring or by letters in order): a leading "0", "0x" or "x"
// may lie in the wallet's 0x.
func afterHead(q []byte) []byte {
	switch {
	case len(q) >= 2 && q[0] == '0' && q[1] == 'x':
		return q[2:]
	case len(q) >= 1 && (q[0] == '0' || q[0] == 'x'):
		return q[1:]
	}
	return q
}

// buildUserIndex prepares the index of d. It yields now and then: the
// dashboard runs on one P, and a key must not wait for the build.
func buildUserIndex(d *usersData) *usersIndex {
	n := d.Len()
	ix := &usersIndex{n: n, extMasks: make([]uint64, n), walMasks: make([]uint64, n)}
	single := new(singleScan)
	for i := range n {
		if i%yieldEvery == yieldEvery-1 {
			runtime.Gosched()
		}
		ext, w := d.lower(i, 0), d.lower(i, 1)
		ix.extMasks[i], ix.walMasks[i] = textMask(ext), textMask(walletBody(w))
		single.add(int32(i), ext, w)
	}
	single.done(ix)
	field := func(f int) func(i int32) []byte {
		if f == 0 {
			return func(i int32) []byte { return d.lower(int(i), 0) }
		}
		return func(i int32) []byte { return walletBody(d.lower(int(i), 1)) }
	}
	scratch := &sortScratch{lens: make([]uint16, n), pre: make([]uint64, n), buf: make([]int32, n)}
	ix.byExt, ix.extRuns = sortedByLength(n, field(0), func(i int32) int { return len(d.lower(int(i), 0)) }, scratch)
	ix.byWallet, ix.walRuns = sortedByLength(n, field(1), func(i int32) int { return len(d.lower(int(i), 1)) }, scratch)
	return ix
}

// singleScan finds the answer of every one-character query in one pass:
// a user's score for c depends only on where c first lies in its id and
// wallet (scoreUser for a one-byte query).
type singleScan struct {
	seen [256]int32 // the user (+1) whose first positions ext and wal hold
	ext  [256]int   // where c first lies in the id, -1: not there
	wal  [256]int   // where c first lies in the wallet when not in the id
	top  [256]topHits
}

func (s *singleScan) done(ix *usersIndex) {
	for c := range s.top {
		if s.top[c].n > 0 {
			ix.single[c] = s.top[c].hits()
		}
	}
}

func (s *singleScan) add(row int32, ext, w []byte) {
	stamp := row + 1
	for k, c := range ext {
		if s.seen[c] != stamp {
			s.seen[c], s.ext[c], s.wal[c] = stamp, k, -1
		}
	}
	for k, c := range w {
		if s.seen[c] != stamp {
			s.seen[c], s.ext[c], s.wal[c] = stamp, -1, k
		}
	}
	offer := func(c byte) {
		var sc int32
		switch k := s.ext[c]; {
		case k == 0 && len(ext) == 1:
			sc = rank(tierExact, 0)
		case k == 0:
			sc = rank(tierStart, len(ext))
		case k > 0:
			sc = rank(tierPart, k*64+len(ext))
		default:
			k = s.wal[c]
			if k == 0 || (k == 2 && w[0] == '0' && w[1] == 'x') {
				sc = rank(tierWalletStart, len(w))
			} else {
				sc = rank(tierWalletPart, k*64+len(w))
			}
		}
		s.top[c].offer(userHit{row: row, score: sc})
	}
	for _, c := range ext {
		if s.seen[c] == stamp {
			s.seen[c] = -stamp
			offer(c)
		}
	}
	for _, c := range w {
		if s.seen[c] == stamp {
			s.seen[c] = -stamp
			offer(c)
		}
	}
}

// sortedByLength orders the rows by the length of their field, then by
// their key's bytes, and says where each length lies. The sort compares
// two numbers per row, made once: the length, and the eight bytes of the
// key that follow what every key of that length starts with (for ids
// such as cust_4711, the digits); only rows equal in both compare their
// keys' text.
func sortedByLength(n int, key func(int32) []byte, length func(int32) int, scratch *sortScratch) ([]int32, []lenRun) {
	lens, pre := scratch.lens, scratch.pre
	common := map[int][]byte{} // the prefix every key of a length shares
	for i := range int32(n) {
		if i%yieldEvery == yieldEvery-1 {
			runtime.Gosched()
		}
		l, k := length(i), key(i)
		lens[i] = uint16(l)
		if c, ok := common[l]; !ok {
			common[l] = k
		} else if len(c) > 0 {
			p := 0
			for p < len(c) && p < len(k) && c[p] == k[p] {
				p++
			}
			common[l] = c[:p]
		}
	}
	for i := range int32(n) {
		if i%yieldEvery == yieldEvery-1 {
			runtime.Gosched()
		}
		k := key(i)[len(common[int(lens[i])]):]
		var b [8]byte
		copy(b[:], k)
		pre[i] = binary.BigEndian.Uint64(b[:])
	}
	rows := make([]int32, n)
	for i := range rows {
		rows[i] = int32(i)
	}
	sortYielding(rows, scratch.buf, func(a, b int32) int {
		if lens[a] != lens[b] {
			return int(lens[a]) - int(lens[b])
		}
		if pre[a] != pre[b] {
			return cmp.Compare(pre[a], pre[b])
		}
		return bytes.Compare(key(a), key(b))
	})
	var runs []lenRun
	for i := 0; i < n; {
		l := lens[rows[i]]
		j := i + 1
		for j < n && lens[rows[j]] == l {
			j++
		}
		runs = append(runs, lenRun{n: int(l), start: i, end: j, shared: bytes.Clone(common[int(l)])})
		i = j
	}
	return rows, runs
}

// sortScratch is the working memory of sortedByLength, used by both
// orders in turn: a build leaves half the garbage it would otherwise.
type sortScratch struct {
	lens []uint16
	pre  []uint64
	buf  []int32
}

// sortYielding is a stable bottom-up merge sort (buf as long as rows)
// that yields every few thousand elements, so that a key is never held
// behind a whole sort.
func sortYielding(rows, buf []int32, order func(a, b int32) int) {
	const run = 32
	work := 0
	tick := func(k int) {
		if work += k; work >= 8192 {
			work = 0
			runtime.Gosched()
		}
	}
	for lo := 0; lo < len(rows); lo += run {
		hi := min(lo+run, len(rows))
		for i := lo + 1; i < hi; i++ {
			for j := i; j > lo && order(rows[j-1], rows[j]) > 0; j-- {
				rows[j-1], rows[j] = rows[j], rows[j-1]
			}
		}
		tick(hi - lo)
	}
	src, dst := rows, buf[:len(rows)]
	for width := run; width < len(rows); width *= 2 {
		for lo := 0; lo < len(rows); lo += 2 * width {
			mid, hi := min(lo+width, len(rows)), min(lo+2*width, len(rows))
			i, j, k := lo, mid, lo
			for i < mid && j < hi {
				if order(src[j], src[i]) < 0 {
					dst[k] = src[j]
					j++
				} else {
					dst[k] = src[i]
					i++
				}
				k++
			}
			k += copy(dst[k:], src[i:mid])
			copy(dst[k:], src[j:hi])
			tick(hi - lo)
		}
		src, dst = dst, src
	}
	if &src[0] != &rows[0] {
		copy(rows, src)
	}
}

// The indexes of the lists alive, by the list's address: an entry goes
// when its list is collected.
var userIndexes = struct {
	sync.Mutex
	m map[weak.Pointer[usersData]]*indexSlot
}{m: map[weak.Pointer[usersData]]*indexSlot{}}

type indexSlot struct{ ix atomic.Pointer[usersIndex] }

// prepareUserIndex starts building d's index in a goroutine of its own,
// unless d is small or its index exists or is being built.
func prepareUserIndex(d *usersData) {
	if d.Len() < indexMinUsers {
		return
	}
	key := weak.Make(d)
	userIndexes.Lock()
	if _, ok := userIndexes.m[key]; ok {
		userIndexes.Unlock()
		return
	}
	slot := &indexSlot{}
	userIndexes.m[key] = slot
	userIndexes.Unlock()
	runtime.AddCleanup(d, func(k weak.Pointer[usersData]) {
		userIndexes.Lock()
		delete(userIndexes.m, k)
		userIndexes.Unlock()
	}, key)
	go func() { slot.ix.Store(buildUserIndex(d)) }()
}

// readyUserIndex is d's index, nil while it is not built.
func readyUserIndex(d *usersData) *usersIndex {
	if d.Len() < indexMinUsers {
		return nil
	}
	userIndexes.Lock()
	slot := userIndexes.m[weak.Make(d)]
	userIndexes.Unlock()
	if slot == nil {
		return nil
	}
	return slot.ix.Load()
}
