package model

// What a user-wide job changed, strategy by strategy. The interface answers
// disable-all and remove-all with {started: true} only, and the job runs on
// the server at once, so the strategies it will change are read before it
// is sent (with the count the confirmation shows); when it ends, each is
// read again by id. Both reads reach the Activity's differ as observations
// of one source, which tells one line per strategy that changed (paused,
// archived, gone) and then forgets them.

import (
	"context"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/action"
	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/watch"
)

// maxJobSnapshot bounds the strategies read before a job: beyond it, the
// job's lines cover the first ones only.
const maxJobSnapshot = 1000

// jobSnapshot is the user's strategies a job will change, as read before
// it was sent, and the span of that read.
type jobSnapshot struct {
	strategies []api.Strategy
	span       watch.Span
}

// jobSeenMsg carries a job's before and after to the Activity, in order.
type jobSeenMsg struct{ obs []watch.Observation }

// snapshotJob lists the user's strategies in the states spec changes; nil
// when the read fails (the job then has no per-strategy lines).
func snapshotJob(ctx context.Context, e *env, spec action.Spec, user string) *jobSnapshot {
	snap := &jobSnapshot{span: watch.Span{First: watch.Mark()}}
	for _, st := range spec.Pending {
		for page := 1; len(snap.strategies) < maxJobSnapshot; page++ {
			req := api.UserStrategiesRequest{UserID: user, StrategyFilter: api.StrategyFilter{Status: st, Page: page, PageSize: watchedUserPage}}
			p, err := orEmpty(e.api.GetStrategies(ctx, req))
			if err != nil {
				return nil
			}
			for _, s := range p.Strategies {
				s = cleanStrategy(s)
				if s.UserID == "" {
					s.UserID = user
				}
				snap.strategies = append(snap.strategies, s)
			}
			if page >= p.NumberOfPages || len(p.Strategies) == 0 {
				break
			}
		}
	}
	snap.span.Last = watch.Mark()
	return snap
}

// jobSeenCmd reads again by id what snap held and hands both reads to the
// Activity; nothing when the job had no snapshot or the reads fail.
func jobSeenCmd(e *env, snap *jobSnapshot) tea.Cmd {
	if snap == nil || len(snap.strategies) == 0 {
		return nil
	}
	ctx, client := e.ctx, e.api
	return func() tea.Msg {
		ids := make([]int64, len(snap.strategies))
		for i, s := range snap.strategies {
			ids[i] = s.ID
		}
		first := watch.Mark()
		found, gone, err := readByID(ctx, client, ids)
		if err != nil {
			return nil
		}
		before := watch.Observation{Source: watch.SourceJob, Span: snap.span, Strategies: watch.Each(snap.strategies)}
		after := watch.Observation{Source: watch.SourceJob, Span: watch.Span{First: first, Last: watch.Mark()}, Complete: true,
			Strategies: watch.Each(nil), Confirmed: found, Gone: gone}
		return jobSeenMsg{obs: []watch.Observation{before, after}}
	}
}

// observeJob hands a job's observations to the Activity.
func (m Model) observeJob(msg jobSeenMsg) (Model, tea.Cmd) {
	obs, ok := m.observerTab()
	if !ok {
		return m, nil
	}
	cmds := make([]tea.Cmd, 0, len(msg.obs))
	for _, o := range msg.obs {
		next, cmd, changed := obs.Observe(o)
		if changed {
			m.tabs[m.observer] = next
			obs = next.(observer)
		}
		cmds = append(cmds, cmd)
	}
	return m, tea.Batch(cmds...)
}
