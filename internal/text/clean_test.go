package text

import (
	"strings"
	"testing"
	"unicode/utf8"
)

const p = string(Placeholder)

func TestClean(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"empty", "", ""},
		{"plain ASCII", "USDC pool #7", "USDC pool #7"},
		{"safe Unicode", "héllo 日本 🚀 \uFFFD", "héllo 日本 🚀 \uFFFD"},
		{"OSC 52 clipboard, BEL", "a\x1b]52;c;Zm9v\x07b", "ab"},
		{"OSC 52 clipboard, ST", "a\x1b]52;c;Zm9v\x1b\\b", "ab"},
		{"OSC 8 link", "\x1b]8;;https://evil.example/\x1b\\click\x1b]8;;\x1b\\", "click"},
		{"OSC title", "\x1b]0;pwned\x07name", "name"},
		{"CSI clear screen", "x\x1b[2Jy", "xy"},
		{"CSI cursor home and move", "\x1b[H\x1b[10;20Hx\x1b[5A\x1b[3C", "x"},
		{"CSI private mode", "a\x1b[?1049hb\x1b[?25l", "ab"},
		{"SGR colour", "\x1b[31;1mred\x1b[0m", "red"},
		{"8-bit CSI", "a\x9b2Jb", "ab"},
		{"8-bit OSC 52", "a\x9d52;c;Zm9v\x07b", "ab"},
		{"8-bit DCS with 8-bit ST", "a\x90qdata\x9cb", "ab"},
		{"8-bit lone C1", "a\x85b", "a" + p + "b"},
		{"CSI as UTF-8 U+009B", "a\u009b2Jb", "ab"},
		{"OSC 52 as UTF-8 U+009D, BEL", "a\u009d52;c;Zm9v\u0007b", "ab"},
		{"OSC 8 as UTF-8 U+009D, ST U+009C", "a\u009d8;;https://evil.example/\u009cclick\u009d8;;\u009cb", "aclickb"},
		{"OSC as UTF-8, 7-bit ST", "a\u009d0;t\x1b\\b", "ab"},
		{"unterminated OSC as UTF-8 swallows the rest", "a\u009d52;c;Zm9v", "a"},
		{"DCS as UTF-8", "a\u0090qdata\u009cb", "ab"},
		{"APC as UTF-8", "a\u009fGf=100\u009cb", "ab"},
		{"lone CSI as UTF-8 at the end", "a\u009b", "a" + p},
		{"U+0085 NEL as UTF-8", "a\u0085b", "a" + p + "b"},
		{"DCS", "a\x1bPq#0;2;0;0;0\x1b\\b", "ab"},
		{"APC kitty graphics", "a\x1b_Gf=100;AAAA\x1b\\b", "ab"},
		{"SOS", "a\x1bXsos\x1b\\b", "ab"},
		{"PM", "a\x1b^pm\x1b\\b", "ab"},
		{"RIS full reset", "a\x1bcb", "ab"},
		{"DECSC save cursor", "a\x1b7b\x1b8", "ab"},
		{"lone ESC at end", "abc\x1b", "abc" + p},
		{"ESC ESC", "a\x1b\x1b[2Jb", "a" + p + "b"},
		{"unterminated OSC swallows the rest", "abc\x1b]0;title", "abc"},
		{"OSC cancelled by CAN", "a\x1b]0;t\x18b", "a" + p + "b"},
		{"CR overprint", "safe\rEVIL", "safe" + p + "EVIL"},
		{"CRLF is one space", "a\r\nb", "a b"},
		{"LF", "line1\nline2", "line1 line2"},
		{"TAB", "a\tb", "a b"},
		{"backspace overprint", "abc\b\b\bxyz", "abc" + p + p + p + "xyz"},
		{"NUL BEL VT FF", "a\x00\x07\x0b\x0cb", "a" + p + p + p + p + "b"},
		{"DEL", "a\x7fb", "a" + p + "b"},
		{"RLO bidi override", "user\u202Egnp.exe", "user" + p + "gnp.exe"},
		{"all bidi controls", "\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F\u061C", strings.Repeat(p, 12)},
		{"zero-width space", "ad\u200Bmin", "ad" + p + "min"},
		{"zero-width others", "\u200C\u200D\u2060\uFEFF\u00AD", strings.Repeat(p, 5)},
		{"invisible fillers", "\u034F\u115F\u1160\u17B4\u17B5\u3164\uFFA0", strings.Repeat(p, 7)},
		{"tag characters", "a\U000E0041\U000E007Fb", "a" + p + p + "b"},
		{"invisible operators and separators", "a\u2061\u2062\u2063\u2064\u180Eb", "a" + strings.Repeat(p, 5) + "b"},
		{"unassigned ignorable", "a\u2065\uFFF0b", "a" + p + p + "b"},
		{"variation selector after its base", "\u2764\uFE0F ok", "\u2764\uFE0F ok"},
		{"variation selector with no base", "\uFE0Fa", p + "a"},
		{"variation selector after a space", "a \uFE0F", "a " + p},
		{"variation selectors smuggling data", "x\U000E0100\U000E0101\U000E01EF\uFE01", "x\U000E0100" + p + p + p},
		{"variation selector after a removed character", "a\u200B\uFE0F", "a" + p + p},
		{"variation selector after a sequence", "a\x1b[0m\uFE0F", "a\uFE0F"},
		{"Mongolian selectors", "\u1820\u180B\u180C", "\u1820\u180B" + p},
		{"line and paragraph separators", "a\u2028b\u2029c", "a b c"},
		{"invalid byte", "a\xffb", "a" + p + "b"},
		{"bad continuation", "\xc3(", p + "("},
		{"truncated rune", "x\xe6\x97", "x" + p + p},
		{"surrogate half", "\xed\xa0\x80", p + p + p},
		{"invalid lead byte before ESC", "\xf0\x1b[2Jz", p + "z"},
		{"sequence split by UTF-8", "\x1b[\u00e9", "\u00e9"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Clean(tt.in)
			if got != tt.want {
				t.Fatalf("Clean(%q) = %q, want %q", tt.in, got, tt.want)
			}
			if again := Clean(got); again != got {
				t.Fatalf("not idempotent: Clean(%q) = %q", got, again)
			}
		})
	}
}

func TestCleanSafeInputIsNotCopied(t *testing.T) {
	for _, s := range []string{"", "plain ASCII text 0x12ab", "日本語 🚀 café"} {
		allocs := testing.AllocsPerRun(100, func() { _ = Clean(s) })
		if allocs != 0 {
			t.Errorf("Clean(%q) allocated %.0f times, want 0", s, allocs)
		}
		allocs = testing.AllocsPerRun(100, func() { _ = CleanN(s, 64) })
		if allocs != 0 {
			t.Errorf("CleanN(%q, 64) allocated %.0f times, want 0", s, allocs)
		}
	}
}

func TestCleanN(t *testing.T) {
	tests := []struct {
		name string
		in   string
		max  int
		want string
	}{
		{"short", "hello", 10, "hello"},
		{"exact", "hello", 5, "hello"},
		{"one over", "hello!", 5, "hell…"},
		{"zero", "hello", 0, ""},
		{"negative", "hello", -1, ""},
		{"one", "hello", 1, "…"},
		{"trailing sequence does not count", "abc\x1b[0m", 3, "abc"},
		{"sequence inside", "ab\x1b[0mcd", 3, "ab…"},
		{"controls count once replaced", "ab\ncd", 4, "ab …"},
		{"wide runes", "日本語です", 3, "日本…"},
		{"cut in slow path", "\x1b[2J" + strings.Repeat("x", 20), 5, "xxxx…"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := CleanN(tt.in, tt.max); got != tt.want {
				t.Fatalf("CleanN(%q, %d) = %q, want %q", tt.in, tt.max, got, tt.want)
			}
		})
	}
}

func TestCleanNHugePayloads(t *testing.T) {
	tenKB := 10 * 1024
	tests := []struct {
		name string
		in   string
		want string
	}{
		{"10 KB plain", strings.Repeat("A", tenKB), strings.Repeat("A", 63) + "…"},
		{"10 KB of escapes then text", strings.Repeat("\x1b[2J", tenKB/4) + "ok", "ok"},
		{"10 KB hostile mix", strings.Repeat("\u202e\x1b]52;c;Zm9v\x07日", 1000),
			strings.Repeat(p+"日", 31) + p + "…"},
		{"10 KB unterminated OSC", "name\x1b]52;c;" + strings.Repeat("Zm9v", tenKB/4), "name"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := CleanN(tt.in, 64)
			if got != tt.want {
				t.Fatalf("CleanN(%d bytes, 64) = %q, want %q", len(tt.in), got, tt.want)
			}
			if n := utf8.RuneCountInString(got); n > 64 {
				t.Fatalf("result has %d runes, want <= 64", n)
			}
		})
	}
}

func BenchmarkCleanPlain(b *testing.B) {
	s := "0x6B175474E89094C44Da98b954EedeAC495271d0F DAI Stablecoin"
	b.ReportAllocs()
	for b.Loop() {
		_ = Clean(s)
	}
}

func BenchmarkCleanUnicode(b *testing.B) {
	s := "ユーザー 日本語の名前 café 🚀"
	b.ReportAllocs()
	for b.Loop() {
		_ = Clean(s)
	}
}

func BenchmarkCleanHostile(b *testing.B) {
	s := "name\x1b]52;c;Zm9v\x07\u202Eevil\x1b[2J\r\x9b2J\xff" + strings.Repeat("x", 40)
	b.ReportAllocs()
	for b.Loop() {
		_ = Clean(s)
	}
}

func BenchmarkCleanLimit10KB(b *testing.B) {
	s := strings.Repeat("\u202eAAAA", 2048)
	b.ReportAllocs()
	for b.Loop() {
		_ = CleanN(s, 64)
	}
}
