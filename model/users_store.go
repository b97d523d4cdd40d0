package model

// The users list in compact form. A million users arrive as 107 MB of JSON;
// held as []api.User with cells and search keys they cost several hundred
// megabytes in millions of small objects. Here they are chunks of text and
// two flat slices, built as the answer is decoded (api.Client.ScanUsers),
// with nothing per user on the heap:
//
//   - text: every user's external id then wallet, sanitised and lower-cased
//     (ASCII letters only, so offsets do not move), back to back in chunks;
//   - upper: one bit per byte of text, set where the letter was upper-case,
//     so the original text is restored for the few rows drawn;
//   - ends: per user, where its external id and its wallet end in the text;
//   - ids: per user, the interface's id.
//
// The filter searches text directly: it is already the lower-cased key.
// Case folding is ASCII only: ids and addresses are ASCII, and a non-ASCII
// letter still matches itself.

import (
	"bytes"
	"slices"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/internal/text"
	"github.com/stratop/stratop/ui"
)

// Text is held in chunks of textChunk bytes, and a field never spans two:
// a list grows by adding a chunk, never by copying what it holds, and a
// list read again shares the full chunks of the list it equals up to the
// first change.
const (
	chunkShift = 20
	textChunk  = 1 << chunkShift
	chunkMask  = textChunk - 1
)

// textChunkOf is one chunk: lower-cased text and its upper-case bits.
type textChunkOf struct {
	text  []byte
	upper []uint64
}

// usersData is a prepared user list; it is never changed once built.
type usersData struct {
	ids    []int64
	chunks []*textChunkOf
	ends   []uint32 // 2 per user, offsets into the chunks as one space
}

// Len, ID and Cells make the list a rowSource.
func (d *usersData) Len() int {
	if d == nil {
		return 0
	}
	return len(d.ids)
}

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

// span is where field f (0: external id, 1: wallet) of user i lies: it
// starts where the field before it ends, or at the start of its chunk when
// it did not fit in the one before.
func (d *usersData) span(i, f int) (int, int) {
	start := 0
	if k := 2*i + f; k > 0 {
		start = int(d.ends[k-1])
	}
	end := int(d.ends[2*i+f])
	if end > start && start>>chunkShift != (end-1)>>chunkShift {
		start = (end - 1) &^ chunkMask
	}
	return start, end
}

// lower is field f of user i, lower-cased, in place.
func (d *usersData) lower(i, f int) []byte {
	s, e := d.span(i, f)
	if s == e {
		return nil
	}
	c := d.chunks[s>>chunkShift]
	return c.text[s&chunkMask : s&chunkMask+e-s]
}

// isUpper reports whether the byte at offset k was an upper-case letter.
func (d *usersData) isUpper(k int) bool {
	c := d.chunks[k>>chunkShift]
	k &= chunkMask
	return c.upper[k>>6]&(1<<(k&63)) != 0
}

// field restores field f of user i with its case.
func (d *usersData) field(i, f int) string {
	s, _ := d.span(i, f)
	low := d.lower(i, f)
	var b []byte
	for j := range low {
		if d.isUpper(s + j) {
			if b == nil {
				b = append([]byte(nil), low...)
			}
			b[j] -= 'a' - 'A'
		}
	}
	if b == nil {
		return string(low)
	}
	return string(b)
}

// equal reports whether field f of user i is s (already clean), case and all.
func (d *usersData) equal(i, f int, s []byte) bool {
	start, _ := d.span(i, f)
	low := d.lower(i, f)
	if len(low) != len(s) {
		return false
	}
	for j := 0; j < len(s); j++ {
		c, up := s[j], false
		if 'A' <= c && c <= 'Z' {
			c, up = c+'a'-'A', true
		}
		if low[j] != c || d.isUpper(start+j) != up {
			return false
		}
	}
	return true
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
		if bytes.Equal(d.lower(i, 0), key) && d.external(i) == external {
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
		return bytes.Contains(d.lower(i, 0), key) || bytes.Contains(d.lower(i, 1), key)
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
	if o == nil || !slices.Equal(d.ids, o.ids) {
		return false
	}
	for i := range d.ids {
		if !o.equal(i, 0, []byte(d.field(i, 0))) || !o.equal(i, 1, []byte(d.field(i, 1))) {
			return false
		}
	}
	return true
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
