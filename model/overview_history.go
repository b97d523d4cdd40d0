package model

// The Overview's history: read from the profile's file by a command the
// program runs at start (the first frame never waits for it), fed a sample
// by every read of the counts and of the stats. At most every
// history.SaveEvery a command adds the samples taken since the last write
// to the file (serve, watch and other dashboards write it too, see
// history.SaveSamples) and hands back what the file then holds; the file
// write never touches what Update mutates.

import (
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/history"
	"github.com/stratop/stratop/internal/text"
	"github.com/stratop/stratop/ui"
)

// trendWindows are the windows + and - switch between.
var trendWindows = []time.Duration{time.Hour, 24 * time.Hour, 7 * 24 * time.Hour}

type (
	historyLoadedMsg struct {
		session uint64
		h       *history.History
		err     error
		shared  bool   // h is Prometheus's
		note    string // why Prometheus was not read
	}
	historySavedMsg struct {
		session uint64
		merged  *history.History // what the file holds after the write
		written []history.Sample // the samples the write added
		err     error
	}
)

// trendSeries are the Overview's trends, in drawing order.
var trendSeries = []struct {
	series history.Series
	name   string
	tone   ui.Tone
	unit   string
}{
	{history.SeriesActive, "active", ui.ToneActive, ""},
	{history.SeriesSuspended, "suspended", ui.ToneSuspended, ""},
	{history.SeriesPaused, "paused", ui.TonePaused, ""},
	{history.SeriesCompleted, "completed", ui.ToneCompleted, ""},
	{history.SeriesUsers, "users", ui.ToneDefault, ""},
	{history.SeriesLatency, "latency", ui.ToneMuted, "ms"},
	{history.SeriesErrors, "errors", ui.ToneNegative, ""},
}

// overviewHistory is the Overview's part that keeps the history. h is
// mutated in place, by the Overview's Update only.
type overviewHistory struct {
	h       *history.History // nil until the file was read
	unsaved []history.Sample // taken since the last write (or the load)
	note    string           // why the history is not kept or not read (in words)
	shared  bool             // h came from Prometheus: a write of the file does not replace it
	savedAt time.Time
	saving  bool
	window  int         // index into trendWindows
	cache   *trendCache // shared by the tab's copies; touched by Update only
}

// trendCache keeps the trends and their lines between frames: the display
// clock redraws the Overview every second, the charts change only with a
// sample, the window or a column boundary.
type trendCache struct {
	key   trendKey
	data  ui.TrendsData
	width int
	rows  int
	lines []string
}

type trendKey struct {
	version uint64
	window  int
	end     time.Time
	charts  ui.ChartStyle
	columns int
	loading bool
	note    string
	hasHist bool
}

// historyDelay is how long after start the file is read: past the first
// frame (the renderer draws within its first tick, about 22 ms), so the
// decoding never competes with it on the dashboard's one P.
const historyDelay = 100 * time.Millisecond

// loadHistory is the command that reads the file once historyDelay passed.
func loadHistory(e *env) tea.Cmd {
	path, session := e.historyPath, e.session
	if prom, id := e.prometheus, e.integration; prom != "" && !id.IsZero() {
		return tea.Tick(historyDelay, func(time.Time) tea.Msg { return sharedHistory(prom, id.String(), path, session) })
	}
	if path == "" {
		return func() tea.Msg { return historyLoadedMsg{session: session, h: history.New()} }
	}
	return tea.Tick(historyDelay, func(time.Time) tea.Msg {
		h, err := history.Load(path)
		return historyLoadedMsg{session: session, h: h, err: err}
	})
}

// loaded takes the file's history and adds what was sampled meanwhile
// (still to be written).
func (oh overviewHistory) loaded(msg historyLoadedMsg) overviewHistory {
	oh.h, oh.shared = msg.h, msg.shared
	switch {
	case msg.err != nil:
		oh.note = "history not read: " + text.Clean(msg.err.Error())
	case msg.note != "":
		oh.note = msg.note
	}
	for _, s := range oh.unsaved {
		oh.h.Add(s)
	}
	return oh
}

// add records a sample and, when due, returns the command that adds the
// unsaved samples to the file.
func (oh overviewHistory) add(e *env, s history.Sample) (overviewHistory, tea.Cmd) {
	oh.unsaved = history.KeepUnsaved(oh.unsaved, s)
	if oh.h == nil {
		return oh, nil
	}
	oh.h.Add(s)
	if e.historyPath == "" || oh.saving || (!oh.savedAt.IsZero() && s.Time.Sub(oh.savedAt) < history.SaveEvery) {
		return oh, nil
	}
	written, snap, path, session := oh.unsaved, oh.h.Clone(), e.historyPath, e.session
	oh.unsaved = nil
	oh.saving, oh.savedAt = true, s.Time
	return oh, func() tea.Msg {
		merged, err := history.SaveSamples(path, written, snap)
		return historySavedMsg{session: session, merged: merged, written: written, err: err}
	}
}

// saved takes what the file holds after a write (other writers' samples
// too) and adds the samples taken during the write; after a failed write
// the samples it carried are unsaved again.
func (oh overviewHistory) saved(msg historySavedMsg) overviewHistory {
	oh.saving = false
	if msg.err != nil {
		oh.note = "history not saved: " + text.Clean(msg.err.Error())
		since := oh.unsaved
		oh.unsaved = nil
		for _, s := range append(msg.written, since...) {
			oh.unsaved = history.KeepUnsaved(oh.unsaved, s)
		}
		return oh
	}
	if oh.shared {
		return oh // the file is kept for a fallback; the trends stay Prometheus's
	}
	if oh.note != "" {
		oh.note = ""
	}
	oh.h.Replace(msg.merged)
	for _, s := range oh.unsaved {
		oh.h.Add(s)
	}
	return oh
}

// shift moves the window by d (+1 longer, -1 shorter) within trendWindows.
func (oh overviewHistory) shift(d int) overviewHistory {
	oh.window = min(max(oh.window+d, 0), len(trendWindows)-1)
	return oh
}

// axisEnd is the end of the chart's time axis: the end of the column now
// falls in, so the columns move only when a new one begins and an idle
// Overview redraws a chart when a value changes, not every second.
func axisEnd(now time.Time, window time.Duration, columns int) time.Time {
	if columns > 0 {
		if step := window / time.Duration(columns); step > 0 {
			return now.Truncate(step).Add(step)
		}
	}
	return now
}

// cached returns the trends for a chart of chartWidth cells and a function
// drawing their lines, from the cache while nothing they show changed.
func (oh overviewHistory) cached(st ui.Styles, now time.Time, charts ui.ChartStyle, chartWidth int) (ui.TrendsData, func(width, rows int) []string) {
	c := oh.cache
	n := chartWidth * charts.PerCell()
	key := trendKey{window: oh.window, charts: charts, columns: n, loading: oh.h == nil, note: oh.note,
		end: axisEnd(now, trendWindows[oh.window], n)}
	if oh.h != nil {
		key.version, key.hasHist = oh.h.Version(), true
	}
	if c.key != key || c.data.Window == 0 {
		c.key, c.data, c.lines = key, oh.trends(now, charts, chartWidth), nil
	}
	return c.data, func(width, rows int) []string {
		if c.lines == nil || c.width != width || c.rows != rows {
			c.lines, c.width, c.rows = ui.TrendLines(c.lines[:0], st, c.data, width, rows, now), width, rows
		}
		return c.lines
	}
}

// trends prepares the Trends part for a chart of chartWidth cells.
func (oh overviewHistory) trends(now time.Time, charts ui.ChartStyle, chartWidth int) ui.TrendsData {
	w := trendWindows[oh.window]
	d := ui.TrendsData{Window: w, Charts: charts, Loading: oh.h == nil, Note: oh.note}
	if oh.shared {
		d.Source = "Prometheus"
	}
	if oh.h == nil {
		return d
	}
	d.Since = oh.h.Start()
	n := chartWidth * charts.PerCell()
	now = axisEnd(now, w, n)
	pts := oh.h.Points(nil, w, now)
	span := history.FittedSpan(w, d.Since, now)
	d.Fitted = span < w
	d.Series = make([]ui.Trend, len(trendSeries))
	for i, ts := range trendSeries {
		tr := ui.Trend{Name: ts.name, Tone: ts.tone, Unit: ts.unit}
		tr.Values = history.Columns(nil, pts, ts.series, span, now, n)
		if d.Fitted && ts.series != history.SeriesErrors {
			history.HoldLevels(tr.Values)
		}
		if first, last, ok := history.Change(pts, ts.series); ok {
			tr.Has, tr.Current, tr.Change = true, last, last-first
		}
		d.Series[i] = tr
	}
	return d
}

// flush is the command that adds the unsaved samples to the file,
// synchronously (the program quits after it), or nil.
func (oh overviewHistory) flush(e *env) tea.Cmd {
	if oh.h == nil || e.historyPath == "" || len(oh.unsaved) == 0 {
		return nil
	}
	written, snap, path := oh.unsaved, oh.h.Clone(), e.historyPath
	return func() tea.Msg {
		_, _ = history.SaveSamples(path, written, snap) // quitting: nowhere left to say it failed
		return nil
	}
}

// flusher is a tab with something to write before the program quits.
type flusher interface{ flush() tea.Cmd }

func (t overviewTab) flush() tea.Cmd { return t.hist.flush(t.env) }

// quit writes what the tabs keep (the history's last minute), then quits.
func (m Model) quit() tea.Cmd {
	var cmds []tea.Cmd
	for _, t := range m.tabs {
		if f, ok := t.(flusher); ok {
			if c := f.flush(); c != nil {
				cmds = append(cmds, c)
			}
		}
	}
	if len(cmds) == 0 {
		return tea.Quit
	}
	return tea.Sequence(append(cmds, tea.Quit)...)
}
