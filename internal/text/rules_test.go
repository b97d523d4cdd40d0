package text

import "testing"

func TestHiddenIsWhatCleanDoesNotShow(t *testing.T) {
	for _, r := range []rune{'\x00', '\t', '\n', 0x7f, 0x9b, 0x202e, 0x200b, 0x3164, 0xfe0f, 0xe0100, 0xe0041, 0x2028} {
		if !Hidden(r) {
			t.Errorf("Hidden(%U) = false", r)
		}
	}
	for _, r := range []rune{'a', ' ', 'é', '界', '🙂', Placeholder} {
		if Hidden(r) {
			t.Errorf("Hidden(%U) = true", r)
		}
	}
}
