package fleet

import (
	"fmt"
	"strconv"
	"strings"
)

// Header is the fleet's one-line summary:
// "5 integrations · 1 failing · 2 with halts in the last hour · partial: 1 of 5 not answering".
func Header(s Summary) string {
	parts := []string{plural(s.Integrations, "integration"), fmt.Sprintf("%d failing", s.Failing),
		fmt.Sprintf("%d with halts in the last hour", s.WithHalts)}
	if s.NotAnswering > 0 {
		parts = append(parts, fmt.Sprintf("partial: %d of %d not answering", s.NotAnswering, s.Polled))
	}
	if off := s.Integrations - s.Polled; off > 0 {
		parts = append(parts, fmt.Sprintf("%d not polled", off))
	}
	return strings.Join(parts, " · ")
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// Age is the data's age: "12 s", "-" when never read.
func Age(r Row) string {
	if r.AgeSeconds == nil {
		return "-"
	}
	return fmt.Sprintf("%d s", *r.AgeSeconds)
}

// Count is a status's count with its change over the hour: "12 (+3)";
// "-" when never read, and no change when it is unknown.
func Count(r Row, status string) string {
	n, ok := r.Strategies[status]
	if !ok {
		return "-"
	}
	s := strconv.Itoa(n)
	if d, ok := r.Change[status]; ok && d != 0 {
		s += fmt.Sprintf(" (%+d)", d)
	}
	return s
}

// Movers names the strategies that moved into paused, suspended or
// completed in the last hour: "paused #12 #40"; "unknown" when never read,
// "none seen" when the listings could not show every one.
func Movers(r Row) string {
	if r.ReadAt.IsZero() && len(r.Movers) == 0 {
		return "unknown"
	}
	if len(r.Movers) == 0 {
		if r.MoversComplete {
			return "none"
		}
		return "none seen"
	}
	var parts []string
	for _, status := range MoverStatuses {
		var ids []string
		for _, m := range r.Movers {
			if m.Status == status {
				ids = append(ids, "#"+strconv.FormatInt(m.ID, 10))
			}
		}
		if len(ids) > 0 {
			parts = append(parts, status+" "+strings.Join(ids, " "))
		}
	}
	s := strings.Join(parts, ", ")
	if !r.MoversComplete {
		s += " (at least)"
	}
	return s
}

// Alerts is the open alerts: serve's on this machine, with the
// Alertmanagers' when configured ("2 · AM 3", "AM ?" when they did not
// answer); "-" when neither is known.
func Alerts(r Row) string {
	var parts []string
	if r.OpenAlerts != nil {
		parts = append(parts, strconv.Itoa(*r.OpenAlerts))
	}
	switch {
	case r.AlertmanagerAlerts != nil:
		parts = append(parts, "AM "+strconv.Itoa(*r.AlertmanagerAlerts))
	case r.AlertmanagerError != "":
		parts = append(parts, "AM ?")
	}
	if len(parts) == 0 {
		return "-"
	}
	return strings.Join(parts, " · ")
}

// OptInt64 is n, or "-" when unknown.
func OptInt64(p *int64) string {
	if p == nil {
		return "-"
	}
	return strconv.FormatInt(*p, 10)
}
