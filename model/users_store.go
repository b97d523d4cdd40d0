package model

// The users list in compact form. A million users arrive as 107 MB of JSON;
// held as []api.User with cells and search keys they cost several hundred
// megabytes in millions of small objects. Here they are one backing array
// of text and three flat slices, built as the answer is decoded
// (api.Client.StreamUsers), with nothing per user on the heap:
//
//   - text: every user's external id then wallet, sanitised and lower-cased
//     (ASCII letters only, so offsets do not move), back to back;
//   - upper: one bit per byte of text, set where the letter was upper-case,
//     so the original text is restored for the few rows drawn;
//   - ends: per user, where its external id and its wallet end in text;
//   - ids: per user, the interface's id.
//
// The filter searches text directly: it is already the lower-cased key.
// Case folding is ASCII only: ids and addresses are ASCII, and a non-ASCII
// letter still matches itself.

import (
	"bytes"
	"runtime"
	"slices"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/internal/text"
	"github.com/stratop/stratop/ui"
)

// usersData is a prepared user list; it is never changed once built.
type usersData struct {
	ids   []int64
	text  []byte
	ends  []uint32 // 2 per user
	upper []uint64
}

// Len, ID and Cells make the list a rowSource.
func (d *usersData) Len() int { return len(d.ids) }

func (d *usersData) ID(i int) int64 { return d.ids[i] }

func (d *usersData) Cells(i int) []ui.Cell { return ui.UserCells(d.user(i)) }

// CellText is the text of one cell of ui.UserCells without making the row,
// for sorting.
func (d *usersData) CellText(i, col int) string {
	switch col {
	case 0:
		return ui.Int(d.ids[i])
	case 1, 2:
		return text.OrDash(d.field(i, col-1))
	}
	return ""
}

// span is where field f (0: external id, 1: wallet) of user i lies in text.
func (d *usersData) span(i, f int) (int, int) {
	start := 0
	if k := 2*i + f; k > 0 {
		start = int(d.ends[k-1])
	}
	return start, int(d.ends[2*i+f])
}

// field restores field f of user i with its case.
func (d *usersData) field(i, f int) string {
	s, e := d.span(i, f)
	var b []byte
	for k := s; k < e; k++ {
		if d.upper[k>>6]&(1<<(k&63)) != 0 {
			if b == nil {
				b = append([]byte(nil), d.text[s:e]...)
			}
			b[k-s] -= 'a' - 'A'
		}
	}
	if b == nil {
		return string(d.text[s:e])
	}
	return string(b)
}

// user is user i as the list read gave it (sanitised).
func (d *usersData) user(i int) api.User {
	return api.User{ID: d.ids[i], ExternalUserID: d.field(i, 0), WalletAddress: d.field(i, 1)}
}

// external is user i's external id.
func (d *usersData) external(i int) string { return d.field(i, 0) }

// External is external, for the Activity: the list is a watch.UserList.
func (d *usersData) External(i int) string { return d.external(i) }

// find is the index of the user with this external id, or -1.
func (d *usersData) find(external string) int {
	if d == nil || external == "" {
		return -1
	}
	key := foldASCII([]byte(external))
	for i := range d.ids {
		if s, e := d.span(i, 0); bytes.Equal(d.text[s:e], key) && d.external(i) == external {
			return i
		}
	}
	return -1
}

// match lists the users whose external id or wallet holds q (lower-cased),
// looking only at within when it is not nil: a query that extends the last
// one narrows its matches instead of scanning every user.
func (d *usersData) match(q string, within []int) []int {
	key := foldASCII([]byte(q))
	test := func(i int) bool {
		s, m := d.span(i, 0)
		e := int(d.ends[2*i+1])
		return bytes.Contains(d.text[s:m], key) || bytes.Contains(d.text[m:e], key)
	}
	if within != nil {
		out := make([]int, 0, len(within))
		for _, i := range within {
			if test(i) {
				out = append(out, i)
			}
		}
		return out
	}
	out := make([]int, 0, 64)
	for i := range d.ids {
		if test(i) {
			out = append(out, i)
		}
	}
	return out
}

// same reports whether two lists hold the same users in the same order.
func (d *usersData) same(o *usersData) bool {
	return o != nil && slices.Equal(d.ids, o.ids) && slices.Equal(d.ends, o.ends) &&
		bytes.Equal(d.text, o.text) && slices.Equal(d.upper, o.upper)
}

// foldASCII lower-cases the ASCII letters of b in place.
func foldASCII(b []byte) []byte {
	for j, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[j] = c + 'a' - 'A'
		}
	}
	return b
}

// usersBuilder builds a usersData from users handed one by one.
type usersBuilder struct{ d usersData }

// newUsersBuilder sizes the arrays after the previous list, so that a list
// read again grows nothing.
func newUsersBuilder(prev *usersData) *usersBuilder {
	b := &usersBuilder{}
	if prev != nil {
		n, t := len(prev.ids)+len(prev.ids)/64+16, len(prev.text)+len(prev.text)/64+1024
		b.d = usersData{ids: make([]int64, 0, n), ends: make([]uint32, 0, 2*n), text: make([]byte, 0, t), upper: make([]uint64, 0, t/64+1)}
	}
	return b
}

// reset starts over (a read retried after a partial answer).
func (b *usersBuilder) reset() {
	b.d.ids, b.d.ends, b.d.text, b.d.upper = b.d.ids[:0], b.d.ends[:0], b.d.text[:0], b.d.upper[:0]
}

// yieldEvery is how many users the builder adds between yields.
const yieldEvery = 4096

// add appends a user, sanitised and bounded like every server string.
// The dashboard runs on one P (internal/cmd/dashboard): decoding a million users
// is seconds of CPU, and yielding now and then lets the UI goroutine answer
// a key at once instead of at the next preemption.
func (b *usersBuilder) add(u api.User) {
	if len(b.d.ids)%yieldEvery == yieldEvery-1 {
		runtime.Gosched()
	}
	b.d.ids = append(b.d.ids, u.ID)
	b.appendField(clean(u.ExternalUserID))
	b.appendField(clean(u.WalletAddress))
}

func (b *usersBuilder) appendField(s string) {
	d := &b.d
	for j := 0; j < len(s); j++ {
		c := s[j]
		k := len(d.text)
		if k>>6 >= len(d.upper) {
			d.upper = append(d.upper, 0)
		}
		if 'A' <= c && c <= 'Z' {
			d.upper[k>>6] |= 1 << (k & 63)
			c += 'a' - 'A'
		}
		d.text = append(d.text, c)
	}
	if len(d.text)>>6 >= len(d.upper) {
		d.upper = append(d.upper, 0)
	}
	d.ends = append(d.ends, uint32(len(d.text)))
}

// done returns the list built.
func (b *usersBuilder) done() *usersData {
	d := b.d
	return &d
}

// usersFromSlice builds a list from users at hand (tests, benchmarks).
func usersFromSlice(users []api.User) *usersData {
	b := newUsersBuilder(nil)
	for _, u := range users {
		b.add(u)
	}
	return b.done()
}
