package watch

// Totals when the budget is the limit. The totals cost a request a status
// each interval (48 a minute at the defaults). While the searches keep up
// they are worth it: a change is seen within the interval it was made in.
// Once the budget is the limit, the interval ends with differences left
// unsettled for want of requests: the changes found late wait more than an
// interval anyway, and the totals' requests settle more of them where they
// go to the drill. Then the totals are read every totalsEveryShort
// intervals only; the statuses a search reads return their own totals
// meanwhile, and the intervals between drill on the totals last read. A
// change made meanwhile is seen at most totalsEveryShort-1 intervals later
// (10 s at the default interval), and the totals' requests go to the drill:
// at 100,000 strategies, where a change costs some ten requests to find,
// about three more changes a minute.
const totalsEveryShort = 3

// shortIntervals is how many intervals in a row must end short of the
// budget with differences left before the totals are read less often: a
// burst that one interval does not settle is no reason to.
const shortIntervals = 2

// budgetShort notes whether the interval's drill ended with differences
// left and no request to spare.
func (e *Engine) budgetShort(totals map[string]int) {
	differs := false
	for _, st := range listed {
		if totals[string(st)] != len(e.heldIDs(string(st))) {
			differs = true
		}
	}
	if differs && !e.affords(1, 1) {
		e.short++
		return
	}
	e.short = 0
}

// totalsDue reports whether this interval reads the totals: always until
// the budget has been the limit for shortIntervals, then every
// totalsEveryShort intervals.
func (e *Engine) totalsDue() bool {
	if e.totals == nil || !e.st.baselined || e.short < shortIntervals {
		e.sinceTotals = 0
		return true
	}
	e.sinceTotals++
	if e.sinceTotals >= totalsEveryShort {
		e.sinceTotals = 0
		return true
	}
	return false
}
