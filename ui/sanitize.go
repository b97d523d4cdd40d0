package ui

// The one sanitiser every server string passes through before it reaches a
// frame. A hostile or broken server must not be able to move the cursor,
// clear the screen, write the clipboard (OSC 52), plant links (OSC 8), reorder
// text with bidi controls, hide characters, or break the table layout.
//
// Policy, in order:
//  1. Escape sequences (7-bit ESC-introduced and raw 8-bit C1-introduced CSI,
//     OSC, DCS, APC, SOS, PM, and two-byte ESC sequences) are removed whole;
//     their boundaries come from github.com/charmbracelet/x/ansi. An
//     unterminated string sequence swallows the rest of the input: showing a
//     hostile payload's tail is worth less than never misparsing it.
//  2. Tab, LF, CR LF, U+2028 and U+2029 become one space each, so a value
//     stays on one line.
//  3. Everything else that is invisible or controls the terminal becomes the
//     visible Placeholder (U+FFFD): the remaining C0 controls (NUL, BS, lone
//     CR, ESC, ...), DEL, C1 controls U+0080-U+009F (U+009B is a CSI to some
//     terminals), every format character of Unicode category Cf (bidi
//     controls U+202A-U+202E, U+2066-U+2069, U+200E, U+200F, U+061C;
//     zero-width U+200B-U+200D, U+2060, U+FEFF, soft hyphen U+00AD, tag
//     characters, ...), a few invisible fillers (U+034F, U+115F, U+1160,
//     U+17B4, U+17B5, U+3164, U+FFA0), and each byte of invalid UTF-8.
//
// U+FFFD rather than '?' because it is the standard mark for "a character was
// here that cannot be shown" and cannot be confused with a real question mark
// in a token name; it occupies one cell. Zero-width joiners are replaced too,
// which splits joined emoji: terminals disagree on their width, so keeping
// them would break column alignment.

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// Placeholder replaces each control, invisible or undecodable character so
// that the reader sees that something was there.
const Placeholder = '\uFFFD'

// Ellipsis marks text cut by SanitizeLimit and Fit.
const Ellipsis = "…"

// Sanitize makes a server string safe to draw: see the policy above. It
// returns s itself, without allocating, when s needs no change. The result
// is valid UTF-8, holds no byte below 0x20, no DEL, no C1 control, no bidi or
// format character, and Sanitize(Sanitize(s)) == Sanitize(s).
func Sanitize(s string) string {
	return sanitize(s, -1)
}

// SanitizeLimit is Sanitize for strings that may be huge (a hostile 10 KB
// name): it stops reading input once the result is full, so the work done is
// bounded by maxRunes plus any escape sequences dropped on the way. A result
// that had to be cut holds maxRunes runes, the last being "…". maxRunes <= 0
// yields "".
func SanitizeLimit(s string, maxRunes int) string {
	if maxRunes <= 0 {
		return ""
	}
	return sanitize(s, maxRunes)
}

// sanitize implements both entry points; limit < 0 means no limit.
func sanitize(s string, limit int) string {
	if limit >= 0 && len(s) <= limit {
		limit = -1 // cannot exceed: each input byte yields at most one rune
	}
	i, runes, cut := 0, 0, 0
	if limit < 0 {
		i = safePrefixLen(s)
		if i == len(s) {
			return s
		}
	} else {
		// Walk the prefix that needs no change, counting runes.
		for i < len(s) {
			size := safeRuneLen(s, i)
			if size == 0 {
				break
			}
			if runes == limit {
				return s[:cut] + Ellipsis
			}
			if runes == limit-1 {
				cut = i
			}
			runes++
			i += size
		}
		if i == len(s) {
			return s
		}
	}

	capacity := len(s) + 8
	if limit >= 0 {
		capacity = min(capacity, limit*utf8.UTFMax+8)
	}
	out := &limitedWriter{buf: make([]byte, 0, capacity), limit: limit, runes: runes, cut: cut}
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
			out.writeRune(replacement(rune(c)))
			i++
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				out.writeRune(Placeholder)
			} else {
				out.writeRune(replacement(r))
			}
			i += size
		}
	}
	if out.full {
		out.buf = append(out.buf[:out.cut], Ellipsis...)
	}
	return string(out.buf)
}

// safePrefixLen is the length of the longest prefix of s that Sanitize
// leaves as it is: the fast path, a tight loop over printable ASCII.
func safePrefixLen(s string) int {
	i := 0
	for i < len(s) {
		if c := s[i]; c >= 0x20 && c < 0x7f {
			i++
			continue
		}
		size := safeRuneLen(s, i)
		if size == 0 {
			break
		}
		i += size
	}
	return i
}

// safeRuneLen is the byte length of the rune at s[i] when it may be drawn
// as it is, and 0 when it needs sanitising.
func safeRuneLen(s string, i int) int {
	c := s[i]
	if c < utf8.RuneSelf {
		if c < 0x20 || c == 0x7f {
			return 0
		}
		return 1
	}
	r, size := utf8.DecodeRuneInString(s[i:])
	if (r == utf8.RuneError && size == 1) || !isSafeRune(r) {
		return 0
	}
	return size
}

// limitedWriter collects output runes and notes where the result must be cut
// once more than limit runes would be written.
type limitedWriter struct {
	buf   []byte
	limit int  // < 0: none
	runes int  // runes written so far
	cut   int  // byte length after limit-1 runes
	full  bool // a rune beyond limit was offered: cut and add the ellipsis
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
}

// replacement maps one decoded rune to what is drawn in its place.
func replacement(r rune) rune {
	switch r {
	case '\t', '\n', '\u2028', '\u2029':
		return ' '
	}
	if isSafeRune(r) {
		return r
	}
	return Placeholder
}

// isSafeRune reports whether r may be drawn as it is.
func isSafeRune(r rune) bool {
	switch {
	case r < 0x20, r == 0x7f, r >= 0x80 && r <= 0x9f:
		return false // C0, DEL, C1
	case r < 0xad:
		return true // the rest of ASCII and Latin-1 below the soft hyphen
	}
	switch r {
	case '\u034f', '\u115f', '\u1160', '\u17b4', '\u17b5', '\u2028', '\u2029', '\u3164', '\uffa0':
		return false // invisible fillers and separators
	}
	return !unicode.Is(unicode.Cf, r)
}

// Fit cuts s to at most width terminal cells, ending a cut string with "…".
// Widths follow ansi.StringWidth (grapheme clusters; wide CJK and emoji take
// two cells), the measure lipgloss lays out with, so a fitted cell never
// pushes a table column. s must already be sanitised: Fit does not remove
// controls. width <= 0 yields "".
func Fit(s string, width int) string {
	if width <= 0 {
		return ""
	}
	if len(s) <= width && isPrintableASCII(s) {
		return s
	}
	return ansi.Truncate(s, width, Ellipsis)
}

// PadRight fits s to width cells and pads it with spaces to exactly width
// cells, so table columns line up whatever the server sent.
func PadRight(s string, width int) string {
	if width <= 0 {
		return ""
	}
	f := Fit(s, width)
	if w := ansi.StringWidth(f); w < width {
		return f + strings.Repeat(" ", width-w)
	}
	return f
}

// isPrintableASCII reports whether every byte of s is in 0x20-0x7e, where one
// byte is one cell.
func isPrintableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] >= 0x7f {
			return false
		}
	}
	return true
}
