package action

import "testing"

func TestParseUnits(t *testing.T) {
	good := []struct {
		in   string
		dec  int
		want string
	}{
		{"1.5", 6, "1500000"},
		{"1.5", 9, "1500000000"},
		{"1.5", 18, "1500000000000000000"},
		{"0.000001", 6, "1"},
		{"12", 0, "12"},
		{".5", 2, "50"},
		{"3.", 2, "300"},
		{"007.10", 2, "710"},
		{"123456789012345678901234567890.123456789012345678", 18, "123456789012345678901234567890123456789012345678"},
	}
	for _, c := range good {
		got, err := ParseUnits(c.in, c.dec)
		if err != nil || got != c.want {
			t.Errorf("ParseUnits(%q, %d) = %q, %v; want %q", c.in, c.dec, got, err, c.want)
		}
	}
	bad := []struct {
		in  string
		dec int
	}{
		{"", 6}, {"0", 6}, {"0.000", 6}, {"-1", 6}, {"+1", 6}, {"1e3", 6}, {"1E3", 6},
		{"1.0000001", 6}, {"1.5", 0}, {"1,5", 6}, {"1.2.3", 6}, {".", 6}, {" 1 2", 6}, {"0x10", 6},
	}
	for _, c := range bad {
		if got, err := ParseUnits(c.in, c.dec); err == nil {
			t.Errorf("ParseUnits(%q, %d) = %q, want an error", c.in, c.dec, got)
		}
	}
}
