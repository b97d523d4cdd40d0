package model

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stratop/stratop/api"
)

// bruteTop is the ranking the index must give: every user scored by
// scoreUser, the best maxHits kept.
func bruteTop(d *usersData, q string) []userHit {
	key := foldASCII([]byte(q))
	var top topHits
	for i := range d.Len() {
		if s := scoreUser(d.lower(i, 0), d.lower(i, 1), key); s > 0 {
			top.offer(userHit{row: int32(i), score: s})
		}
	}
	return top.hits()
}

// sameHits fails t when the index's answer for q differs from bruteTop's.
func sameHits(t *testing.T, d *usersData, ix *usersIndex, q string) {
	t.Helper()
	want := bruteTop(d, q)
	got := ix.find(d, foldASCII([]byte(q)))
	if len(got) != len(want) {
		t.Fatalf("%q: index %v, scan %v", q, got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("%q: index %v, scan %v", q, got, want)
		}
	}
}

// randomUsers is n users over a small alphabet, so that one query finds
// users in every tier: ids and wallets that are the query, start with
// it, hold it, or hold its letters apart; wallets with and without 0x.
func randomUsers(r *rand.Rand, n int) *usersData {
	const alpha = "ab0x_X"
	word := func(max int) string {
		b := make([]byte, r.IntN(max+1))
		for i := range b {
			b[i] = alpha[r.IntN(len(alpha))]
		}
		return string(b)
	}
	users := make([]api.User, n)
	for i := range users {
		w := word(7)
		if r.IntN(2) == 0 {
			w = "0x" + w
		}
		users[i] = api.User{ID: int64(i + 1), ExternalUserID: word(6), WalletAddress: w}
	}
	return usersFromSlice(users)
}

// randomQuery is a query made of the alphabet, or a piece or the letters
// of a user's field, as typed or pasted.
func randomQuery(r *rand.Rand, d *usersData) string {
	f := d.lower(r.IntN(d.Len()), r.IntN(2))
	switch r.IntN(4) {
	case 0:
		b := make([]byte, 1+r.IntN(4))
		for i := range b {
			b[i] = "ab0x_X"[r.IntN(6)]
		}
		return string(b)
	case 1:
		if len(f) > 0 {
			i := r.IntN(len(f))
			return string(f[i : i+1+r.IntN(len(f)-i)])
		}
	case 2:
		var b []byte
		for _, c := range f {
			if r.IntN(2) == 0 {
				b = append(b, c)
			}
		}
		if len(b) > 0 {
			return string(b)
		}
	}
	return string(f) + "x"
}

// The index answers every query exactly as a scan of every user ranks
// it, over random lists in which every tier is populated, on one P and
// with the scans split.
func TestUserIndexEqualsAScan(t *testing.T) {
	r := rand.New(rand.NewPCG(34, 1))
	defer func(m int, p func() int) { scanMinPart, scanParts = m, p }(scanMinPart, scanParts)
	scanParts = func() int { return 3 }
	for round := range 60 {
		scanMinPart = 1 << 30
		if round%2 == 1 {
			scanMinPart = 16
		}
		d := randomUsers(r, 1+r.IntN(400))
		ix := buildUserIndex(d)
		for range 40 {
			sameHits(t, d, ix, randomQuery(r, d))
		}
	}
}

// Each tier is reached by some query of the random lists, and none of
// them is left to a tier below: a tier the index dropped would show here
// or in the test above.
func TestUserIndexReachesEveryTier(t *testing.T) {
	r := rand.New(rand.NewPCG(34, 2))
	seen := map[int32]bool{}
	for range 20 {
		d := randomUsers(r, 200)
		ix := buildUserIndex(d)
		for range 100 {
			q := randomQuery(r, d)
			for _, h := range ix.find(d, foldASCII([]byte(q))) {
				seen[h.score>>24] = true
			}
		}
	}
	for tier := int32(tierWalletLetters); tier <= tierExact; tier++ {
		if !seen[tier] {
			t.Errorf("no query reached tier %d", tier)
		}
	}
}

// The one-character answers, found while the index is built, are the
// scan's for every byte, including those no user holds.
func TestUserIndexSingleCharacters(t *testing.T) {
	d := randomUsers(rand.New(rand.NewPCG(34, 3)), 300)
	ix := buildUserIndex(d)
	for c := range 256 {
		sameHits(t, d, ix, string([]byte{byte(c)}))
	}
}

// FuzzUserIndex: for any list (one user a line, id and wallet split by a
// tab) and any query, the index answers as the scan.
func FuzzUserIndex(f *testing.F) {
	f.Add("cust_8f3\t0xabc\nxcust\t0x0xcust\nc_u_s_t\tcust0x", "cust")
	f.Add("0x\t0x\nx0\t0xx0\n\t0x0", "0x")
	f.Add("ab\tba\nba\tab\naab\t0xab", "ab")
	f.Fuzz(func(t *testing.T, list, q string) {
		lines := strings.Split(list, "\n")
		users := make([]api.User, 0, len(lines))
		for i, l := range lines {
			ext, w, _ := strings.Cut(l, "\t")
			users = append(users, api.User{ID: int64(i + 1), ExternalUserID: ext, WalletAddress: w})
		}
		d := usersFromSlice(users)
		key := foldASCII([]byte(strings.TrimSpace(q)))
		if len(key) == 0 {
			return
		}
		ix := buildUserIndex(d)
		sameHits(t, d, ix, string(key))
	})
}

// A list read large enough is indexed in the background; until then the
// search scans in turns, and once the index is there it answers whole at
// the first keystroke with the scan's answer. A list read again that is
// the same list keeps its index.
func TestUserFuzzyAnswersFromTheIndexOnceBuilt(t *testing.T) {
	d := benchUsers(indexMinUsers + 1000)
	if readyUserIndex(d) != nil {
		t.Fatal("an index before any was asked for")
	}
	f := userFuzzy{}.narrow(d, "cust_4")
	if f.indexed {
		t.Fatal("answered from an index not built")
	}
	deadline := time.Now().Add(30 * time.Second)
	for readyUserIndex(d) == nil {
		if time.Now().After(deadline) {
			t.Fatal("the index was not built")
		}
		time.Sleep(5 * time.Millisecond)
	}
	for _, q := range []string{"cust_4", "cust_47", "c7", "0x9e3f", "ust", "cs47"} {
		f = f.narrow(d, q)
		if !f.indexed || !f.done() {
			t.Fatalf("%q: not answered whole from the index", q)
		}
		want := bruteTop(d, q)
		if got := f.top(); !slices.Equal(got, want) {
			t.Fatalf("%q: %v, scan %v", q, got, want)
		}
	}
	ix := readyUserIndex(d)
	prepareUserIndex(d)
	if readyUserIndex(d) != ix {
		t.Fatal("the same list was indexed again")
	}
	if small := benchUsers(100); func() bool { prepareUserIndex(small); return readyUserIndex(small) != nil }() {
		t.Fatal("a small list was indexed")
	}
}

// prefixedUsers is n users whose ids share prefixes by length (cust_
// and its like, then a few of the query's letters), so that the letters
// tier's bound for a length (lettersGap) says something; spread over
// many lengths, each length is read in sorted order, else the commonest
// in row order.
func prefixedUsers(r *rand.Rand, n int, spread bool) *usersData {
	heads := []string{"cust_", "cs_", "c", "us", "sc_t"}
	users := make([]api.User, n)
	for i := range users {
		tail := 1 + r.IntN(3)
		if spread {
			tail = r.IntN(24)
		}
		b := []byte(heads[r.IntN(len(heads))])
		for range tail {
			b = append(b, "cst_47u1"[r.IntN(8)])
		}
		users[i] = api.User{ID: int64(i + 1), ExternalUserID: string(b), WalletAddress: "0x" + string(b[len(b)/2:]) + "c4"}
	}
	return usersFromSlice(users)
}

// Letters typed one by one (cs, cs4, cs47 ...) over ids that share their
// start, the keys that read the letters tiers shortest first, are
// answered at each keystroke exactly as a scan ranks them.
func TestUserIndexTypedLettersEqualsAScan(t *testing.T) {
	r := rand.New(rand.NewPCG(34, 4))
	defer func(m, s int, p func() int) { scanMinPart, sortedRunShare, scanParts = m, s, p }(scanMinPart, sortedRunShare, scanParts)
	scanParts = func() int { return 2 }
	for round := range 48 {
		scanMinPart = 1 << 30
		if round%2 == 1 {
			scanMinPart = 16
		}
		sortedRunShare = []int{1, 8, 1 << 20}[round/2%3] // every length sorted, some, none
		d := prefixedUsers(r, 50+r.IntN(600), round/6%2 == 1)
		ix := buildUserIndex(d)
		for range 12 {
			var q []byte
			for _, c := range d.lower(r.IntN(d.Len()), 0) {
				if r.IntN(3) == 0 {
					q = append(q, c)
				}
			}
			q = append(q, "cs47u"[r.IntN(5)])
			for n := 1; n <= len(q); n++ {
				sameHits(t, d, ix, string(q[:n]))
			}
		}
	}
}

// lettersGap bounds the span from the prefix a length's ids share.
func TestLettersGap(t *testing.T) {
	for _, c := range []struct {
		shared, q string
		gap       int
	}{
		{"cust_", "cs4", 6},  // c at 0, s at 2, 4 past the prefix
		{"cust_", "cs47", 7}, // and 7 after it
		{"cust_", "cs", 3},   // the span is the prefix's
		{"cust_", "s4", 4},   // s at 2: 4 at 5 at the least
		{"cust_", "4", 0},    // nothing of q in the prefix
		{"", "cs", 0},
	} {
		if got := lettersGap([]byte(c.shared), []byte(c.q)); got != c.gap {
			t.Errorf("lettersGap(%q, %q) = %d, want %d", c.shared, c.q, got, c.gap)
		}
	}
}
