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
//     the totals are probes too (below). Once the budget is the limit (two
//     intervals in a row ended with differences left and no request to
//     spare), every third interval only (short.go): changes then wait
//     longer than an interval anyway, the statuses searched return their
//     own totals, and the 32 requests a minute saved settle three more
//     changes a minute at 100,000 strategies;
//   - the drill, where a status's total differs from the strategies held
//     in it: its changes found the cheapest way (the cost model, below),
//     searching by position, reading the status whole, or narrowing it
//     first by a filter's totals. Lists are in creation order, so the
//     list's row at position p (a page of one row) equals the p-th held id
//     while the two agree; halving between a position where they agree
//     and one where they differ ends where they part, down to a range one
//     page holds (a page of s rows starts at a multiple of s, so any s up
//     to 100 that fits), which is read. The row there either moved in
//     (compared at once: a status event) or the held one left (read by
//     id: a status event, or vanished when the read says archived or 404).
//     About log2(n/64)+1 requests and 70 KB a change: 7 for a status of
//     4,000, 10 for 40,000. A status whose total agrees with what is held
//     is drilled too when a row the interval read of it is not the id
//     held at its place (hidden.go): a strategy in and another out cancel
//     in the total, and under steady changes a status's pending gains hide
//     as many losses (archives most of all, which show nowhere else);
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
// The cost model (drill.go, narrow.go). A way of finding changes costs
// requests and bytes; its cost is the time it takes at the budget, the
// longer of requests / (Budget a minute) and bytes / (ByteBudget a
// minute). For a cell (a status, or a status with some of chain, category
// and method) of n rows expected to hold k changes (k the larger of the
// difference between its total and what is held there and, for a status,
// the changes its last intervals settled, since moves in and out cancel
// in a total), each interval:
//
//	search  k * (ceil(log2(n/64)) + 1) requests, k of them pages
//	whole   ceil(n/100) pages
//	split   v pages of one row (the totals of the cell's v parts by one
//	        filter: its chains, categories or methods), then in each part
//	        likely to hold a change (1 - (1 - m/n)^k for a part of m rows)
//	        its share of the k the cheaper of search and whole
//
// and the cheapest is done; a split drills each part whose total differs
// the same way, so a part may split again by another filter, down to the
// finest cells. A status held apart from its total for as long as its
// whole read takes, whose difference more than doubled meanwhile (more
// changes come than the searches settle) or of which repeated drills
// settled none (moves that cancel where they look), has searches that
// fell behind: it is read whole, and its clock starts again when the read
// ends. A doubled difference starts a whole read only when it takes at
// most a quarter of a minute at the budget (about 6,000 rows at 70 KB a
// page): a whole read takes the budget for its length, and at 100,000
// strategies one of a status is 25 to 100 s while every change elsewhere
// waits, where a search costs ten requests. A backlog the searches work
// through is left to them: cut off, its changes and every later one
// elsewhere would wait for a whole read. A whole read the budget cuts
// short goes on from the same page the next interval; finer totals kept
// from an earlier interval that no longer explain anything (a change
// since moved between parts) are dropped at once and the status drilled
// afresh. The statuses that differ are taken cheapest change first, a
// strategy that left costing one read by id more, but one that has waited
// six intervals goes first: waiting from when it began to differ or, if
// later, from the last interval that settled one of its changes (a large
// status that never stops differing would otherwise stay the oldest and
// take every interval's budget), and from when it began to hold more than
// its total whatever was settled in it since, while no status shows a
// gain that may be the same move (a strategy that left without arriving
// elsewhere, an archive, shows only there and costs the most to find). The searches of an interval reuse the rows its reads
// showed by position, so each starts where the last left off; the model
// does not count on it (with one or two changes a status it saves
// little).
//
// Where each way pays, at the defaults (70 KB pages): a whole read over
// searching from about k = 3 in a status of 1,500, k = 14 at 10,000, k =
// 46 at 40,000; a split over searching once several changes share its
// reads, since v parts save about log2(v) halvings a change for v
// requests: from k = 3 or so by chain (5 parts) in a status of 40,000,
// never for one change. At 20 changes a minute the engine searches; the
// sandbox's own simulation at one step a second completes up to 200
// strategies a minute of 3,000, and the engine reads the completed list
// whole; a backlog (a restart after a stop, a burst) in a large status is
// narrowed: twelve changes in 16,000 rows took 53 requests, where
// searching takes about 108 (TestABacklogInALargeStatusIsNarrowedByFinerTotals).
//
// The bound this gives: a change is read at the latest by the first cycle
// that starts after it (one interval) and, at any change rate, within the
// time of one full pass of the list at the budget: a status's searches
// that keep up settle it within intervals, those that fall behind are
// cut off after a whole read's time and replaced by one, so a change
// waits at most about twice its status's whole read, and a status holds
// at most half the list in practice (the sandbox's active 40 %, of 85 %
// listed). Where searches drain a backlog more slowly than a whole read
// would, the bound is not kept: they are left to it, since a whole read of
// a large status takes the whole budget for its length and every change
// elsewhere would wait for it; so a doubled difference reads a status
// whole only where that takes at most a quarter of a minute (measured at
// 100,000: PERFORMANCE.md).
// With P = N/100 pages of b bytes, a pass takes the longer of P / (Budget
// a second) and P * b / (ByteBudget a second): p99 delay <= interval +
// pass. At the defaults (5 s, 300 requests and 16 MiB a minute, b = 70
// KB): 3,000 strategies 5 + 7.6 s; 10,000 5 + 25 s; 100,000 5 + 252 s.
// Below the rate where whole reads pay, a change costs a search, far less
// than a pass, as long as the searches fit the request budget: at 100,000
// strategies a change costs about 10 requests, so 20 a minute with the
// totals' 48 take some 250 of the 300 (with the totals every third
// interval, 16, some 215), and a backlog drains at the few changes a
// minute left over, or by narrowing: after a restart with the 40 to 60
// changes made during the first start, the changes of the first minutes
// wait behind them (PERFORMANCE.md, "Watch", has the measured curve).

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
// ("Watch"); the engine counts its reads by purpose (totals, probes,
// searches, whole reads, splits, reads by id, the sweep: Stats.ReadsBy,
// purpose.go), which the watch prints when it stops, so a measurement
// shows where the requests went.
//
// Events and ids. An event's id derives from what identifies the change:
// the integration (host, scheme, port and key: ids.go), the kind, the
// strategy and, for a status change, the
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
