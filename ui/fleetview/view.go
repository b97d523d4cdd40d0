package fleetview

import (
	"strconv"
	"strings"

	"github.com/charmbracelet/lipgloss"

	"github.com/stratop/stratop/internal/fleet"
	"github.com/stratop/stratop/internal/text"
)

// column is one column of the table: its head, its cell, and whether it
// identifies the integration or its state (never dropped, never cut).
type column struct {
	head string
	cell func(fleet.Row) string
	must bool
}

// columns in the order they are dropped last to first when the frame is
// narrow: what names the integration and its state stays.
var columns = []column{
	{head: "LABEL", cell: func(r fleet.Row) string { return text.Clean(r.Label) }, must: true},
	{head: "STATE", cell: fleet.Row.StateText, must: true},
	{head: "HOST", cell: func(r fleet.Row) string { return text.Clean(r.Host) }, must: true},
	{head: "AGE", cell: fleet.Age},
	{head: "MOVED IN 1H", cell: fleet.Movers},
	{head: "ALERTS", cell: fleet.Alerts},
	{head: "PAUSED", cell: func(r fleet.Row) string { return fleet.Count(r, "paused") }},
	{head: "SUSPENDED", cell: func(r fleet.Row) string { return fleet.Count(r, "suspended") }},
	{head: "ACTIVE", cell: func(r fleet.Row) string { return fleet.Count(r, "active") }},
	{head: "COMPLETED", cell: func(r fleet.Row) string { return fleet.Count(r, "completed") }},
	{head: "USERS", cell: func(r fleet.Row) string { return fleet.OptInt64(r.Users) }},
	{head: "FAILED", cell: func(r fleet.Row) string { return strconv.Itoa(r.ActionsFailed + r.ActionsUnknown) }},
	{head: "JOBS", cell: func(r fleet.Row) string { return strconv.Itoa(r.JobsRunning) }},
}

const gap = 2

// View draws the header, the rows that fit and the totals row.
func (m Model) View() string {
	rows := m.visible()
	cells := make([][]string, len(rows)+2)
	cells[0] = make([]string, len(columns))
	for i, c := range columns {
		cells[0][i] = c.head
	}
	for i, r := range rows {
		cells[i+1] = make([]string, len(columns))
		for j, c := range columns {
			cells[i+1][j] = c.cell(r)
		}
	}
	cells[len(cells)-1] = totals(rows)
	widths := make([]int, len(columns))
	for _, line := range cells {
		for j, s := range line {
			widths[j] = max(widths[j], lipgloss.Width(s))
		}
	}
	shown, used := 0, 0
	for j, c := range columns {
		w := widths[j] + gap
		if !c.must && used+widths[j] > m.width {
			break
		}
		used += w
		shown = j + 1
	}

	var b strings.Builder
	head := wrap(fleet.Header(fleet.Summarise(m.rows)), m.width)
	for _, l := range head {
		b.WriteString(m.styles.Header.Render(l))
		b.WriteByte('\n')
	}
	extra := len(head) + 2 // the column heads and the totals
	if m.filtering || m.filter != "" {
		b.WriteString("/" + text.CleanN(m.filter, max(m.width-1, 1)) + "\n")
		extra++
	}
	b.WriteString(m.styles.ColumnHeader.Render(line(cells[0], widths, shown)))
	b.WriteByte('\n')
	room := max(m.height-extra, 1)
	first := max(m.cursor-room+1, 0)
	for i := first; i < len(rows) && i < first+room; i++ {
		l := line(cells[i+1], widths, shown)
		switch {
		case i == m.cursor:
			l = m.styles.Selected.Render("> " + l)
		default:
			l = "  " + l
		}
		b.WriteString(l)
		b.WriteByte('\n')
	}
	b.WriteString(m.styles.Totals.Render("  " + line(cells[len(cells)-1], widths, shown)))
	return b.String()
}

func line(cells []string, widths []int, shown int) string {
	var b strings.Builder
	for j := 0; j < shown; j++ {
		s := cells[j]
		b.WriteString(s)
		if j < shown-1 {
			b.WriteString(strings.Repeat(" ", widths[j]-lipgloss.Width(s)+gap))
		}
	}
	return b.String()
}

// totals sums the counts of the rows that answered, and says so.
func totals(rows []fleet.Row) []string {
	out := make([]string, len(columns))
	answered, users, alerts, failed, jobs := 0, int64(0), 0, 0, 0
	counts := map[string]int{}
	for _, r := range rows {
		failed += r.ActionsFailed + r.ActionsUnknown
		jobs += r.JobsRunning
		alerts += r.Alerts()
		if r.Users == nil {
			continue
		}
		answered++
		users += *r.Users
		for s, n := range r.Strategies {
			counts[s] += n
		}
	}
	out[0] = "TOTAL of " + strconv.Itoa(answered) + " read"
	for j, c := range columns {
		switch c.head {
		case "USERS":
			out[j] = strconv.FormatInt(users, 10)
		case "PAUSED", "SUSPENDED", "ACTIVE", "COMPLETED":
			out[j] = strconv.Itoa(counts[strings.ToLower(c.head)])
		case "ALERTS":
			out[j] = strconv.Itoa(alerts)
		case "FAILED":
			out[j] = strconv.Itoa(failed)
		case "JOBS":
			out[j] = strconv.Itoa(jobs)
		}
	}
	return out
}

// wrap breaks the header between its " · " parts to fit width.
func wrap(s string, width int) []string {
	var out []string
	cur := ""
	for _, part := range strings.Split(s, " · ") {
		switch {
		case cur == "":
			cur = part
		case lipgloss.Width(cur)+3+lipgloss.Width(part) <= width:
			cur += " · " + part
		default:
			out = append(out, cur)
			cur = part
		}
	}
	return append(out, cur)
}
