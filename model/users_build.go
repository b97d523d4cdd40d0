package model

// Building the compact users list (users_store.go) as the answer arrives.
// A list read again is first compared with the list shown, user by user,
// and nothing is written while they agree: an unchanged list costs no
// second copy, and a changed one shares the chunks before the first change.

import (
	"runtime"
	"slices"

	"github.com/stratop/stratop/api"
)

// usersBuilder builds a usersData from users handed one by one.
type usersBuilder struct {
	prev  *usersData
	hint  int  // users expected: the previous list's or the stats' count
	same  int  // users so far equal to prev's first ones, while copying is false
	built bool // the list differs from prev: d holds it
	seen  int  // users handed since the start
	d     usersData
}

// newUsersBuilder starts a list to compare with prev (nil: none), expecting
// about count users (0: unknown), so that the flat arrays grow nothing.
func newUsersBuilder(prev *usersData, count int64) *usersBuilder {
	b := &usersBuilder{prev: prev, hint: int(max(count, 0))}
	if prev != nil {
		b.hint = max(b.hint, prev.Len())
	}
	b.built = prev == nil
	return b
}

// reset starts over (a read retried after a partial answer).
func (b *usersBuilder) reset() { *b = *newUsersBuilder(b.prev, int64(b.hint)) }

// yieldEvery is how many users the builder adds between yields: about half
// a millisecond of scanning and building on this machine's cores.
const yieldEvery = 512

// add appends a user, sanitised and bounded like every server string. The
// fields are bytes of the decoder's buffer, read here and never kept.
// The dashboard runs on one P (internal/cmd/dashboard): reading a million
// users is a second of CPU or more, and a key waits for the goroutines
// that carry it (the terminal's reader, the event loop, the renderer) to
// be scheduled; yielding this often keeps that wait under a millisecond
// rather than the 10 ms the runtime's preemption allows.
func (b *usersBuilder) add(u *api.UserFields) {
	if b.seen%yieldEvery == yieldEvery-1 {
		runtime.Gosched()
	}
	b.seen++
	ext, wallet := cleanField(u.ExternalUserID), cleanField(u.WalletAddress)
	if !b.built {
		p, i := b.prev, b.same
		if i < p.Len() && p.ids[i] == u.ID && p.equal(i, 0, ext) && p.equal(i, 1, wallet) {
			b.same++
			return
		}
		b.diverge()
	}
	if b.d.ids == nil {
		n := b.hint + b.hint/64 + 16
		b.d.ids, b.d.ends = make([]int64, 0, n), make([]uint32, 0, 2*n)
	}
	b.d.ids = append(b.d.ids, u.ID)
	b.appendField(ext)
	b.appendField(wallet)
}

// cleanField is clean for a field handed as bytes. Printable ASCII within
// the bound is what the sanitiser keeps as it is, so such a field (every
// id and address of an ordinary list) is used without being copied; any
// other goes through the sanitiser.
func cleanField(b []byte) []byte {
	if len(b) <= maxFieldRunes {
		plain := true
		for _, c := range b {
			if c < 0x20 || c >= 0x7f {
				plain = false
				break
			}
		}
		if plain {
			return b
		}
	}
	return []byte(clean(string(b)))
}

// diverge makes d the previous list's first b.same users: their ids and
// ends copied, the chunks before the one the next user goes to shared (no
// list writes a chunk it did not start), that one copied.
func (b *usersBuilder) diverge() {
	p, n := b.prev, b.same
	b.built = true
	size := b.hint + b.hint/64 + 16
	b.d.ids = append(make([]int64, 0, max(size, n+1)), p.ids[:n]...)
	b.d.ends = append(make([]uint32, 0, 2*max(size, n+1)), p.ends[:2*n]...)
	if n == 0 {
		return
	}
	end := int(p.ends[2*n-1])
	k := end >> chunkShift
	b.d.chunks = append(b.d.chunks, p.chunks[:k]...)
	if end&chunkMask != 0 {
		c := p.chunks[k]
		used := end & chunkMask
		upper := make([]uint64, textChunk/64)
		n := copy(upper, c.upper[:(used+63)/64])
		if used&63 != 0 {
			upper[n-1] &= 1<<(used&63) - 1 // the bits of prev's next users
		}
		b.d.chunks = append(b.d.chunks, &textChunkOf{text: append(make([]byte, 0, textChunk), c.text[:used]...), upper: upper})
	}
}

// length is where the next byte of text goes.
func (b *usersBuilder) length() int {
	if n := len(b.d.chunks); n > 0 {
		return (n-1)<<chunkShift + len(b.d.chunks[n-1].text)
	}
	return 0
}

// appendField adds field s, lower-cased, and its upper-case bits.
func (b *usersBuilder) appendField(s []byte) {
	d := &b.d
	at := b.length()
	if len(s) > 0 && (len(d.chunks) == 0 || len(d.chunks[len(d.chunks)-1].text)+len(s) > textChunk) {
		// A new chunk: the first sized for a small list, the next ones whole.
		size := textChunk
		if len(d.chunks) == 0 {
			size = min(textChunk, max(4096, b.hint*64))
		}
		d.chunks = append(d.chunks, &textChunkOf{text: make([]byte, 0, size), upper: make([]uint64, size/64)})
		at = (len(d.chunks) - 1) << chunkShift
	}
	if len(s) > 0 {
		c := d.chunks[len(d.chunks)-1]
		k := len(c.text)
		c.text = append(c.text, s...)
		if n := (len(c.text) + 63) / 64; n > len(c.upper) { // the first chunk, grown past its size
			c.upper = append(c.upper, make([]uint64, n-len(c.upper))...)
		}
		for j, ch := range c.text[k:] {
			if 'A' <= ch && ch <= 'Z' {
				c.text[k+j] = ch + 'a' - 'A'
				c.upper[(k+j)>>6] |= 1 << ((k + j) & 63)
			}
		}
		at += len(s)
	}
	d.ends = append(d.ends, uint32(at))
}

// done returns the list built: prev itself when every user equalled it.
func (b *usersBuilder) done() *usersData {
	if !b.built {
		if b.same == b.prev.Len() {
			return b.prev
		}
		b.diverge()
	}
	d := b.d
	d.ids, d.ends = slices.Clip(d.ids), slices.Clip(d.ends)
	return &d
}

// snapshot is the list so far, for showing while the builder goes on: it
// shares nothing the builder writes again (the last chunk's text is read
// only up to its length now, and its upper-case bits are copied).
func (b *usersBuilder) snapshot() *usersData {
	d := b.d
	d.ids, d.ends = slices.Clip(d.ids), slices.Clip(d.ends)
	d.chunks = slices.Clone(d.chunks)
	if n := len(d.chunks); n > 0 {
		c := *d.chunks[n-1]
		c.text, c.upper = slices.Clip(c.text), slices.Clone(c.upper)
		d.chunks[n-1] = &c
	}
	return &d
}

// usersFromSlice builds a list from users at hand (tests, benchmarks).
func usersFromSlice(users []api.User) *usersData {
	b := newUsersBuilder(nil, int64(len(users)))
	for _, u := range users {
		b.add(fieldsOf(u))
	}
	return b.done()
}

// fieldsOf is u as the decoder hands it.
func fieldsOf(u api.User) *api.UserFields {
	return &api.UserFields{ID: u.ID, ExternalUserID: []byte(u.ExternalUserID), WalletAddress: []byte(u.WalletAddress), Email: []byte(u.Email)}
}
