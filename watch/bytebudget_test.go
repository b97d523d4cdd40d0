package watch

import "testing"

func TestParseByteBudget(t *testing.T) {
	for in, want := range map[string]int64{
		"16MiB/min": 16 << 20, "2MiB": 2 << 20, "1GiB/h": (1 << 30) / 60, "300KB/s": 300_000 * 60,
		"2097152": 2 << 20, " 1.5 MiB / min": 3 << 19, "5MB/minute": 5_000_000,
	} {
		if got, err := ParseByteBudget(in); err != nil || got != want {
			t.Errorf("ParseByteBudget(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "MiB", "-1MiB", "0", "16MiB/day", "16XB/min", "lots"} {
		if got, err := ParseByteBudget(bad); err == nil {
			t.Errorf("ParseByteBudget(%q) = %d, want an error", bad, got)
		}
	}
	if got := FormatByteBudget(DefaultByteBudget); got != "16MiB/min" {
		t.Errorf("FormatByteBudget(default) = %q", got)
	}
	if got, err := ParseByteBudget(FormatByteBudget(123456)); err != nil || got != 123456 {
		t.Errorf("round trip of 123456: %d, %v", got, err)
	}
}
