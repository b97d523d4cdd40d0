package serve

// One process per integration and machine sends alerts. The active serve
// holds an exclusive lock on the integration's serve.lock
// (internal/filelock) for as long as it runs; the kernel lets go of it when
// the process ends, however it ends (kill -9 included). A second serve of
// the same integration finds the lock held, says so on stderr, serves
// /metrics and /healthz as standby (stratop_serve_role{role="standby"}),
// and tries the lock again every standbyPoll until it is free: then it
// takes over, continuing from the state the first one left (the alert
// state and cursors are the integration's, in its directory), so no alert
// is sent twice nor lost. Across machines this lock does not reach: see
// the team's Alertmanager setup for that.

import (
	"context"
	"errors"
	"sync/atomic"
	"time"

	"github.com/stratop/stratop/alert"
	"github.com/stratop/stratop/internal/filelock"
	"github.com/stratop/stratop/metrics"
	"github.com/stratop/stratop/watch"
)

// standbyPoll is how often a standby tries the lock: a quarter of the
// interval, so it takes over well within one interval of the active one's
// end, and at most a second apart however long the interval.
func standbyPoll(interval time.Duration) time.Duration {
	return min(max(interval/4, 10*time.Millisecond), time.Second)
}

// takeLock holds the lock file at path, waiting while another process
// holds it: standby is called once when it is found held. It returns a nil
// release when ctx ended before the lock was free.
func takeLock(ctx context.Context, path string, poll time.Duration, standby func()) (release func(), err error) {
	release, err = filelock.Hold(path)
	if !errors.Is(err, filelock.ErrHeld) {
		return release, err
	}
	standby()
	t := time.NewTicker(poll)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil, nil
		case <-t.C:
		}
		release, err = filelock.Hold(path)
		if !errors.Is(err, filelock.ErrHeld) {
			return release, err
		}
	}
}

// engines are the watcher and alerts of the active serve, for /metrics.
type engines struct {
	watch  func() watch.Stats
	alerts func() alert.Stats
}

// liveSources are /metrics' sources before and after taking over: standby
// (nothing to report but the role) until the engines are set, active
// after. They are set once and never taken back.
type liveSources struct{ p atomic.Pointer[engines] }

func (l *liveSources) set(e engines) { l.p.Store(&e) }

func (l *liveSources) sources() metrics.Sources {
	return metrics.Sources{
		Role: func() metrics.Role {
			if l.p.Load() == nil {
				return metrics.RoleStandby
			}
			return metrics.RoleActive
		},
		Watch: func() watch.Stats {
			if e := l.p.Load(); e != nil {
				return e.watch()
			}
			return watch.Stats{}
		},
		Alerts: func() alert.Stats {
			if e := l.p.Load(); e != nil {
				return e.alerts()
			}
			return alert.Stats{}
		},
	}
}
