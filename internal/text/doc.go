// Package text is what every front end writes for a person to read: a
// terminal (the dashboard, the command line's tables and reports, `watch -o
// table`, `alerts`) or a chat (alert messages). It cleans server strings with
// one rule set, formats numbers and amounts exactly, and fits text to
// terminal cells. It performs no I/O and imports no front end, so the
// engines below the front ends use it too. JSON outputs do not pass through
// it: they carry the server's data exactly, escaped by the encoder.
//
// # The rule set
//
// Clean (and CleanN, its bounded form) applies these rules, in order, to any
// string that did not come from this program:
//
//  1. Escape sequences are removed whole, parameters and payload included:
//     CSI, OSC (52 clipboard, 8 links, titles, ...), DCS, APC, PM, SOS and
//     two-byte ESC commands, whether introduced by ESC, by a raw 8-bit C1
//     byte, or by a C1 control encoded as UTF-8 (U+009B, U+009D, U+0090,
//     U+0098, U+009E, U+009F). Their boundaries come from
//     github.com/charmbracelet/x/ansi. An unterminated string sequence
//     swallows the rest of the input: a payload's tail ("]52;c;...") is
//     never shown as text.
//  2. Tab, LF, CR LF, U+2028 and U+2029 become one space each, so a value
//     stays on one line.
//  3. Everything else that controls the terminal or hides text becomes the
//     visible Placeholder U+FFFD, one per character: the other C0 controls
//     (NUL, BEL, BS, lone CR, ESC, ...), DEL, the other C1 controls
//     U+0080-U+009F, every format character (Unicode category Cf: the bidi
//     controls U+202A-U+202E and isolates U+2066-U+2069, U+200E, U+200F,
//     U+061C; zero-width U+200B-U+200D, U+2060-U+2064, U+FEFF, U+180E, the
//     soft hyphen, the tag characters U+E0000-U+E007F, ...), every other
//     default-ignorable code point (the fillers U+034F, U+115F, U+1160,
//     U+17B4, U+17B5, U+3164, U+FFA0, and the unassigned ignorables), and
//     each byte of invalid UTF-8.
//  4. A variation selector (U+FE00-U+FE0F, U+180B-U+180D, U+180F,
//     U+E0100-U+E01EF) stays only directly after a character drawn as
//     itself (not a space, not the Placeholder, not another selector),
//     where it picks a glyph ("❤️"). Anywhere else it is the Placeholder:
//     runs of selectors are how data is smuggled invisibly behind one
//     visible character.
//
// U+FFFD rather than '?' because it is the standard mark for "a character was
// here that cannot be shown" and cannot be confused with a real question mark
// in a token name; it takes one cell. Zero-width joiners are replaced too,
// which splits joined emoji: terminals disagree on their width, so keeping
// them would break column alignment.
//
// The result of Clean is valid UTF-8 and Clean(Clean(s)) == Clean(s).
package text
