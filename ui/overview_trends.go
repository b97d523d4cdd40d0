package ui

// The Overview's operations parts: what needs attention now, and how the
// integration moved over a window (a chart per status, users, read latency
// and failed reads), drawn to exactly the width given.

import (
	"math"
	"strconv"
	"time"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/internal/text"
)

// Kinds of attention lines beyond the Activity kinds (status, completed,
// action): a user-wide job running, the connection failing, and an
// action an agent asked for waiting for a person.
const (
	AttentionJob        = "job"
	AttentionConnection = "connection"
	AttentionApproval   = "approval"
	// AttentionSilence is a silence in force on Alertmanager: an
	// operator's snooze or acknowledgement, shared by the team.
	AttentionSilence = "silence"
	// AttentionMoved is a status total that grew by more than the movers
	// the dashboard named.
	AttentionMoved = "moved"
)

// UnnamedMoves says a total grew by n more than the strategies named as
// moving into it, while the search for them goes on: "paused +1: finding
// which…".
func UnnamedMoves(status string, n int) string {
	return status + " +" + strconv.Itoa(n) + ": finding which…"
}

// AttentionLine is one thing that needs an operator now. Text fields are
// sanitised by the model.
type AttentionLine struct {
	At       time.Time
	Kind     string // KindStatus, KindCompleted, KindAction, KindAlert, AttentionJob, AttentionConnection
	Strategy int64
	Alert    string // the open alert's id (KindAlert)
	User     string
	Symbol   string
	Old, New string
	Note     string
	Alerted  AlertWords // what an alert line says (KindAlert)
}

// Trend is one series over the window: its columns (see TrendColumns),
// the newest value and the change over the window.
type Trend struct {
	Name    string
	Tone    Tone
	Values  []float64 // one per chart column times Charts.PerCell(); NaN: no sample
	Has     bool      // a value was kept in the window
	Current float64
	Change  float64
	Unit    string // "ms" for latency
}

// TrendsData is the Trends part.
type TrendsData struct {
	Window time.Duration
	Since  time.Time // the first sample kept, when later than the window's start
	// Fitted says the x-axis spans from Since to now, not the whole
	// window: the history does not fill the window yet.
	Fitted  bool
	Loading bool   // the history file is still being read
	Note    string // why the history is not kept (sanitised)
	Source  string // where the trends come from when not the local file ("Prometheus")
	Charts  ChartStyle
	Series  []Trend
}

// trendLabelWidth is the label, value and change before a trend's chart.
const trendLabelWidth = 11 + 9 + 9

// TrendChartWidth is the chart width of a trend line in a column of width
// cells, so the model computes exactly as many values as are drawn.
func TrendChartWidth(width int) int { return max(width-trendLabelWidth, 0) }

// WindowText names a window as the keys switch it: "1h", "24h", "7d".
func WindowText(d time.Duration) string {
	if d >= 48*time.Hour && d%(24*time.Hour) == 0 {
		return strconv.Itoa(int(d/(24*time.Hour))) + "d"
	}
	if d%time.Hour == 0 {
		return strconv.Itoa(int(d/time.Hour)) + "h"
	}
	return d.String()
}

// AttentionLines draws the Needs attention part: a title and up to rows
// lines, the selected one marked (sel < 0: none). now ages the lines.
func AttentionLines(st Styles, lines []AttentionLine, sel, rows, width int, now time.Time) []string {
	title := "Needs attention"
	if len(lines) > 0 {
		title += " (" + strconv.Itoa(len(lines)) + ")"
	}
	out := []string{padStyled(Section(st, title, width), width)}
	if len(lines) == 0 {
		return append(out, padStyled(Muted(st, "nothing: no halts, failed actions, jobs or outages in the last hour", width), width))
	}
	first := 0
	if sel >= rows {
		first = sel - rows + 1
	}
	for i := first; i < len(lines) && i < first+rows; i++ {
		out = append(out, attentionLine(st, lines[i], i == sel, width, now))
	}
	if n := len(lines) - (first + rows); n > 0 {
		out = append(out, padStyled(Muted(st, "  … "+strconv.Itoa(n)+" more (↓)", width), width))
	}
	return out
}

func attentionLine(st Styles, l AttentionLine, selected bool, width int, now time.Time) string {
	mark := "  "
	if selected {
		mark = "> "
	}
	age := ""
	if !l.At.IsZero() {
		age = Age(now.Sub(l.At))
	}
	what := ""
	tone := ToneNegative
	switch l.Kind {
	case KindStatus, KindCompleted:
		what = Int(l.Strategy) + " " + text.OrDash(l.Old) + " -> " + l.New
		tone = StatusTone(api.Status(l.New))
	case KindAction:
		what = JoinNonEmpty(" ", idText(l.Strategy), l.Note)
	case KindAlert:
		what = alertAttention(l.Alerted, width-attentionHead)
	default:
		what = l.Note
	}
	who := JoinNonEmpty(" · ", l.User, l.Symbol)
	msg := mark + text.Pad(age, 6) + " " + text.Pad(l.Kind, 10) + " " + what // attentionHead cells before what
	if who != "" {
		msg += "  " + who
	}
	line := text.Fit(msg, width)
	if selected {
		return padStyled(st.Selected.Render(text.Pad(line, width)), width)
	}
	return padStyled(st.ToneStyle(tone).Render(line), width)
}

// attentionHead is the width of an attention line before what it says:
// the mark, the age and the kind.
const attentionHead = 2 + 6 + 1 + 10 + 1

func idText(id int64) string {
	if id == 0 {
		return ""
	}
	return Int(id)
}

// TrendLines draws the Trends part in rows lines: a title, then each
// series as a label, its value and change, and a chart of chartRows rows.
func TrendLines(dst []string, st Styles, d TrendsData, width, chartRows int, now time.Time) []string {
	title := "Trends · last " + WindowText(d.Window)
	switch {
	case d.Loading:
		title += " · reading the history…"
	case d.Fitted:
		title += " (since " + sinceText(d.Since, now) + ": the axis spans what is kept)"
	case !d.Since.IsZero() && now.Sub(d.Since) < d.Window:
		title += " (since " + sinceText(d.Since, now) + ")"
	}
	if d.Source != "" {
		title += " · from " + d.Source
	}
	title += " · +/- window"
	dst = append(dst, padStyled(Section(st, title, width), width))
	if d.Note != "" {
		dst = append(dst, padStyled(ErrorLine(st, d.Note, width), width))
	}
	cw := TrendChartWidth(width)
	chartRows = max(chartRows, 1)
	var rows [8]string
	for _, tr := range d.Series {
		label := text.Pad(tr.Name, 11)
		value, change := text.Dash, ""
		if tr.Has {
			value, change = trendNumber(tr.Current)+tr.Unit, signed(tr.Change)
		}
		left := text.Fit(label+align(value, 8, true)+" "+align(change, 8, true)+" ", trendLabelWidth)
		left = text.Pad(left, min(trendLabelWidth, width))
		chart := ChartRows(rows[:0], st, d.Charts, tr.Tone, tr.Values, cw, min(chartRows, len(rows)))
		for i, c := range chart {
			l := spaces(min(trendLabelWidth, width))
			if i == 0 {
				l = st.ToneStyle(tr.Tone).Render(left)
			}
			// Both parts are exactly their widths: measuring the line
			// again would cost more than drawing it.
			dst = append(dst, l+c)
		}
		if len(chart) == 0 {
			dst = append(dst, padStyled(st.ToneStyle(tr.Tone).Render(text.Fit(left, width)), width))
		}
	}
	return dst
}

// sinceText is a clock time today, or a date and time before.
func sinceText(t, now time.Time) string {
	t = t.In(now.Location())
	if y, m, d := t.Date(); y == now.Year() && m == now.Month() && d == now.Day() {
		return t.Format("15:04")
	}
	return t.Format("Jan 2 15:04")
}

func trendNumber(v float64) string {
	if v == math.Trunc(v) && math.Abs(v) < 1e15 {
		return Int(int64(v))
	}
	return strconv.FormatFloat(v, 'f', 1, 64)
}

func signed(v float64) string {
	if v > 0 {
		return "+" + trendNumber(v)
	}
	if v == 0 {
		return "±0"
	}
	return trendNumber(v)
}

// padStyled makes a styled line exactly width cells: cut when longer,
// padded with spaces when shorter.
func padStyled(s string, width int) string {
	w := text.Width(s)
	if w > width {
		return truncateStyled(s, width)
	}
	if w < width {
		return s + spaces(width-w)
	}
	return s
}

// fillHeight makes a block of lines that are exactly width cells exactly
// height lines.
func fillHeight(lines []string, width, height int) []string {
	for len(lines) < height {
		lines = append(lines, spaces(width))
	}
	return lines[:height]
}

// PadLines makes every line exactly width cells and the block exactly
// height lines.
func PadLines(lines []string, width, height int) []string {
	for i := range lines {
		lines[i] = padStyled(lines[i], width)
	}
	for len(lines) < height {
		lines = append(lines, spaces(width))
	}
	if len(lines) > height {
		lines = lines[:height]
	}
	return lines
}
