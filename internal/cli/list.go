package cli

import (
	"context"
	"fmt"
	"io"

	"github.com/stratop/stratop/api"
)

// ListOptions are the flags of `strategies list`.
type ListOptions struct {
	User   string // with a user: getStrategies for that user
	Filter api.StrategyFilter
	All    bool // walk every page
}

// allPageSize is the page size of --all when none is given: the largest
// the interface allows, for the fewest requests.
const allPageSize = 100

// maxPages stops a server that never stops announcing more pages.
const maxPages = 100_000

// StrategiesList prints one page of strategies, or with All every page.
// JSON is one array of strategies either way, as every list command
// prints, so a script need not know which was asked; the page facts go to
// stderr. JSON lines are written page by page as they arrive. A strategy
// seen on an earlier page (the list moved while it was walked) is printed
// once.
func StrategiesList(ctx context.Context, o IO, c *api.Client, f Format, opt ListOptions) error {
	if err := api.ValidateFilter(opt.Filter); err != nil {
		return Usage("%s", err)
	}
	fetch := func(page int) (*api.StrategiesPage, error) {
		flt := opt.Filter
		flt.Page = page
		if opt.User != "" {
			return c.GetStrategies(ctx, api.UserStrategiesRequest{UserID: opt.User, StrategyFilter: flt})
		}
		return c.ListStrategies(ctx, flt)
	}
	if !opt.All {
		p, err := fetch(opt.Filter.Page)
		if err != nil {
			return readErr("strategies", err)
		}
		if p.Strategies == nil {
			p.Strategies = []api.Strategy{}
		}
		if err := writeItems(o.Out, f, p.Strategies, p.Strategies, sheetFor(f, strategySheet)); err != nil {
			return err
		}
		if p.NumberOfPages > p.Page && p.Page > 0 {
			fmt.Fprintf(o.Err, "page %d of %d (%d strategies): more exist; --all for every page, or --page %d\n",
				p.Page, p.NumberOfPages, p.TotalCount, p.Page+1)
		}
		return nil
	}

	if opt.Filter.PageSize == 0 {
		opt.Filter.PageSize = allPageSize
	}
	w := newPageWriter(o.Out, f)
	seen := map[int64]bool{}
	prog := progress{w: o.Err, on: o.ErrTerminal}
	defer prog.done()
	for page, pages := 1, 1; page <= pages && page <= maxPages; page++ {
		prog.show(page, pages)
		p, err := fetch(page)
		if err != nil {
			prog.done()
			return readErr(fmt.Sprintf("strategies page %d", page), err)
		}
		fresh := p.Strategies[:0:0]
		for _, s := range p.Strategies {
			if !seen[s.ID] {
				seen[s.ID] = true
				fresh = append(fresh, s)
			}
		}
		if err := w.page(fresh); err != nil {
			return err
		}
		if len(p.Strategies) == 0 {
			break
		}
		pages = p.NumberOfPages
	}
	prog.done()
	return w.end()
}

// pageWriter prints strategies as their pages arrive: JSON lines and CSV
// at once; a table and a JSON array once all are in (a table's columns
// need every row).
type pageWriter struct {
	out io.Writer
	f   Format
	all []api.Strategy
	csv *csvWriter
}

func newPageWriter(out io.Writer, f Format) *pageWriter {
	return &pageWriter{out: out, f: f, all: []api.Strategy{}}
}

func (w *pageWriter) page(ss []api.Strategy) error {
	switch w.f {
	case JSONL:
		for _, s := range ss {
			if err := writeJSONLine(w.out, s); err != nil {
				return err
			}
		}
		return nil
	case CSV:
		sh := strategySheet(ss, true)
		if w.csv == nil {
			w.csv = newCSV(w.out)
			if err := w.csv.row(sh.head); err != nil {
				return err
			}
		}
		for _, r := range sh.rows {
			if err := w.csv.row(r); err != nil {
				return err
			}
		}
		return w.csv.flush()
	}
	w.all = append(w.all, ss...)
	return nil
}

func (w *pageWriter) end() error {
	switch w.f {
	case JSONL:
		return nil
	case CSV:
		if w.csv == nil {
			return writeCSV(w.out, strategySheet(nil, true))
		}
		return nil
	case JSON:
		return writeJSON(w.out, w.all)
	}
	return writeTable(w.out, strategySheet(w.all, false))
}

// progress is the "page 3/7" line on a terminal's stderr, erased when done.
type progress struct {
	w     io.Writer
	on    bool
	shown bool
}

func (p *progress) show(page, pages int) {
	if !p.on {
		return
	}
	p.shown = true
	fmt.Fprintf(p.w, "\r\x1b[Kfetching page %d of %d…", page, max(pages, page))
}

func (p *progress) done() {
	if p.shown {
		fmt.Fprint(p.w, "\r\x1b[K")
		p.shown = false
	}
}
