package text

// The sanitiser: the rule set is in doc.go. Its fast path returns a string
// that needs no change as it is, without allocating.

import (
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// Placeholder replaces each control, invisible or undecodable character so
// that the reader sees that something was there.
const Placeholder = '\uFFFD'

// Ellipsis marks text cut by CleanN and Fit.
const Ellipsis = "…"

// Clean makes a string from outside the program safe to show on a terminal
// or in a chat, by the rule set in the package comment.
func Clean(s string) string {
	return clean(s, -1)
}

// CleanN is Clean for strings that may be huge (a hostile 10 KB name): it
// stops reading once the result is full, so the work done is bounded by
// maxRunes plus any escape sequences dropped on the way. A result that had
// to be cut holds maxRunes runes, the last being Ellipsis. maxRunes <= 0
// yields "".
func CleanN(s string, maxRunes int) string {
	if maxRunes <= 0 {
		return ""
	}
	return clean(s, maxRunes)
}

// clean implements both entry points; limit < 0 means no limit.
func clean(s string, limit int) string {
	if limit >= 0 && len(s) <= limit {
		limit = -1 // cannot exceed: each input byte yields at most one rune
	}
	i, runes, cut := 0, 0, 0
	prev := ' ' // the last rune kept: no base for a variation selector yet
	for i < len(s) {
		size, r := keptRuneLen(s, i, prev)
		if size == 0 {
			break
		}
		if limit >= 0 {
			if runes == limit {
				return s[:cut] + Ellipsis
			}
			if runes == limit-1 {
				cut = i
			}
		}
		runes++
		prev = r
		i += size
	}
	if i == len(s) {
		return s
	}

	capacity := len(s) + 8
	if limit >= 0 {
		capacity = min(capacity, limit*utf8.UTFMax+8)
	}
	out := &limitedWriter{buf: make([]byte, 0, capacity), limit: limit, runes: runes, cut: cut, prev: prev}
	out.buf = append(out.buf, s[:i]...)
	for i < len(s) && !out.full {
		c := s[i]
		switch {
		case c >= 0x20 && c < 0x7f:
			out.writeRune(rune(c))
			i++
		case c == 0x1b || (c >= 0x80 && c <= 0x9f):
			// ESC, or a raw 8-bit C1 byte (never valid UTF-8 at a rune start).
			_, _, n, _ := ansi.DecodeSequence(s[i:], ansi.NormalState, nil)
			if n <= 1 {
				// A lone introducer or a single C1 control: make it visible.
				out.writeRune(Placeholder)
				i++
			} else {
				i += n // a whole sequence: drop it
			}
		case c == '\r' && i+1 < len(s) && s[i+1] == '\n':
			out.writeRune(' ')
			i += 2
		case c < utf8.RuneSelf:
			out.writeRune(replacement(rune(c), out.prev))
			i++
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			switch {
			case r == utf8.RuneError && size == 1:
				out.writeRune(Placeholder)
			case r >= 0x90 && r <= 0x9f && introducers[r] != 0:
				n := encodedC1Len(r, s[i+size:])
				if n == 0 {
					out.writeRune(Placeholder) // it opened nothing: make it visible
				}
				i += size + n
				continue
			default:
				out.writeRune(replacement(r, out.prev))
			}
			i += size
		}
	}
	if out.full {
		out.buf = append(out.buf[:out.cut], Ellipsis...)
	}
	return string(out.buf)
}

// keptRuneLen is the byte length of the rune at s[i] and the rune, when it
// is kept as it is after prev; 0 when it needs cleaning.
func keptRuneLen(s string, i int, prev rune) (int, rune) {
	c := s[i]
	if c < utf8.RuneSelf {
		if c < 0x20 || c == 0x7f {
			return 0, 0
		}
		return 1, rune(c)
	}
	r, size := utf8.DecodeRuneInString(s[i:])
	if r == utf8.RuneError && size == 1 {
		return 0, 0
	}
	if replacement(r, prev) != r {
		return 0, 0
	}
	return size, r
}

// introducers maps each C1 control that opens a sequence, seen encoded as
// UTF-8, to the byte that follows ESC in its 7-bit form.
var introducers = map[rune]byte{
	'\u0090': 'P', // DCS
	'\u0098': 'X', // SOS
	'\u009b': '[', // CSI
	'\u009d': ']', // OSC
	'\u009e': '^', // PM
	'\u009f': '_', // APC
}

// encodedC1Len is how many bytes of rest belong to the sequence opened by
// the UTF-8 encoded C1 control r. The parser resumes where the 7-bit form
// would be after its introducer; an OSC also ends at BEL, which the parser
// only sees as a terminator with the introducer in front of it.
func encodedC1Len(r rune, rest string) int {
	if introducers[r] == '[' {
		_, _, n, _ := ansi.DecodeSequence(rest, ansi.PrefixState, nil)
		return n
	}
	scan := rest
	bel := -1
	if introducers[r] == ']' {
		if bel = strings.IndexByte(rest, 0x07); bel >= 0 {
			scan = rest[:bel]
		}
	}
	_, _, n, state := ansi.DecodeSequence(scan, ansi.StringState, nil)
	if bel >= 0 && state == ansi.StringState && n == len(scan) {
		return bel + 1 // ended by the BEL
	}
	return n
}

// limitedWriter collects output runes and notes where the result must be cut
// once more than limit runes would be written.
type limitedWriter struct {
	buf   []byte
	limit int  // < 0: none
	runes int  // runes written so far
	cut   int  // byte length after limit-1 runes
	full  bool // a rune beyond limit was offered: cut and add the ellipsis
	prev  rune // the last rune written
}

func (w *limitedWriter) writeRune(r rune) {
	if w.limit >= 0 {
		if w.runes == w.limit {
			w.full = true
			return
		}
		if w.runes == w.limit-1 {
			w.cut = len(w.buf)
		}
	}
	w.buf = utf8.AppendRune(w.buf, r)
	w.runes++
	w.prev = r
}
