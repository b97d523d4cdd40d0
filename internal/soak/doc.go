// Package soak holds the long-running soak test of the dashboard, outside
// the default test run. It polls a simulating, fault-injecting sandbox at a
// 1 s interval through the real program and checks that goroutines and heap
// do not grow and that every healed fault is followed by a successful poll
// within the backoff bound. Run it with
//
//	go test -race -tags soak -run Soak ./internal/soak/
//
// and set STRATOP_SOAK (a Go duration, default 2m) for a shorter or longer run.
package soak
