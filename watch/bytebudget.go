package watch

import (
	"fmt"
	"strconv"
	"strings"
)

// byteUnits are the sizes a byte budget may be written in.
var byteUnits = []struct {
	suffix string
	size   float64
}{
	{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10},
	{"GB", 1e9}, {"MB", 1e6}, {"KB", 1e3}, {"kB", 1e3}, {"B", 1},
}

// perMinute are the periods a budget may be written per, as minutes.
var perMinute = map[string]float64{"": 1, "m": 1, "min": 1, "minute": 1, "s": 1.0 / 60, "sec": 1.0 / 60, "second": 1.0 / 60, "h": 60, "hour": 60}

// ParseByteBudget reads a byte budget: "16MiB/min", "300KB/s", "1GiB/h"
// or a bare number of bytes (a minute). It returns bytes a minute.
func ParseByteBudget(s string) (int64, error) {
	amount, per, _ := strings.Cut(strings.TrimSpace(s), "/")
	amount = strings.TrimSpace(amount)
	size := 1.0
	for _, u := range byteUnits {
		if strings.HasSuffix(amount, u.suffix) {
			amount, size = strings.TrimSpace(strings.TrimSuffix(amount, u.suffix)), u.size
			break
		}
	}
	n, err := strconv.ParseFloat(amount, 64)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("--byte-budget %q: want bytes a period, e.g. 16MiB/min", s)
	}
	minutes, ok := perMinute[strings.TrimSpace(per)]
	if !ok {
		return 0, fmt.Errorf("--byte-budget %q: the period is s, min or h", s)
	}
	return max(int64(n*size/minutes), 1), nil
}

// FormatByteBudget writes bytes a minute as ParseByteBudget reads them.
func FormatByteBudget(perMin int64) string {
	for _, u := range byteUnits[:3] {
		if perMin >= int64(u.size) && perMin%int64(u.size) == 0 {
			return strconv.FormatInt(perMin/int64(u.size), 10) + u.suffix + "/min"
		}
	}
	return strconv.FormatInt(perMin, 10) + "B/min"
}
