package cmdutil

import (
	"fmt"
	"strconv"
	"strings"
)

// ParseBudget reads "300/min", "5/s", "18000/h" or a bare number (a minute).
func ParseBudget(s string) (int, error) {
	num, per, _ := strings.Cut(strings.TrimSpace(s), "/")
	n, err := strconv.ParseFloat(num, 64)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("watch: --budget %q: want requests a period, e.g. 300/min", s)
	}
	switch per {
	case "", "m", "min", "minute":
	case "s", "sec", "second":
		n *= 60
	case "h", "hour":
		n /= 60
	default:
		return 0, fmt.Errorf("watch: --budget %q: the period is s, min or h", s)
	}
	return max(int(n), 1), nil
}

// SaveReporter says when the watcher's state stops being saved and when
// it is saved again, once each, while the watch goes on: a full disk
// should not wait for the end of a watch that may run for weeks to be
// noticed. Say prints one line (stderr for watch, the log for serve).
type SaveReporter struct {
	Say     func(format string, args ...any)
	failing bool
}

func (r *SaveReporter) Report(err error) {
	switch {
	case err != nil && !r.failing:
		r.Say("the state could not be saved (%v): until it is, a restart may report changes again", err)
	case err == nil && r.failing:
		r.Say("the state is saved again")
	}
	r.failing = err != nil
}
