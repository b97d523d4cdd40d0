// The design of the engine (the package comment is in event.go).
//
// Scopes. The whole integration (Integration), one or more users (Users),
// one or more strategies (Strategies), the profile's watched items
// (Watched). A members scope is read in full each interval: each strategy
// by id, each user's list in pages of 100; a strategy held for a user and
// no longer listed is read by id.
//
// Whole-integration coverage under a budget (default 300 requests a minute
// and 2 MiB a minute). The interface gives lists of at most 100 rows,
// filters by status, chain, category and method, totalCount on every list
// and reads by id. The floor for a guarantee is every row read once a
// period: N/100 requests. The engine does better for the changes operators
// care about, because it holds the last-known state of every strategy and
// so knows its own count of any cell:
//
//   - totals, every interval: one page of one row per listed status
//     (active, suspended, paused, completed) gives its totalCount, and the
//     dashboard stats the users count every fourth interval: 4 or 5
//     requests of under 1 KB;
//   - search, where a status's total differs from the strategies held in
//     it (those that grew first: a strategy moved in). Lists are in
//     creation order, so the list's row at position p (a page of one row)
//     equals the p-th held id up to the first difference; halving finds it
//     down to a range within one page of 100, which is read. The row there
//     either moved in (compared at once: a status event) or the held one
//     left (read by id: a status event, or vanished when the read says
//     archived or 404). About log2(n/50)+1 requests and 70 KB a change: 8
//     for a status of 4,000, 11 for 40,000. Splitting into filter cells
//     (chain, category, method) and reading the changed cell was measured
//     first: as good at 10,000, but at 100,000 the finest cells hold about
//     500 rows (5 pages) and it read 7.3 MB a minute;
//   - the rolling sweep, with what the request and byte budgets leave: the
//     next page of 100 of the whole list, oldest first, comparing every row.
//     It finds what totals cannot show (one strategy paused and another
//     resumed in one interval) and confirms by id what its pages skip.
//
// The first start (no cursor, or FromNow) reads the whole list once at the
// request budget (N/100 pages: 85 at 10,000, 850 at 100,000), silently:
// that is the starting point. Changes made while it reads are found by the
// totals right after. Later starts use the cursor and report what changed
// while the engine was down.
//
// The budget is two token buckets (requests and bytes a minute), each
// holding one interval's worth: totals and searches may overdraw the byte
// bucket, the sweep waits until it is paid back, so the bytes average the
// budget whatever the churn; searches stop when the requests run out and
// resume the next interval. Figures measured with scripts/watch_measure.sh
// are in PERFORMANCE.md ("Watch").
//
// Events and ids. An event's id derives from what identifies the change:
// the host, the kind, the strategy and, for a status change, the
// strategy's change sequence (kept in the cursor) and the status after.
// An event observed again after a crash therefore carries the same id.
//
// The cursor: see cursor.go.

package watch
