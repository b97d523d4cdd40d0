package cli

import (
	"testing"
	"time"

	"github.com/spf13/pflag"
)

func TestParseDurationTakesDays(t *testing.T) {
	for in, want := range map[string]time.Duration{
		"7d": 7 * 24 * time.Hour, "1d12h": 36 * time.Hour, "1.5d": 36 * time.Hour, "90s": 90 * time.Second,
		"24h": 24 * time.Hour, "0": 0, "2d30m": 48*time.Hour + 30*time.Minute, "-1d": -24 * time.Hour,
	} {
		if got, err := ParseDuration(in); err != nil || got != want {
			t.Errorf("ParseDuration(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"", "d", "7days", "1w", "soon", "7d7"} {
		if d, err := ParseDuration(in); err == nil {
			t.Errorf("ParseDuration(%q) = %v, want an error", in, d)
		}
	}
}

func TestDurationFlagReadsAndShowsDays(t *testing.T) {
	fs := pflag.NewFlagSet("x", pflag.ContinueOnError)
	var since time.Duration
	DurationVar(fs, &since, "since", 24*time.Hour, "how far back")
	if f := fs.Lookup("since"); f.DefValue != "1d" || f.Value.Type() != "duration" {
		t.Errorf("default shown as %q (%s)", f.DefValue, f.Value.Type())
	}
	if err := fs.Parse([]string{"--since", "7d"}); err != nil || since != 168*time.Hour {
		t.Fatalf("--since 7d: %v %v", since, err)
	}
	if err := fs.Parse([]string{"--since", "yesterday"}); err == nil {
		t.Error("--since yesterday accepted")
	}
	if FormatDuration(90*time.Minute) != "1h30m0s" || FormatDuration(48*time.Hour) != "2d" {
		t.Errorf("format: %s %s", FormatDuration(90*time.Minute), FormatDuration(48*time.Hour))
	}
}
