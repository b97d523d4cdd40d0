package watch

import (
	"iter"

	"github.com/stratop/stratop/api"
)

// Source is a bit naming what showed a strategy.
type Source uint8

// The dashboard's sources of strategies.
const (
	SourceList         Source = 1 << iota // the Strategies tab's page
	SourceDetail                          // the Strategies tab's detail pane
	SourceWatch                           // the watched strategies, read by id
	SourceWatchedUsers                    // the watched users' strategies
	SourceJob                             // a user-wide job's strategies, before and after
)

// Observation is what one accepted read saw.
type Observation struct {
	Source Source
	Span   Span
	// Strategies are every strategy the read returned.
	Strategies iter.Seq[*api.Strategy]
	// Complete says the read is the source's whole set now: a strategy the
	// source showed before and not now has left the source. Leaving a page,
	// a filter or a sort is not a change, so it is then only forgotten.
	Complete bool
	// Gone are strategies a read by id found not to exist (404).
	Gone []int64
	// Confirmed are strategies that left a complete read of the same
	// source and parameters as the read before, read again by id: a change
	// of theirs (archived, completed) is reported; they are then forgotten
	// like any strategy that left the source.
	Confirmed []api.Strategy
	// Newest says the read holds the integration's newest strategy (its
	// first page, newest first, unfiltered). Only such a read sets the
	// mark above which a strategy has appeared: any other read may show
	// older ones only, and a mark set from it would take the strategies
	// between it and the newest for new.
	Newest bool
	// Counts are the integration's strategies per status; Users the users
	// list; Stats the header's stats.
	Counts *Counts
	Users  UserList
	Stats  *api.DashboardStats
}

// Counts are the strategies per status and the number listed in all.
type Counts struct {
	Statuses []StatusCount
	Listed   int
}

// StatusCount is the number of strategies in one status.
type StatusCount struct {
	Status api.Status
	Count  int
}

// UserList is a read of the users list. External is asked only of the
// users that are reported, so a list kept compact need not unpack the rest.
type UserList interface {
	Len() int
	ID(i int) int64
	External(i int) string
}

// Each yields the strategies of a slice without copying them.
func Each(list []api.Strategy) iter.Seq[*api.Strategy] {
	return func(yield func(*api.Strategy) bool) {
		for i := range list {
			if !yield(&list[i]) {
				return
			}
		}
	}
}
