package ui

// The Overview tab: the integration's counts, strategies per status and the
// health of the connection.

import (
	"strings"
	"time"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/internal/text"
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

	Attention []AttentionLine // newest first
	Selected  int             // index into Attention
	Trends    TrendsData
	// TrendLines, when set, returns TrendLines of Trends at that width and
	// chart height, so a caller that keeps them drawn between frames (the
	// charts change far less often than the ages on screen) skips them.
	TrendLines func(width, rows int) []string
}

// Geometry of the Overview: from sideWidth columns up, the integration's
// counts and the connection stand in a panel of panelWidth on the right;
// below it they follow the trends.
const (
	sideWidth    = 120
	panelWidth   = 44
	maxChartRows = 4
)

// OverviewMainWidth is the width of the column holding Needs attention and
// the Trends.
func OverviewMainWidth(width int) int {
	if width >= sideWidth {
		return width - panelWidth - VerticalSepWidth
	}
	return width
}

// OverviewChartWidth is how many cells wide each trend's chart is drawn at
// this width: the model computes ChartWidth*Charts.PerCell() values.
func OverviewChartWidth(width int) int { return TrendChartWidth(OverviewMainWidth(width)) }

// Overview draws the whole tab body: exactly height lines of exactly width
// cells. Needs attention comes first, then the trends with as many chart
// rows as fit; the counts and the connection beside them on a wide
// terminal, after them on a narrow one.
func Overview(st Styles, d OverviewData, width, height int) string {
	if width <= 0 || height <= 0 {
		return ""
	}
	mw := OverviewMainWidth(width)
	var panel []string
	if mw == width {
		// The trends show each status's count: one line of totals is
		// enough here.
		panel = append(panel, integrationLine(st, d, width), "")
	} else {
		panel = append(IntegrationLines(st, d, panelWidth), "")
	}
	panel = append(panel, ConnectionLines(st, d.Health, d.Now, panelWidthFor(width))...)
	budget := height
	if mw == width {
		budget = max(height-len(panel)-1, height/2)
	}
	attnRows := min(max(len(d.Attention), 1), max(budget/4, 2))
	main := AttentionLines(st, d.Attention, d.Selected, attnRows, mw, d.Now)
	main = append(main, padStyled("", mw))
	series := max(len(d.Trends.Series), 1)
	free := budget - len(main) - 1
	if d.Trends.Note != "" {
		free--
	}
	rows := min(max(free/series, 1), maxChartRows)
	if d.TrendLines != nil {
		main = append(main, d.TrendLines(mw, rows)...)
	} else {
		main = TrendLines(main, st, d.Trends, mw, rows, d.Now)
	}
	if mw == width {
		main = append(main, spaces(width))
		main = append(main, PadLines(panel, width, len(panel))...)
		return Lines(fillHeight(main, width, height), height)
	}
	// Every line of main is exactly mw cells already (built so).
	main = fillHeight(main, mw, height)
	panel = PadLines(panel, panelWidth, height)
	sep := VerticalSep(st)
	var b strings.Builder
	b.Grow(height * (width + 16) * 2)
	for i := range height {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(main[i])
		b.WriteString(sep)
		b.WriteString(panel[i])
	}
	return b.String()
}

func panelWidthFor(width int) int {
	if width >= sideWidth {
		return panelWidth
	}
	return width
}

// integrationLine is the integration's totals on one line.
func integrationLine(st Styles, d OverviewData, width int) string {
	msg := "loading…"
	if d.HasStats {
		msg = Int(d.Users) + " users · " + Int(d.Strategies) + " strategies"
	}
	switch {
	case d.CountsLoaded:
		msg += " · " + Int(int64(d.ListedTotal)) + " listed"
	case d.CountsError != "":
		return st.Section.Render(text.Fit("Integration  ", width)) + ErrorLine(st, d.CountsError, max(width-13, 0))
	}
	return st.Section.Render(text.Pad("Integration", min(13, width))) + text.Fit(msg, max(width-13, 0))
}

// IntegrationLines draws the integration's counts and strategies per
// status.
func IntegrationLines(st Styles, d OverviewData, width int) []string {
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
	return lines
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
		line := st.StatusStyle(c.Status).Render(text.Pad(string(c.Status), labelWidth)) +
			align(n, 6, true) + " " + st.Bar.Render(bar)
		out = append(out, cutStyled(line, width))
	}
	if other := total - sum; other > 0 {
		out = append(out, KV(st, "other", Int(int64(other))+" (archived or unlisted states)", width))
	}
	out = append(out, KV(st, "listed", Int(int64(total)), width))
	return out
}
