package model

// Export (ctrl+s): the list the visible tab shows, with its filters and
// order, to a CSV file in the current directory, with the columns and exact
// amounts of `stratop ... -o csv` (internal/cli writes both). A client-side
// list (Users, Pools) writes the rows it holds, every one that passes the
// filter and not only those on screen. A server-paged list (Strategies)
// fetches every page of its filter first, with a progress line when there
// is more than one. The file is created 0600 and never overwritten.

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/internal/cli"
	"github.com/stratop/stratop/ui"
)

// exportPageSize is the page size of an export's reads: the interface's
// largest, for the fewest requests.
const exportPageSize = 100

// maxExportPages stops a server that never stops announcing pages.
const maxExportPages = 10_000

// exportPlan is what a tab gives the export: either the rows it holds,
// ready to write, or a read of its list page by page.
type exportPlan struct {
	tab   string                                  // in the file name: "users"
	write func(w io.Writer) (rows int, err error) // rows held by the tab
	page  func(ctx context.Context, page int) ([]api.Strategy, int, error)
}

// exportJob is the export under way, if any.
type exportJob struct {
	running bool
	gen     uint64
	path    string
	plan    exportPlan
	rows    []api.Strategy // of the pages read so far
	seen    map[int64]bool
}

// exportPageMsg is one page of a paged export.
type exportPageMsg struct {
	gen   uint64
	page  int
	pages int
	rows  []api.Strategy
	err   error
}

func (m exportPageMsg) toolGen() uint64 { return m.gen }

// exportedMsg is the end of an export.
type exportedMsg struct {
	gen  uint64
	rows int
	path string
	err  error
}

func (m exportedMsg) toolGen() uint64 { return m.gen }

// exportFileName is stratop-TAB-YYYYMMDD-HHMMSS.csv.
func exportFileName(tab string, now time.Time) string {
	return "stratop-" + tab + "-" + now.Format("20060102-150405") + ".csv"
}

// startExport is ctrl+s.
func (m Model) startExport() (Model, tea.Cmd) {
	l, ok := m.tabs[m.active].(lister)
	var rows listRows
	if ok {
		rows = l.listRows()
	}
	switch {
	case !ok || rows.count == 0:
		m = m.say(ui.NoticeNothingToExport)
		return m, nil
	case m.tools.export.running:
		m = m.say(ui.NoticeExportBusy)
		return m, nil
	}
	plan := rows.exportPlan()
	m.tools.gen++
	dir := m.env.tools.exportDir
	if dir == "" {
		dir = "."
	}
	job := exportJob{running: true, gen: m.tools.gen, plan: plan,
		path: filepath.Join(dir, exportFileName(plan.tab, m.env.now()))}
	if plan.page == nil {
		m.tools.export = job
		return m, writeExportCmd(job.gen, job.path, plan.write)
	}
	job.seen = map[int64]bool{}
	m.tools.export = job
	return m, exportPageCmd(m.env, job.gen, plan, 1)
}

// exportPageCmd reads one page of a paged export.
func exportPageCmd(e *env, gen uint64, plan exportPlan, page int) tea.Cmd {
	ctx, timeout := e.ctx, e.fetchTimeout
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, timeout)
		defer cancel()
		rows, pages, err := plan.page(ctx, page)
		return exportPageMsg{gen: gen, page: page, pages: pages, rows: rows, err: err}
	}
}

// exportPage takes a page: the next one is read, or the file written.
func (m Model) exportPage(msg exportPageMsg) (Model, tea.Cmd) {
	job := m.tools.export
	if !job.running || msg.gen != job.gen {
		return m, nil
	}
	if msg.err != nil {
		m.tools.export = exportJob{}
		m = m.say(ui.NoticeExportFailed(api.Explain(msg.err, m.env.host)))
		return m, nil
	}
	rows := slices.Clone(job.rows)
	seen := job.seen
	for _, s := range msg.rows {
		// A strategy that moved to a later page while the pages were
		// read is written once.
		if !seen[s.ID] {
			seen[s.ID] = true
			rows = append(rows, s)
		}
	}
	job.rows = rows
	m.tools.export = job
	if msg.page < msg.pages && msg.page < maxExportPages && len(msg.rows) > 0 {
		m = m.say(ui.NoticeExporting(msg.page+1, msg.pages, len(rows)))
		return m, exportPageCmd(m.env, job.gen, job.plan, msg.page+1)
	}
	if msg.pages > 1 {
		m = m.say(ui.NoticeExporting(msg.page, msg.pages, len(rows)))
	}
	return m, writeExportCmd(job.gen, job.path, func(w io.Writer) (int, error) {
		return len(rows), cli.StrategiesCSV(w, rows)
	})
}

// exported ends the export with the file's path or the reason it failed.
func (m Model) exported(msg exportedMsg) (Model, tea.Cmd) {
	if msg.gen != m.tools.export.gen {
		return m, nil
	}
	m.tools.export = exportJob{}
	if msg.err != nil {
		m = m.say(ui.NoticeExportFailed(msg.err.Error()))
		return m, nil
	}
	m = m.say(ui.NoticeExported(msg.rows, msg.path))
	return m, nil
}

// writeExportCmd creates the file (0600, never over an existing one) and
// writes the CSV; a file left half written is removed.
func writeExportCmd(gen uint64, path string, write func(io.Writer) (int, error)) tea.Cmd {
	return func() tea.Msg {
		rows, err := writeExport(path, write)
		if filepath.Dir(path) != "." {
			if abs, aerr := filepath.Abs(path); aerr == nil {
				path = abs
			}
		}
		return exportedMsg{gen: gen, rows: rows, path: path, err: err}
	}
}

func writeExport(path string, write func(io.Writer) (int, error)) (int, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		if errors.Is(err, os.ErrExist) {
			return 0, errors.New(filepath.Base(path) + " exists already")
		}
		return 0, err
	}
	rows, err := write(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		_ = os.Remove(path)
		return 0, err
	}
	return rows, nil
}
