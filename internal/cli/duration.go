package cli

// Durations on the command line take days as well as Go's units: `--since
// 7d`, `--since 1d12h`. An operator thinks of an audit window in days, and
// Go's parser stops at hours.

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/pflag"
)

// daysTerm is a number of days inside a duration: no Go unit ends in d.
var daysTerm = regexp.MustCompile(`([0-9]*\.?[0-9]+)d`)

// ParseDuration reads a Go duration ("90s", "1h30m") that may also hold
// days ("7d", "1d12h", "1.5d").
func ParseDuration(s string) (time.Duration, error) {
	var bad error
	hours := daysTerm.ReplaceAllStringFunc(s, func(term string) string {
		n, err := strconv.ParseFloat(strings.TrimSuffix(term, "d"), 64)
		if err != nil {
			bad = err
			return term
		}
		return strconv.FormatFloat(n*24, 'f', -1, 64) + "h"
	})
	d, err := time.ParseDuration(hours)
	if bad != nil || err != nil {
		return 0, fmt.Errorf("not a duration: %q (e.g. 90s, 15m, 24h, 7d)", s)
	}
	return d, nil
}

// FormatDuration writes d as ParseDuration reads it, whole days as days.
func FormatDuration(d time.Duration) string {
	const day = 24 * time.Hour
	if d >= day && d%day == 0 {
		return strconv.FormatInt(int64(d/day), 10) + "d"
	}
	return d.String()
}

// durationValue is a flag value read by ParseDuration.
type durationValue struct{ p *time.Duration }

func (v durationValue) Set(s string) error {
	d, err := ParseDuration(s)
	if err != nil {
		return err
	}
	*v.p = d
	return nil
}

func (v durationValue) String() string {
	if v.p == nil {
		return ""
	}
	return FormatDuration(*v.p)
}

// Type names the value in help, as pflag's own duration does.
func (v durationValue) Type() string { return "duration" }

// DurationVar defines a duration flag that takes days too; every duration
// flag of stratop is one (a test walks the commands to keep it so).
func DurationVar(fs *pflag.FlagSet, p *time.Duration, name string, value time.Duration, usage string) {
	*p = value
	fs.Var(durationValue{p}, name, usage)
}
