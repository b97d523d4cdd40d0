package hostile

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Leaks scans a terminal output stream (everything a program wrote) for
// control sequences and characters that a hostile server could have put
// there, and names each kind found once, with its count, its first offset
// and the bytes around it. An empty result means nothing leaked.
//
// The Bubble Tea renderer legitimately writes CSI sequences, CR and LF, so
// those are judged by where they stand: the renderer writes SGR, erase-line
// and erase-below anywhere, cursor-up and home only at the start of a frame
// (never right after text), cursor positions only to column 1, and a full
// clear only as "CSI 2J CSI H". Everything else is a leak: any OSC other than
// a window title (OSC 52 clipboard, OSC 8 link, ...), DCS, APC, PM, SOS,
// two-byte ESC commands (reset, save cursor), other CSI commands (cursor
// down/forward/back, device queries, scroll), CSI 3J, cursor moves that
// follow text, a CR between two printable characters (overprint), other C0
// controls (BS, BEL, NUL), DEL, C1 controls as runes or raw bytes, invalid
// UTF-8, bidi controls, zero-width or other invisible format characters and
// fillers, and variation selectors that follow no visible character.
// Every payload starts with text, so its sequences always follow text.
func Leaks(out []byte) []string {
	var f findings
	prevText := false // the last thing written was a printable character
	for i := 0; i < len(out); {
		b := out[i]
		switch {
		case b == 0x1b:
			n, kind := escape(out, i, prevText)
			if kind != "" {
				f.add(kind, out, i, n)
			}
			i += n
			prevText = false
		case b == '\n':
			i++
			prevText = false
		case b == '\r':
			if i+1 < len(out) && out[i+1] == '\n' {
				i += 2
				prevText = false
				continue
			}
			if prevText && i+1 < len(out) && startsText(out[i+1:]) {
				f.add("CR overprint (carriage return between text)", out, i, 1)
			}
			i++
			prevText = false
		case b < 0x20 || b == 0x7f:
			f.add(c0Name(b), out, i, 1)
			i++
		case b < utf8.RuneSelf:
			i++
			prevText = true
		default:
			r, size := utf8.DecodeRune(out[i:])
			switch {
			case r == utf8.RuneError && size == 1:
				f.add(invalidByteName(b), out, i, 1)
			case unicode.Is(unicode.Variation_Selector, r) && !selectsGlyph(out[:i]):
				f.add(fmt.Sprintf("variation selector U+%04X without a character to select", r), out, i, size)
			default:
				if name := dangerousRune(r); name != "" {
					f.add(name, out, i, size)
				}
			}
			i += size
			prevText = true
		}
	}
	return f.report()
}

// escape measures the ESC-introduced sequence at out[i] and names it when it
// is not one the renderer writes; "" means allowed.
func escape(out []byte, i int, prevText bool) (n int, kind string) {
	if i+1 >= len(out) {
		return 1, "lone ESC at end of output"
	}
	switch c := out[i+1]; {
	case c == '[':
		return csi(out, i, prevText)
	case c == ']':
		n, num := stringSequence(out, i)
		switch num {
		case "0", "1", "2":
			return n, "" // window title: the program's own
		case "52":
			return n, "OSC 52 clipboard write"
		case "8":
			return n, "OSC 8 hyperlink"
		}
		return n, "OSC " + num + " sequence"
	case c == 'P' || c == 'X' || c == '^' || c == '_':
		n, _ := stringSequence(out, i)
		return n, fmt.Sprintf("ESC %c string sequence (DCS/SOS/PM/APC)", c)
	case c >= 0x20 && c <= 0x2f: // intermediates, then a final byte
		j := i + 2
		for j < len(out) && out[j] >= 0x20 && out[j] <= 0x2f {
			j++
		}
		if j < len(out) {
			j++
		}
		return j - i, fmt.Sprintf("ESC %q command", out[i+1:j])
	case c >= 0x30 && c <= 0x7e:
		return 2, fmt.Sprintf("ESC %c command (reset/save/restore/...)", c)
	}
	return 1, "lone ESC"
}

// csi judges a CSI sequence against what the renderer writes.
func csi(out []byte, i int, prevText bool) (int, string) {
	j := i + 2
	for j < len(out) && out[j] >= 0x20 && out[j] <= 0x3f {
		j++
	}
	if j >= len(out) || out[j] < 0x40 || out[j] > 0x7e {
		return j - i, "malformed or unterminated CSI"
	}
	params, final := string(out[i+2:j]), out[j]
	n := j + 1 - i
	name := fmt.Sprintf("CSI %s%c", params, final)
	switch final {
	case 'm', 'K':
		return n, "" // colours and erase-line: everywhere
	case 'h', 'l':
		if strings.HasPrefix(params, "?") {
			return n, "" // private modes: cursor, alt screen, paste, mouse
		}
	case 'J':
		switch params {
		case "", "0":
			return n, "" // erase below
		case "2":
			if !prevText && strings.HasPrefix(string(out[i+n:]), "\x1b[H") {
				return n, "" // the renderer's clear screen
			}
			return n, "CSI 2J clear screen"
		}
		return n, name + " erase screen/scrollback"
	case 'A':
		if !prevText {
			return n, "" // the renderer's move to the frame's top
		}
		return n, name + " cursor up after text"
	case 'H', 'f':
		if params == "" && !prevText {
			return n, "" // home, at a frame start
		}
		if row, col, ok := strings.Cut(params, ";"); ok && isDigits(row) && (col == "" || col == "1") {
			return n, "" // column 1: the renderer's line positioning
		}
		return n, name + " cursor position"
	case 'r', 'L':
		if !prevText {
			return n, "" // the renderer's scroll region for queued lines
		}
	}
	return n, name + " (not written by the renderer)"
}

// stringSequence measures an OSC/DCS/APC/PM/SOS at out[i], ended by BEL,
// ST (ESC \) or the end of output, and returns the OSC number if any.
func stringSequence(out []byte, i int) (n int, num string) {
	j := i + 2
	k := j
	for k < len(out) && out[k] >= '0' && out[k] <= '9' {
		k++
	}
	num = string(out[j:k])
	for j < len(out) {
		switch {
		case out[j] == 0x07:
			return j + 1 - i, num
		case out[j] == 0x1b && j+1 < len(out) && out[j+1] == '\\':
			return j + 2 - i, num
		case out[j] == 0x9c:
			return j + 1 - i, num
		}
		j++
	}
	return len(out) - i, num
}

// isDigits reports whether s is a non-empty run of ASCII digits.
func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// startsText reports whether b begins with a printable character.
func startsText(b []byte) bool {
	if len(b) == 0 {
		return false
	}
	if b[0] < utf8.RuneSelf {
		return b[0] >= 0x20 && b[0] < 0x7f
	}
	r, _ := utf8.DecodeRune(b)
	return r != utf8.RuneError && unicode.IsPrint(r)
}

// c0Name names a C0 control or DEL found outside any sequence.
func c0Name(b byte) string {
	switch b {
	case 0x08:
		return "BS backspace overprint"
	case 0x07:
		return "BEL outside a sequence"
	case 0x00:
		return "NUL byte"
	case 0x09:
		return "TAB (breaks column layout)"
	case 0x7f:
		return "DEL byte"
	}
	return fmt.Sprintf("C0 control 0x%02X", b)
}

// invalidByteName names a byte that does not start valid UTF-8.
func invalidByteName(b byte) string {
	switch b {
	case 0x9b:
		return "raw 8-bit CSI byte 0x9B"
	case 0x9d:
		return "raw 8-bit OSC byte 0x9D"
	}
	if b >= 0x80 && b <= 0x9f {
		return fmt.Sprintf("raw 8-bit C1 byte 0x%02X", b)
	}
	return fmt.Sprintf("invalid UTF-8 byte 0x%02X", b)
}

// dangerousRune names a decoded rune that controls or hides text, "" if safe.
func dangerousRune(r rune) string {
	switch {
	case r >= 0x80 && r <= 0x9f:
		return fmt.Sprintf("C1 control U+%04X", r)
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069, r == 0x200e, r == 0x200f, r == 0x061c:
		return fmt.Sprintf("bidi control U+%04X", r)
	case r >= 0x200b && r <= 0x200d, r == 0x2060, r == 0xfeff:
		return fmt.Sprintf("zero-width character U+%04X", r)
	case r == 0x2028 || r == 0x2029:
		return fmt.Sprintf("line/paragraph separator U+%04X", r)
	case unicode.Is(unicode.Cf, r):
		return fmt.Sprintf("invisible format character U+%04X", r)
	case unicode.Is(unicode.Other_Default_Ignorable_Code_Point, r):
		return fmt.Sprintf("invisible filler U+%04X", r)
	}
	return ""
}

// selectsGlyph reports whether a variation selector written after before
// picks the glyph of a visible character: before ends in one that is no
// space, U+FFFD or selector. A run of selectors is how data hides behind
// one visible character.
func selectsGlyph(before []byte) bool {
	r, size := utf8.DecodeLastRune(before)
	if size == 0 || r == utf8.RuneError || r <= ' ' {
		return false
	}
	return !unicode.Is(unicode.Variation_Selector, r) && dangerousRune(r) == ""
}

// Remnants names visible fragments of the payloads' sequences in out: text a
// sanitiser leaves when it removes only the introducer (ESC or C1) of a
// sequence instead of the whole sequence. They are harmless to the terminal
// but show garbage, and the clipboard payload in clear.
func Remnants(out []byte) []string {
	var f findings
	for _, m := range []struct{ text, kind string }{
		{ClipboardBase64, "OSC 52 clipboard content (base64)"},
		{"]52;", "OSC 52 introducer text"},
		{"]8;;", "OSC 8 introducer text"},
		{LinkTarget, "OSC 8 link target"},
		{"[2J", "CSI 2J text"},
		{"[10A", "CSI 10A text"},
		{"[10;10H", "CSI 10;10H text"},
	} {
		s := string(out)
		for off := 0; ; {
			k := strings.Index(s[off:], m.text)
			if k < 0 {
				break
			}
			f.add(m.kind, out, off+k, len(m.text))
			off += k + len(m.text)
		}
	}
	return f.report()
}

// findings collects one entry per kind: count, first offset and context.
type findings struct {
	order []string
	seen  map[string]*finding
}

type finding struct {
	count   int
	offset  int
	context string
	from    []string // payloads holding the leaked bytes
}

// add records a finding of kind at out[at:at+n].
func (f *findings) add(kind string, out []byte, at, n int) {
	if f.seen == nil {
		f.seen = map[string]*finding{}
	}
	if e, ok := f.seen[kind]; ok {
		e.count++
		return
	}
	lo, hi := max(at-24, 0), min(at+n+24, len(out))
	f.seen[kind] = &finding{count: 1, offset: at, context: fmt.Sprintf("%q", out[lo:hi]), from: suspects(out[at : at+n])}
	f.order = append(f.order, kind)
}

// report formats the findings in the order first seen.
func (f *findings) report() []string {
	var r []string
	for _, k := range f.order {
		e := f.seen[k]
		line := fmt.Sprintf("%s: %d time(s), first at byte %d near %s", k, e.count, e.offset, e.context)
		if len(e.from) > 0 {
			line += " (payload " + strings.Join(e.from, ", ") + ")"
		}
		r = append(r, line)
	}
	return r
}

// suspects names the payloads whose text holds seq, so a failure says which
// attack got through.
func suspects(seq []byte) []string {
	var names []string
	for _, p := range Payloads {
		if strings.Contains(p.Text, string(seq)) {
			names = append(names, p.Name)
		}
	}
	if len(names) > 4 {
		names = append(names[:4], "...")
	}
	return names
}
