package text

// The characters rule 2 and 3 of the package comment act on, one decoded
// rune at a time.

import "unicode"

// hidden are the ranges rule 3 names beyond C0, DEL and C1: every format
// character and every other default-ignorable code point.
var hidden = []*unicode.RangeTable{unicode.Cf, unicode.Other_Default_Ignorable_Code_Point}

// replacement maps one decoded rune, following prev (the last rune kept or
// written), to what is drawn in its place.
func replacement(r, prev rune) rune {
	switch {
	case r == '\t', r == '\n', r == '\u2028', r == '\u2029':
		return ' '
	case r < 0x20, r == 0x7f, r >= 0x80 && r <= 0x9f:
		return Placeholder // C0, DEL, C1
	case r < 0xad:
		return r // the rest of ASCII and Latin-1 below the soft hyphen
	case unicode.Is(unicode.Variation_Selector, r):
		if isBase(prev) {
			return r
		}
		return Placeholder
	case unicode.IsOneOf(hidden, r):
		return Placeholder
	}
	return r
}

// isBase reports whether a variation selector after r selects its glyph:
// r is drawn as itself and is no space, Placeholder or selector.
func isBase(r rune) bool {
	return r > ' ' && r != Placeholder && r != 0x7f && !(r >= 0x80 && r <= 0x9f) &&
		!unicode.Is(unicode.Variation_Selector, r) && !unicode.IsOneOf(hidden, r)
}

// Hidden reports whether Clean would not show r as itself when it stands
// alone: controls, line breaks, format and default-ignorable characters,
// and variation selectors. Writers of JSON for a terminal escape these as
// \u sequences, which keeps the value exact and nothing invisible on
// screen.
func Hidden(r rune) bool { return replacement(r, ' ') != r }
