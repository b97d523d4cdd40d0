package hostile

import (
	"bytes"
	"encoding/json"
	"unicode/utf8"
)

// encoding/json replaces invalid UTF-8 with U+FFFD when it marshals, which
// would disarm the invalid-UTF-8 and raw-C1 payloads before they reach the
// client. So each invalid byte b travels through Marshal as the private-use
// rune U+F700+b, and unwire puts the raw byte back into the encoded body.

const wireBase = 0xF700

// wire maps each byte of s that is not valid UTF-8 to its private-use rune.
func wire(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b []byte
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = utf8.AppendRune(b, wireBase+rune(s[i]))
		} else {
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return string(b)
}

// unwire turns the private-use runes wire made back into raw bytes.
func unwire(body []byte) []byte {
	lo, hi := utf8.AppendRune(nil, wireBase+0x80), utf8.AppendRune(nil, wireBase+0xff)
	if !bytes.Contains(body, lo[:2]) && !bytes.Contains(body, hi[:2]) {
		return body
	}
	out := make([]byte, 0, len(body))
	for i := 0; i < len(body); {
		r, size := utf8.DecodeRune(body[i:])
		if r >= wireBase+0x80 && r <= wireBase+0xff {
			out = append(out, byte(r-wireBase))
		} else {
			out = append(out, body[i:i+size]...)
		}
		i += size
	}
	return out
}

// encode marshals v with the raw bytes restored.
func encode(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		// Every value here is built by this package from marshalable types.
		panic("hostile: encode: " + err.Error())
	}
	return unwire(b)
}
