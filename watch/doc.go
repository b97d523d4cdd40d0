// The design of the engine (the package comment is in event.go).
//
// Scopes. The whole integration (Integration), one or more users (Users),
// one or more strategies (Strategies), the profile's watched items
// (Watched). A members scope (users, strategies, watched) is read in full
// each interval: each strategy by id, each user's list in pages of 100.
//
// Whole-integration coverage under a budget (default 300 requests a
// minute, 2 MiB a minute of list pages). The interface gives lists of at
// most 100 rows, filters by status, chain, category and method, totalCount
// on every list and reads by id. The floor for a guarantee is every row
// read once a period: N/100 requests. The engine does better for the
// changes operators care about:
//
//   - totals, every interval: one page of one row per listed status
//     (active, suspended, paused, completed) gives its totalCount, and the
//     dashboard stats give the users count: 5 requests of under 1 KB;
//   - drill, where a total differs from what the engine holds in that cell
//     (it holds every strategy, so it knows its own count of any cell): the
//     totals of the sub-cells by chain, then category, then method, each
//     compared again, down to a cell that costs fewer pages to read whole
//     than to split; its rows are compared one by one, and what the engine
//     holds in the cell that the cell no longer lists is read by id;
//   - vanished means confirmed by a read by id: 404 or archived (archived
//     strategies are left out of lists);
//   - a rolling sweep, with what the budget leaves: the next page of 100 of
//     the whole list, oldest first. It finds what totals cannot show, such
//     as one strategy paused and another resumed in the same cell in the
//     same interval; a full sweep takes N/100 pages.
//
// Figures (10,000 strategies, the default budget; PERFORMANCE.md has the
// measured ones): a list page of 100 rows is about 66 KB, a total about
// 0.7 KB. Totals cost 60 requests and 45 KB a minute; a drill to one
// changed strategy about 9 requests and one page; the sweep reads up to
// 2 MiB a minute, about 30 pages, so a full sweep of 10,000 takes about 3
// minutes and of 100,000 about 30.
//
// Events and ids. An event's id derives from what identifies the change:
// the host, the kind, the strategy and, for a status change, the
// strategy's change sequence (kept in the cursor) and the status after. An
// event observed again after a crash therefore carries the same id.
//
// The cursor: see cursor.go.

package watch
