package api

import "context"

// Besides the client's own observer (WithAttemptObserver, for a watcher's
// totals), a context may carry an observer of the attempts made under it,
// so that a caller learns the outcome of exactly its own requests. It is
// told of every attempt a request makes on the network under the context: begin runs as the attempt starts and the
// function it returns runs once with the attempt's outcome, nil for a 2xx
// answer of the expected shape, else the attempt's typed error (*Error,
// *TransportError, *DecodeError). A request refused before it is sent
// (*ValidationError, a context already done) reports nothing, and neither
// does anything that is not a request. Callers measure what they need
// (latency with their own clock) between the two calls; both may run on
// any goroutine, concurrently for parallel requests.
type attemptObserver func() (end func(error))

type observerKey struct{}

// ObserveAttempts returns ctx with begin as its attempt observer, replacing
// any observer ctx already had.
func ObserveAttempts(ctx context.Context, begin func() (end func(error))) context.Context {
	return context.WithValue(ctx, observerKey{}, attemptObserver(begin))
}

// beginAttempt tells ctx's observer that an attempt starts and returns the
// function that reports its outcome (a no-op without an observer).
func beginAttempt(ctx context.Context) func(error) {
	begin, _ := ctx.Value(observerKey{}).(attemptObserver)
	if begin == nil {
		return func(error) {}
	}
	if end := begin(); end != nil {
		return end
	}
	return func(error) {}
}
