package model

// The Activity tab's own feeds. They poll at the poll interval whichever tab
// is shown, so changes reach the feed while the operator looks elsewhere:
//
//   - watched strategies, each read by id (a 404 confirms it is gone);
//   - watched users' strategies (getFilteredStrategies, first page of 100);
//     a strategy that left a complete list is read by id to tell archived
//     or gone apart from a move;
//   - the audit log file, read again only when its size or time changed.

import (
	"cmp"
	"context"
	"errors"
	"maps"
	"os"
	"slices"
	"sync"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/audit"
	"github.com/stratop/stratop/watch"
)

// Sizes of the background reads.
const (
	watchedUserPage = 100 // the spec's maximum page size
	watchReads      = 4   // reads by id in parallel
)

// watchData is one poll of the watched strategies.
type watchData struct {
	strategies []api.Strategy
	gone       []int64
}

func (w *watchData) observe(s watch.Span) watch.Observation {
	return watch.Observation{Source: watch.SourceWatch, Span: s, Complete: true, Strategies: watch.Each(w.strategies), Gone: w.gone}
}

// readByID reads each id (watchReads at a time) and sorts the answers into
// records and ids that do not exist. Any other error fails the whole read.
func readByID(ctx context.Context, client API, ids []int64) ([]api.Strategy, []int64, error) {
	var (
		mu    sync.Mutex
		wg    sync.WaitGroup
		found []api.Strategy
		gone  []int64
		first error
	)
	sem := make(chan struct{}, watchReads)
	for _, id := range ids {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			s, err := orEmpty(client.GetStrategy(ctx, id))
			mu.Lock()
			defer mu.Unlock()
			switch {
			case errors.Is(err, api.ErrNotFound):
				gone = append(gone, id)
			case err != nil:
				if first == nil {
					first = err
				}
			default:
				found = append(found, cleanStrategy(*s))
			}
		}()
	}
	wg.Wait()
	if first != nil {
		return nil, nil, first
	}
	slices.SortFunc(found, func(a, b api.Strategy) int { return cmp.Compare(a.ID, b.ID) })
	slices.Sort(gone)
	return found, gone, nil
}

func fetchWatched(e *env, ids []int64, gen uint64) tea.Cmd {
	client := e.api
	return fetchCmd(e, feedWatchStrategies, gen, func(ctx context.Context) (*watchData, error) {
		found, gone, err := readByID(ctx, client, ids)
		if err != nil {
			return nil, err
		}
		return &watchData{strategies: found, gone: gone}, nil
	})
}

// usersWatchData is one poll of the watched users' strategies.
type usersWatchData struct {
	strategies []api.Strategy
	gone       []int64
	byUser     map[string][]int64 // ids listed per user when the list was complete
}

func (u *usersWatchData) observe(s watch.Span) watch.Observation {
	return watch.Observation{Source: watch.SourceWatchedUsers, Span: s, Complete: true, Strategies: watch.Each(u.strategies), Gone: u.gone}
}

// fetchWatchedUsers lists each watched user's strategies. prev is this
// feed's previous answer (immutable): an id a complete list held then and
// lacks now is read by id, so "archived" and "gone" are told from a move
// to another user or past the first page.
func fetchWatchedUsers(e *env, users []string, prev *usersWatchData, gen uint64) tea.Cmd {
	client := e.api
	return fetchCmd(e, feedWatchUsers, gen, func(ctx context.Context) (*usersWatchData, error) {
		out := &usersWatchData{byUser: make(map[string][]int64, len(users))}
		var missing []int64
		for _, u := range users {
			r, err := orEmpty(client.GetFilteredStrategies(ctx, api.FilteredStrategiesRequest{UserID: u, Category: "all", StrategyMethod: "all", Page: 1, PageSize: watchedUserPage}))
			if err != nil {
				return nil, err
			}
			ids := make([]int64, 0, len(r.Strategies))
			for _, it := range r.Strategies {
				s := cleanStrategy(it.Strategy)
				if s.UserID == "" {
					s.UserID = u
				}
				out.strategies = append(out.strategies, s)
				ids = append(ids, s.ID)
			}
			if r.Pagination.TotalPages > 1 {
				continue // not the whole list: nothing can be said of what is missing
			}
			slices.Sort(ids)
			out.byUser[u] = ids
			if prev != nil {
				for _, id := range prev.byUser[u] {
					if _, ok := slices.BinarySearch(ids, id); !ok {
						missing = append(missing, id)
					}
				}
			}
		}
		if len(missing) > 0 {
			found, gone, err := readByID(ctx, client, missing)
			if err != nil {
				return nil, err
			}
			out.strategies = append(out.strategies, found...)
			out.gone = gone
		}
		return out, nil
	})
}

// auditData is the audit log as last read, and the files' state then.
type auditData struct {
	records []audit.Record
	// inFlight are the actions without an outcome that may still get one
	// (audit.Record.InFlight), by seq, as of the read.
	inFlight map[string]bool
	stamp    auditStamp
	err      string // the log could not be read (in words), "" when fine
}

// pending says some action was read without its outcome.
func (d *auditData) pending() bool {
	for i := range d.records {
		if d.records[i].Pending {
			return true
		}
	}
	return false
}

// flights are the records' in-flight states at now.
func flights(recs []audit.Record, now time.Time) map[string]bool {
	out := map[string]bool{}
	for i := range recs {
		if recs[i].InFlight(now) {
			out[recs[i].Seq] = true
		}
	}
	return out
}

// auditStamp is what tells the log changed without reading it.
type auditStamp struct {
	size, prevSize int64
	mod, prevMod   time.Time
}

func statAudit(path string) auditStamp {
	var st auditStamp
	if fi, err := os.Stat(path); err == nil {
		st.size, st.mod = fi.Size(), fi.ModTime()
	}
	if fi, err := os.Stat(audit.PreviousPath(path)); err == nil {
		st.prevSize, st.prevMod = fi.Size(), fi.ModTime()
	}
	return st
}

// fetchAudit reads the audit log from since when it changed since prev.
// An action without an outcome is looked at again on every poll: its
// sender may have gone, or its deadline passed, without the log changing.
// A log that cannot be read is said in words, not a failed poll.
func fetchAudit(e *env, path string, since time.Time, prev *auditData, gen uint64) tea.Cmd {
	now := e.now
	return fetchCmd(e, feedAudit, gen, func(context.Context) (*auditData, error) {
		st := statAudit(path)
		if prev != nil && prev.stamp == st && prev.err == "" {
			if !prev.pending() {
				return prev, nil
			}
			recs := slices.Clone(prev.records)
			audit.CheckWriters(path, recs)
			fl := flights(recs, now())
			if maps.Equal(fl, prev.inFlight) {
				return prev, nil
			}
			return &auditData{records: recs, inFlight: fl, stamp: st}, nil
		}
		recs, err := audit.Read(path, since)
		if err != nil {
			return &auditData{stamp: st, err: err.Error()}, nil
		}
		return &auditData{records: recs, inFlight: flights(recs, now()), stamp: st}, nil
	})
}
