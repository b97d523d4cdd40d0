// The design of the engine (the package comment is in event.go).
//
// Scopes. The whole integration (Integration), one or more users (Users),
// one or more strategies (Strategies), the profile's watched items
// (Watched). A members scope is read in full each interval, in turn when
// the budget does not reach every member: each strategy by id, each user's
// list in pages of 100; a strategy held for a user and no longer listed is
// read by id. The watched items change while a watch runs (Options.Follow):
// a member added is read, its first read the starting point; one removed
// is forgotten without an event.
//
// Whole-integration coverage under a budget (default 300 requests and
// 16 MiB in any minute). The interface gives lists of at most 100 rows,
// filters by status, chain, category and method, totalCount on every list
// and reads by id. The floor for a guarantee is every row read once a
// period: N/100 requests. The engine does better for the changes operators
// care about, because it holds the last-known state of every strategy, in
// the lists' order:
//
//   - totals, every interval: one page of one row per listed status
//     (active, suspended, paused, completed) gives its totalCount, and the
//     dashboard stats the users count every fourth interval: 4 or 5
//     requests of under 1 KB. The row is taken at a probe's position, so
//     the totals are probes too (below);
//   - the drill, where a status's total differs from the strategies held
//     in it: each change found the cheaper way (the cost model, below),
//     searching by position or reading the status whole. Lists are in
//     creation order, so the list's row at position p (a page of one row)
//     equals the p-th held id while the two agree; halving between a
//     position where they agree and one where they differ ends where they
//     part, down to a range within one page of 100, which is read. The row
//     there either moved in (compared at once: a status event) or the held
//     one left (read by id: a status event, or vanished when the read says
//     archived or 404). About log2(n/50)+1 requests and 70 KB a change: 8
//     for a status of 4,000, 11 for 40,000. Splitting into filter cells
//     (chain, category, method) and reading the changed cell was measured
//     first: as good at 10,000, but at 100,000 the finest cells hold about
//     500 rows (5 pages) and it read 7.3 MB a minute;
//   - probes by position (probe.go), for what totals cannot show: one
//     strategy suspended and another resumed in one interval, or held rows
//     gone stale while the first full read was under way whose moves cancel.
//     Such changes still shift the list's rows between the two strategies
//     against the held ids, so a page of one row at a position between
//     them shows another id than the held one, and a search between the
//     list's start and that position finds one of the pair; the other then
//     shows in the totals. Up to 4 positions a status an interval (the
//     total's own row and 3 more, with the requests the sweep does not
//     need), spread over the list with an offset that turns by the golden
//     ratio each interval: a pair a fraction g of the list apart is caught
//     in an interval with a chance of about 4g in each of its two lists.
//     Totals per filter cell instead were not tried: status by category
//     and method alone is 24 requests, of the 25 an interval holds, and
//     would catch only pairs of different cells;
//   - the rolling sweep, with what the request budget leaves, paced to a
//     sixteenth of the byte budget (1 MiB a minute at the default): the
//     next page of 100 of the whole list, oldest first, comparing every
//     row. It finds what the probes may take long to meet (a pair side by
//     side) and confirms by id what its pages skip: at 10,000 strategies
//     about 15 pages a minute, a pass in about 7 minutes.
//
// The cost model (drill.go). A way of finding changes costs requests and
// bytes; its cost is the time it takes at the budget, the longer of
// requests / (Budget a minute) and bytes / (ByteBudget a minute). For a
// status of n rows expected to hold k changes (k the larger of the
// difference between its total and what is held there, and the changes
// its last intervals settled, since moves in and out cancel in a total):
//
//	search  k * (ceil(log2(n/50)) + 1) requests, k of them pages of 100
//	whole   ceil(n/100) pages
//
// and the cheaper is done; the statuses that differ are taken cheapest
// change first, a strategy that left costing one read by id more, but one
// that has differed for six intervals goes first, so that a large status
// that only shrank (archives) does not wait behind every cheaper change.
// A whole read the budget cuts short goes on from the same page the next
// interval. The searches of an interval reuse the rows its reads showed by
// position, so each starts where the last left off; the model does not
// count on it (with one or two changes a status it saves little). With
// 70 KB pages at the defaults searching pays up to about k = 3 in a status
// of 1,500, k = 14 at 10,000, k = 46 at 40,000: at 20 changes a minute the
// engine searches; the sandbox's own simulation at one step a second
// completes up to 200 strategies a minute of 3,000, and the engine reads
// the completed list whole.
//
// The bound this gives: a change is read at the latest by the first cycle
// that starts after it (one interval) and, at any change rate, within the
// time of one full pass of the list at the budget, since the drill never
// reads more than the changed statuses whole. With P = N/100 pages of b
// bytes, a pass takes the longer of P / (Budget a second) and P * b /
// (ByteBudget a second): p99 delay <= interval + pass. At the defaults
// (5 s, 300 requests and 16 MiB a minute, b = 70 KB): 3,000 strategies
// 5 + 7.6 s; 10,000 5 + 25 s; 100,000 5 + 252 s. Below the rate where
// whole reads pay, a change costs a search, far less than a pass, as
// long as the searches fit the request budget. The bound does not hold
// where they do not and whole reads still cost more: at 100,000
// strategies a change costs about 11 requests, and 20 a minute with the
// totals' 48 take the whole 300, so a backlog never drains (measured: p99
// about 5 minutes, PERFORMANCE.md). The model does not yet turn to whole
// reads once the searches fall behind.
//
// Finer totals (a status's total per chain, category or method) would
// narrow a search: a filter of v values costs up to v-1 totals and saves
// log2(v) halvings for each change in the status, so it pays only when
// several changes share the totals (k*log2(v) > v-1). With one or two
// changes a status an interval, as at 20 a minute, it does not; with many
// in a small status, the whole read is cheaper still. It would pay for a
// backlog in a large status (tens of changes in 20,000 rows, after a
// long stop): the engine does not narrow yet.
//
// The first start (no cursor, or FromNow) reads the whole list once at the
// request budget (N/100 pages: 85 at 10,000, 850 at 100,000), silently:
// that is the starting point. Changes made while it reads are found right
// after by the totals, the probes and the sweep. Later starts use the
// cursor and report what changed while the engine was down.
//
// The budget (budget.go) is two hard limits: no 60 s holds more than
// Options.Budget requests or Options.ByteBudget bytes (headers included),
// whatever the engine does. Every attempt goes through them, retries of a
// read included: the read waits for room before the client sends it, and
// holds its share from then until 60 s after its answer, so any 60 s of
// sends, as the interface sees them, holds at most the budget (window.go).
// Under the limits, buckets of one interval's worth pace the reads over
// the minute, so a busy interval does not spend the minute at once and
// leave the next ones without their totals; the rolling sweep paces itself
// to a sixteenth of the byte budget, so a quiet integration costs little.
// The bytes can pass the byte budget only by what the requests under way
// moved beyond their estimates (a page's rows at the size last measured).
// Figures measured with scripts/watch_measure.sh are in PERFORMANCE.md
// ("Watch").
//
// Events and ids. An event's id derives from what identifies the change:
// the host, the kind, the strategy and, for a status change, the
// strategy's change sequence (kept in the cursor) and the status after.
// An event observed again after a crash therefore carries the same id.
//
// Reads made elsewhere. A dashboard reads pages, detail panes and watched
// items for its own screen; those reads are changes seen too. Observe hands
// one to a running engine (inbox.go): queued, applied on Run's goroutine
// between cycles, and compared with a held row only when the read began
// after the read that last set the row (marks from Mark, one order for the
// whole process), so an older reply never reports a change back. Without
// an engine, Shown (shown.go) is the same differ over what a front end
// shows and watches only: its state is what is on screen, forgotten when
// no read shows it any more.
//
// The cursor: see cursor.go.

package watch
