package model

// The user-wide background jobs (disable-all, remove-all). The interface
// answers them with {started: true} only, so the workflow follows each by
// counting the user's strategies still in a state the job changes
// (action.Runner.Remaining) until none is left, or until jobPatience has
// passed on the injected clock, when it reports the job still running and
// stops following it. One job per user at a time. The count is also read
// before the confirmation opens, so the dialog states it and never asks to
// act on a number it has not shown; while it is read a placeholder dialog
// takes the keys and drops them, so nothing typed ahead confirms a count
// the operator has not seen, or reaches the tab. Every reply carries the
// generation of its job (or of its count); an older one is dropped. The
// jobs live in the workflow, not in a tab, so their progress survives
// switching tabs.

import (
	"slices"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/action"
	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/ui"
)

// jobPatience is how long a job is followed before it is reported as still
// running (the interface promises no end time).
const jobPatience = 60 * time.Second

// maxJobPoll bounds the delay between two counts of a running job: the
// poll interval, but at least once a second, so progress moves visibly.
const maxJobPoll = time.Second

// job is one user-wide job being started or followed.
type job struct {
	spec    action.Spec
	user    string // external id (already clean)
	gen     uint64
	sending bool      // the POST has not answered yet
	unknown bool      // the POST got no answer: it may not have started
	started time.Time // when the start was answered (env.now)
	total   int       // strategies to change: the count the dialog showed, or more if more appeared
	left    int       // strategies still to change at the last count
	snap    *jobSnapshot
	lastErr string // why the last count failed ("" when it did not)
}

func (j job) subject() string { return ui.JobSubject(j.spec.Name, j.user) }

func (j job) progress() string {
	return ui.JobProgress(max(j.total-j.left, 0), j.total, string(j.spec.Next))
}

// jobs is the workflow's state of the user-wide jobs.
type jobs struct {
	byUser map[string]job // copy-on-write
}

// with returns js with j stored (a new map: workflows are values).
func (js jobs) with(j job) jobs {
	out := make(map[string]job, len(js.byUser)+1)
	for k, v := range js.byUser {
		out[k] = v
	}
	out[j.user] = j
	js.byUser = out
	return js
}

// without returns js without the job of user.
func (js jobs) without(user string) jobs {
	out := make(map[string]job, len(js.byUser))
	for k, v := range js.byUser {
		if k != user {
			out[k] = v
		}
	}
	js.byUser = out
	return js
}

// current is the job of user when gen is its generation.
func (js jobs) current(user string, gen uint64) (job, bool) {
	j, ok := js.byUser[user]
	return j, ok && j.gen == gen
}

// lines is the progress of every job, for the status line, in user order.
func (js jobs) lines() []string {
	if len(js.byUser) == 0 {
		return nil
	}
	users := make([]string, 0, len(js.byUser))
	for u := range js.byUser {
		users = append(users, u)
	}
	slices.Sort(users)
	out := make([]string, 0, len(users))
	for _, u := range users {
		j := js.byUser[u]
		out = append(out, ui.JobRunning(j.subject(), j.progress(), j.sending, j.unknown, j.lastErr))
	}
	return out
}

// Messages of the jobs; each names its user and generation.
type (
	// jobCountMsg is the count read before the confirmation opens.
	jobCountMsg struct {
		gen   uint64
		spec  action.Spec
		user  string
		count int
		snap  *jobSnapshot
		err   error
	}
	// jobSentMsg is the answer to the job's POST.
	jobSentMsg struct {
		gen  uint64
		user string
		res  action.Result
	}
	// jobTickMsg asks for the next count of a running job.
	jobTickMsg struct {
		gen  uint64
		user string
	}
	// jobPolledMsg is a count of a running job.
	jobPolledMsg struct {
		gen  uint64
		user string
		left int
		err  error
	}
)

// askJob is the gate of a user-wide job: refused without a user or while
// a job for the user runs; otherwise the user's strategies are counted
// behind a placeholder dialog, and the confirmation opens with that count
// (counted).
func (w workflow) askJob(spec action.Spec, user string) (workflow, effect) {
	if user == "" {
		return w, effect{notice: ui.NoticeNoUser}
	}
	subject := ui.JobSubject(spec.Name, user)
	if j, ok := w.jobs.byUser[user]; ok {
		return w, effect{notice: ui.NoticeJobBusy(subject, j.spec.Name, j.progress())}
	}
	// Generations unique in the process: a reply for a job of a profile
	// switched away from cannot match a job of this one.
	gen := nextGen()
	w.overlay = newCountingDialog(w.env, gen, subject)
	ctx, runner, e := w.env.ctx, w.env.runner(), w.env
	return w, effect{cmd: func() tea.Msg {
		n, err := runner.Remaining(ctx, spec, user)
		var snap *jobSnapshot
		if err == nil && n > 0 {
			snap = snapshotJob(ctx, e, spec, user)
		}
		return jobCountMsg{gen: gen, spec: spec, user: user, count: n, snap: snap, err: err}
	}}
}

// counted replaces the placeholder of the same ask by the confirmation,
// once the count is known and when there is something to change. A count
// whose placeholder is gone (cancelled, or closed because the frame could
// not be drawn) opens nothing.
func (w workflow) counted(msg jobCountMsg) (workflow, effect) {
	if p, ok := w.overlay.(countingDialog); !ok || p.gen != msg.gen {
		return w, effect{}
	}
	w.overlay = nil
	subject := ui.JobSubject(msg.spec.Name, msg.user)
	switch {
	case msg.err != nil:
		return w, effect{notice: ui.NoticeJobCountFailed(subject, api.Explain(msg.err, w.env.host))}
	case msg.count == 0:
		return w, effect{notice: ui.NoticeJobNothing(subject, msg.spec.Counted)}
	}
	req := request{spec: msg.spec, target: action.Target{Owner: msg.user}, count: msg.count, snap: msg.snap}
	w.overlay = newJobDialog(w.env, req)
	return w, effect{notice: ui.NoticeJobCounted(subject, ui.CountedStrategies(msg.count, msg.spec.Counted))}
}

// sendJob starts a confirmed job, unless one for the user runs already.
func (w workflow) sendJob(req request) (workflow, effect) {
	user := req.target.Owner
	if j, ok := w.jobs.byUser[user]; ok {
		return w, effect{notice: ui.NoticeJobBusy(req.subject(), j.spec.Name, j.progress())}
	}
	gen := nextGen()
	j := job{spec: req.spec, user: user, gen: gen, sending: true, total: req.count, left: req.count, snap: req.snap}
	w.jobs = w.jobs.with(j)
	ctx, runner := w.env.ctx, w.runnerFor(req)
	// No notice: the job's own line in the status line says it is starting.
	return w, effect{cmd: func() tea.Msg {
		return jobSentMsg{gen: gen, user: user, res: runner.Run(ctx, req.spec, req.target)}
	}}
}

// settleJob takes a job's answer, tick or count.
func (w workflow) settleJob(msg tea.Msg) (workflow, effect) {
	switch msg := msg.(type) {
	case jobSentMsg:
		return w.jobSent(msg)
	case jobTickMsg:
		j, ok := w.jobs.current(msg.user, msg.gen)
		if !ok {
			return w, effect{}
		}
		return w, effect{cmd: w.pollJob(j)}
	case jobPolledMsg:
		return w.jobPolled(msg)
	}
	return w, effect{}
}

func (w workflow) jobSent(msg jobSentMsg) (workflow, effect) {
	j, ok := w.jobs.current(msg.user, msg.gen)
	if !ok {
		return w, effect{}
	}
	res := msg.res
	var ef effect
	switch res.Outcome {
	case action.OutcomeDone:
		// No notice: the job's line in the status line shows it running.
		j.sending, j.started = false, w.env.now()
		ef = effect{cmd: w.jobTick(j)}
		w.jobs = w.jobs.with(j)
	case action.OutcomeUnknown:
		// It may have started: the counts will tell.
		j.sending, j.unknown, j.started = false, true, w.env.now()
		ef = effect{notice: ui.NoticeJobUnknown(j.subject(), res.Reason, j.progress()), cmd: w.jobTick(j)}
		w.jobs = w.jobs.with(j)
	default:
		w.jobs = w.jobs.without(j.user)
		ef = effect{notice: ui.NoticeOutcome(j.subject(), res.Reason)}
		if w.overlay == nil {
			title := j.subject() + " failed"
			if !res.Sent {
				title = j.subject() + ": nothing sent"
			}
			w = w.report(resultDialog{styles: w.env.styles, keys: w.env.keys.Dialog, title: title, lines: ui.WrapWords(res.Reason, 66)})
		}
	}
	return w, ef.withAudit(res)
}

func (w workflow) jobPolled(msg jobPolledMsg) (workflow, effect) {
	j, ok := w.jobs.current(msg.user, msg.gen)
	if !ok {
		return w, effect{}
	}
	if msg.err != nil {
		j.lastErr = api.Explain(msg.err, w.env.host)
	} else {
		j.lastErr, j.left, j.total = "", msg.left, max(j.total, msg.left)
	}
	elapsed := w.env.now().Sub(j.started)
	switch {
	case msg.err == nil && j.left == 0:
		w.jobs = w.jobs.without(j.user)
		return w, effect{notice: ui.NoticeJobDone(j.subject(), j.progress()), cmd: jobSeenCmd(w.env, j.snap)}
	case elapsed >= jobPatience:
		w.jobs = w.jobs.without(j.user)
		return w, effect{notice: ui.NoticeJobStillRunning(j.subject(), jobPatience, j.progress(), j.left, j.unknown), cmd: jobSeenCmd(w.env, j.snap)}
	}
	w.jobs = w.jobs.with(j)
	return w, effect{cmd: w.jobTick(j)}
}

// jobTick schedules the next count of j.
func (w workflow) jobTick(j job) tea.Cmd {
	gen, user := j.gen, j.user
	return tea.Tick(min(w.env.interval, maxJobPoll), func(time.Time) tea.Msg {
		return jobTickMsg{gen: gen, user: user}
	})
}

// pollJob counts what j still has to change.
func (w workflow) pollJob(j job) tea.Cmd {
	ctx, runner, spec, gen, user := w.env.ctx, w.env.runner(), j.spec, j.gen, j.user
	return func() tea.Msg {
		n, err := runner.Remaining(ctx, spec, user)
		return jobPolledMsg{gen: gen, user: user, left: n, err: err}
	}
}
