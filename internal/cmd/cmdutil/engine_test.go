package cmdutil

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

func TestParseBudget(t *testing.T) {
	for in, want := range map[string]int{"300/min": 300, "300": 300, "5/s": 300, "18000/h": 300, "1/h": 1} {
		if got, err := ParseBudget(in); err != nil || got != want {
			t.Errorf("%q: %d %v, want %d", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "0/min", "-3", "300/day", "lots"} {
		if _, err := ParseBudget(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// A failing save is said once when it starts and once when it is over,
// not at every interval.
func TestSaveReporterSaysEachChangeOnce(t *testing.T) {
	var out strings.Builder
	r := &SaveReporter{Say: func(format string, args ...any) { fmt.Fprintf(&out, format+"\n", args...) }}
	full := errors.New("no space left on device")
	for _, err := range []error{nil, full, full, full, nil, nil, full} {
		r.Report(err)
	}
	if got := strings.Count(out.String(), "could not be saved"); got != 2 {
		t.Errorf("%d failure lines, want 2:\n%s", got, out.String())
	}
	if got := strings.Count(out.String(), "saved again"); got != 1 {
		t.Errorf("%d recovery lines, want 1:\n%s", got, out.String())
	}
}
