package watch

import "sync/atomic"

// marks orders every read of the process: the dashboard's fetches and the
// engine's own reads take their marks from this one counter, so a read of
// one can be told to have certainly begun after a read of the other ended.
var marks atomic.Uint64

// Mark is the next number of the process-wide read order. A read takes one
// before its requests and one after its answer (its Span); a mark taken
// later than a read's end is a safe upper bound of it.
func Mark() uint64 { return marks.Add(1) }

// Span orders reads: First is taken before the read's requests, Last after
// its answer.
type Span struct{ First, Last uint64 }

// After reports whether a read with span s certainly began after a read
// that ended at mark last: the server answered it later.
func (s Span) After(last uint64) bool { return s.First > last }
