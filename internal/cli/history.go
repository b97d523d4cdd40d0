package cli

// `stratop stats --history`: the kept history of a profile (per-status
// counts, users, read latency, failed reads) for scripts (JSON, CSV) and
// runbooks (a terminal chart). It reads the history file only; no request
// is sent.

import (
	"io"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/stratop/stratop/history"
	"github.com/stratop/stratop/internal/text"
)

// Chart is the terminal chart output of `stats --history`.
const Chart Format = "chart"

// HistoryFormats are the formats of `stats --history`.
var HistoryFormats = []Format{Chart, JSON, CSV}

// MaxHistoryWindow is the longest window the history keeps.
const MaxHistoryWindow = 7 * 24 * time.Hour

// ParseWindow reads a window such as "1h", "24h" or "7d" (days are the
// one unit Go durations lack).
func ParseWindow(s string) (time.Duration, error) {
	var d time.Duration
	var err error
	if n, ok := strings.CutSuffix(s, "d"); ok {
		var days int
		days, err = strconv.Atoi(n)
		d = time.Duration(days) * 24 * time.Hour
	} else {
		d, err = time.ParseDuration(s)
	}
	if err != nil || d <= 0 || d > MaxHistoryWindow {
		return 0, Usage("--history %q: want a window up to 7d, e.g. 1h, 24h, 7d", s)
	}
	return d, nil
}

// HistoryOptions say what `stats --history` prints.
type HistoryOptions struct {
	Profile string
	Window  time.Duration
	Now     time.Time
	Format  Format
	Width   int          // of the chart output
	Chart   HistoryChart // draws -o chart
}

// HistoryChart draws the charts of -o chart. Their glyphs and colours are
// the presentation's (package ui), which the command gives, so the
// command line's logic links no terminal styling.
type HistoryChart interface {
	// PerCell is how many values one character cell shows.
	PerCell() int
	// Title styles a series' title line.
	Title(s string) string
	// Rows draws series i's values into height lines of width cells.
	Rows(dst []string, i int, values []float64, width, height int) []string
}

// historyPoint is one point in JSON; a value not read in it is null.
type historyPoint struct {
	Time      time.Time `json:"time"`
	Active    *float64  `json:"active"`
	Suspended *float64  `json:"suspended"`
	Paused    *float64  `json:"paused"`
	Completed *float64  `json:"completed"`
	Users     *float64  `json:"users"`
	LatencyMs *float64  `json:"latency_ms"`
	Errors    *float64  `json:"errors"`
}

type historyDoc struct {
	Profile string         `json:"profile"`
	Since   *time.Time     `json:"since"` // the first sample kept; null when none
	Window  string         `json:"window"`
	Step    string         `json:"step"`
	Points  []historyPoint `json:"points"`
}

// History prints h over the window.
func History(o IO, h *history.History, opt HistoryOptions) error {
	pts := h.Points(nil, opt.Window, opt.Now)
	switch opt.Format {
	case JSON:
		return writeJSON(o.Out, historyJSON(h, pts, opt))
	case CSV:
		return writeCSV(o.Out, historySheet(pts))
	}
	return writeHistoryChart(o.Out, h, pts, opt)
}

// HistoryDoc is what `stats --history -o json` prints for h over window.
func HistoryDoc(h *history.History, profile string, window time.Duration, now time.Time) any {
	return historyJSON(h, h.Points(nil, window, now), HistoryOptions{Profile: profile, Window: window, Now: now})
}

func value(p history.Point, s history.Series) *float64 {
	if v, ok := p.Value(s); ok {
		return &v
	}
	return nil
}

func historyJSON(h *history.History, pts []history.Point, opt HistoryOptions) historyDoc {
	doc := historyDoc{
		Profile: opt.Profile, Window: windowText(opt.Window),
		Step:   history.Tiers[history.TierFor(opt.Window)].Step.String(),
		Points: make([]historyPoint, 0, len(pts)),
	}
	if s := h.Start(); !s.IsZero() {
		doc.Since = &s
	}
	for _, p := range pts {
		doc.Points = append(doc.Points, historyPoint{
			Time:   time.Unix(p.Start, 0).UTC(),
			Active: value(p, history.SeriesActive), Suspended: value(p, history.SeriesSuspended),
			Paused: value(p, history.SeriesPaused), Completed: value(p, history.SeriesCompleted),
			Users: value(p, history.SeriesUsers), LatencyMs: value(p, history.SeriesLatency),
			Errors: value(p, history.SeriesErrors),
		})
	}
	return doc
}

func historySheet(pts []history.Point) sheet {
	s := sheet{head: []string{"time"}}
	for _, se := range history.AllSeries {
		s.head = append(s.head, se.String())
	}
	for _, p := range pts {
		row := []string{time.Unix(p.Start, 0).UTC().Format(time.RFC3339)}
		for _, se := range history.AllSeries {
			cell := ""
			if v, ok := p.Value(se); ok {
				cell = strconv.FormatFloat(v, 'f', -1, 64)
			}
			row = append(row, cell)
		}
		s.rows = append(s.rows, row)
	}
	return s
}

// windowText writes a window as the flag takes it: "7d", "24h", "90m".
func windowText(d time.Duration) string {
	switch {
	case d%(24*time.Hour) == 0 && d >= 48*time.Hour:
		return strconv.Itoa(int(d/(24*time.Hour))) + "d"
	case d%time.Hour == 0:
		return strconv.Itoa(int(d/time.Hour)) + "h"
	}
	return d.String()
}

const historyChartHeight = 3

func writeHistoryChart(w io.Writer, h *history.History, pts []history.Point, opt HistoryOptions) error {
	width := max(opt.Width, 20)
	var b strings.Builder
	title := "stratop history, profile " + text.Clean(opt.Profile) + ", last " + windowText(opt.Window)
	if s := h.Start(); s.IsZero() {
		title += ": nothing kept yet (the dashboard and the watcher keep it)"
	} else if opt.Now.Sub(s) < opt.Window {
		title += " (since " + s.Local().Format("Jan 2 15:04") + ")"
	}
	b.WriteString(cut(title, width) + "\n")
	span := history.FittedSpan(opt.Window, h.Start(), opt.Now)
	var cols []float64
	var rows []string
	for i, se := range history.AllSeries {
		first, last, ok := history.Change(pts, se)
		label := se.String()
		if ok {
			label += "  " + number(last) + "  " + change(last-first) + " over " + windowText(opt.Window)
		} else {
			label += "  no data"
		}
		b.WriteString("\n" + opt.Chart.Title(cut(label, width)) + "\n")
		cols = history.Columns(cols, pts, se, span, opt.Now, width*opt.Chart.PerCell())
		if span < opt.Window && se != history.SeriesErrors {
			history.HoldLevels(cols)
		}
		rows = opt.Chart.Rows(rows, i, cols, width, historyChartHeight)
		for _, r := range rows {
			b.WriteString(r + "\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// cut shortens a line to width without an ellipsis, so ASCII output stays
// ASCII.
func cut(s string, width int) string { return ansi.Truncate(s, width, "") }

// number keeps one decimal: latencies are means.
func number(v float64) string { return strconv.FormatFloat(math.Round(v*10)/10, 'f', -1, 64) }

func change(d float64) string {
	if d >= 0 {
		return "+" + number(d)
	}
	return number(d)
}
