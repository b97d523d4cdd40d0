package ui

// The Overview tab: the integration's counts, strategies per status and the
// health of the connection.

import (
	"strings"
	"time"

	"github.com/stratop/stratop/api"
)

// StatusCount is the number of the integration's strategies in one status.
type StatusCount struct {
	Status api.Status
	Count  int
}

// OverviewData is everything the Overview draws.
type OverviewData struct {
	HasStats     bool
	Users        int64
	Strategies   int64
	Counts       []StatusCount // nil until loaded
	ListedTotal  int           // GET /strategies total without a status filter
	CountsError  string
	CountsLoaded bool
	Health       Health
	Now          time.Time // the ages of the Connection panel are at now
}

// OverviewLines draws the Overview's lines.
func OverviewLines(st Styles, d OverviewData, width int) []string {
	lines := []string{Section(st, "Integration", width)}
	if d.HasStats {
		lines = append(lines,
			KV(st, "users", Int(d.Users), width),
			KV(st, "strategies", Int(d.Strategies), width))
	} else {
		lines = append(lines, Muted(st, "loading…", width))
	}
	lines = append(lines, "", Section(st, "Strategies by status", width))
	switch {
	case d.CountsLoaded:
		lines = append(lines, statusBars(st, d.Counts, d.ListedTotal, width)...)
	case d.CountsError != "":
		lines = append(lines, ErrorLine(st, d.CountsError, width))
	default:
		lines = append(lines, Muted(st, "loading…", width))
	}
	lines = append(lines, "")
	return append(lines, ConnectionLines(st, d.Health, d.Now, width)...)
}

// statusBars draws one line per status with a bar scaled to the largest
// count, plus the strategies listed under no status filter but in none of
// the four (archived, or states the spec does not name).
func statusBars(st Styles, counts []StatusCount, total, width int) []string {
	maxCount, sum := 1, 0
	for _, c := range counts {
		maxCount = max(maxCount, c.Count)
		sum += c.Count
	}
	barWidth := max(width-labelWidth-8, 0)
	barWidth = min(barWidth, 40)
	out := make([]string, 0, len(counts)+2)
	for _, c := range counts {
		n := Int(int64(c.Count))
		bar := strings.Repeat("█", c.Count*barWidth/maxCount)
		line := st.StatusStyle(c.Status).Render(PadRight(string(c.Status), labelWidth)) +
			align(n, 6, true) + " " + st.Bar.Render(bar)
		out = append(out, cutStyled(line, width))
	}
	if other := total - sum; other > 0 {
		out = append(out, KV(st, "other", Int(int64(other))+" (archived or unlisted states)", width))
	}
	out = append(out, KV(st, "listed", Int(int64(total)), width))
	return out
}
