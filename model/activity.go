package model

// The Activity tab: what changed, seen by polling (the differ's entries),
// and what was done (the audit log), newest first in one feed of at most
// maxActivity entries. It owns the watches and the feeds that poll them
// and the audit log, in the background, whichever tab is shown.

import (
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/audit"
	"github.com/stratop/stratop/ui"
	"github.com/stratop/stratop/watch"
)

// auditWindow is how far back the feed starts reading the audit log, as
// `stratop audit` does by default.
const auditWindow = 24 * time.Hour

// actionSeen is what the feed last said of one audit record, and its line.
type actionSeen struct {
	outcome  audit.Outcome
	pending  bool
	inFlight bool
	line     int64 // the feed's id of the action's one line
}

type activityTab struct {
	base
	diff *watch.Shown // mutated in place: only this tab's Update touches it; nil with an engine
	feed *ring        // mutated in place, likewise

	watched source[*watchData]
	users   source[*usersWatchData]
	audit   source[*auditData]
	alerts  source[*alertsData]
	// approvals are agents' requests waiting for a person (approvals.go),
	// approvalsGen counts their changes.
	approvals    approvalsData
	approvalsGen int
	// alertIDs are the alerts given a line, mutated in place like feed.
	alertIDs map[string]alertLine
	since    time.Time
	actions  map[string]actionSeen // audit seq -> what was said; mutated in place
	// auditRead says the log was read once: what it held then is history,
	// shown but not counted as unseen.
	auditRead bool

	watches watchSet
	version uint64 // of the watches, orders their saves

	page activityPage // the feed or the command log (command_log.go)
	tbl  table
	// away says the operator moved the cursor off the newest line: new
	// lines then arrive above without moving what is on screen, and are
	// counted by a marker; otherwise the newest line stays selected.
	away bool
	// seenTop is the newest line's id when the cursor was last on it: the
	// lines above it arrived while the operator was away.
	seenTop int64
	input   lineInput
	query   string
	unseen  int
	notice  string // why the watches, the audit log or the engine are not as they should be
	// listening says the engine's events are being waited for (one
	// command at a time, so they arrive in order).
	listening bool
	// engineSeen is the engine's health and last change, for the status
	// line; zero without an engine.
	engineSeen engineSeen
	body       string
}

func newActivityTab(e *env) activityTab {
	t := activityTab{
		base:     base{env: e},
		feed:     newRing(maxActivity),
		watched:  newSource[*watchData](feedWatchStrategies),
		users:    newSource[*usersWatchData](feedWatchUsers),
		audit:    newSource[*auditData](feedAudit),
		alerts:   newSource[*alertsData](feedAlerts),
		alertIDs: map[string]alertLine{},
		since:    e.now().Add(-auditWindow),
		actions:  map[string]actionSeen{},
		watches:  e.watchStart,
		tbl:      newTable(&e.styles, ui.ActivityColumns()),
		input:    newLineInput(maxFilterRunes, nil),
		notice:   e.watchErr,
	}
	if e.engine == nil {
		t.diff = watch.NewShown() // else the engine decides (activity_engine.go)
	}
	return t
}

// Start begins the background feeds (the root calls it once, at New).
func (t activityTab) Start() (tab, tea.Cmd) {
	var c1, c2, c3, c4 tea.Cmd
	if t.polls(feedAudit) {
		t.audit, c1 = t.audit.start(t.fetchAudit)
	}
	if t.polls(feedAlerts) {
		t.alerts, c4 = t.alerts.start(t.fetchAlerts)
	}
	if t.polls(feedWatchStrategies) {
		t.watched, c2 = t.watched.start(t.fetchWatched)
	}
	if t.polls(feedWatchUsers) {
		t.users, c3 = t.users.start(t.fetchWatchedUsers)
	}
	var c5 tea.Cmd
	if f := t.env.engine; f != nil && !t.listening {
		t.listening, c5 = true, f.wait(t.env.session)
	}
	return t, tea.Batch(c1, c2, c3, c4, c5, t.listenMovers())
}

func (t activityTab) fetchWatched(gen uint64) tea.Cmd {
	return fetchWatched(t.env, t.watches.watches().Strategies, gen)
}

func (t activityTab) fetchWatchedUsers(gen uint64) tea.Cmd {
	return fetchWatchedUsers(t.env, t.watches.watches().Users, t.users.data, gen)
}

func (t activityTab) fetchAudit(gen uint64) tea.Cmd {
	return fetchAudit(t.env, t.env.auditPath, t.since, t.audit.data, gen)
}

// polls reports whether a feed of this tab polls now: the watch feeds
// while something is watched, the audit log when there is one.
func (t activityTab) polls(id feedID) bool {
	switch id {
	case feedWatchStrategies:
		return len(t.watches.strategies) > 0
	case feedWatchUsers:
		return len(t.watches.users) > 0
	case feedAudit:
		return t.env.auditPath != ""
	case feedAlerts:
		return t.env.alertDir != "" || t.env.approvalDir != ""
	}
	return true
}

func (t activityTab) updateOther(msg tea.Msg) (_ activityTab, _ tea.Cmd, redraw bool) {
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case watchToggleMsg:
		t, cmd = t.toggle(msg)
	case alertAckedMsg:
		t = t.acked(msg)
	case showAlertMsg:
		t = t.showAlert(msg.id)
	case showCommandLogMsg:
		t.page = pageCommandLog
	case engineEventsMsg:
		t, cmd = t.engineEvents(msg)
	case watchSavedMsg:
		if msg.err != nil {
			t.notice = ui.WatchesUnsaved(msg.err.Error())
		} else if t.notice == t.env.watchErr {
			t.notice = ""
		}
	default:
		return t, nil, false
	}
	return t, cmd, true
}

// Observe takes what an accepted read of any feed saw (the root hands it
// every one) and adds the changes to the feed; a change of a watched item
// is announced once per observation. Most reads change nothing: then it
// returns changed=false and no tab, and the root keeps the one it has (the
// differ is updated in place), so an unchanged poll costs no copy of the tab.
func (t activityTab) Observe(o watch.Observation) (_ tab, _ tea.Cmd, changed bool) {
	if f := t.env.engine; f != nil {
		// The engine decides, and its events come back as engineEventsMsg.
		f.engine.Observe(o)
		return nil, nil, false
	}
	feed, set, added, watched := t.feed, t.watches, 0, ""
	t.diff.Apply(o, t.env.now(), func(ev watch.Event) {
		e, ok := entryOf(ev, set)
		if !ok || echoes(feed, e) {
			return
		}
		feed.add(e)
		added++
		if e.Watched && watched == "" {
			watched = ui.NotifyText(e)
		}
	})
	if added == 0 {
		return nil, nil, false
	}
	t = t.entriesAdded(added, false)
	var cmd tea.Cmd
	if watched != "" {
		cmd = notifyCmd(t.env, watched)
	}
	return t.render(), cmd, true
}

// entriesAdded shows the new rows and counts them as unseen unless they
// are history (the audit log as it was at start).
func (t activityTab) entriesAdded(n int, history bool) activityTab {
	if !t.active && !history {
		t.unseen = min(t.unseen+n, maxActivity)
	}
	cursor := t.tbl.cursor
	ids, cells := t.feed.rows()
	t.tbl = t.tbl.setRows(ids, cells)
	t.tbl = t.tbl.setFlags(t.flags())
	t = t.refilter()
	if t.away {
		// The selection followed its line down: the view follows it too.
		t.tbl = t.tbl.scroll(t.tbl.cursor - cursor)
	}
	return t
}

func (t activityTab) settle(msg fetchedMsg) (activityTab, tea.Cmd) {
	var accepted, changed bool
	var cmd tea.Cmd
	switch msg.feed {
	case feedWatchStrategies:
		t.watched, accepted, _ = t.watched.settle(msg, t.env)
		t.watched, cmd = t.watched.rearm(accepted, t.polls(feedWatchStrategies), t.fetchWatched)
	case feedWatchUsers:
		t.users, accepted, _ = t.users.settle(msg, t.env)
		t.users, cmd = t.users.rearm(accepted, t.polls(feedWatchUsers), t.fetchWatchedUsers)
	case feedAudit:
		t.audit, accepted, changed = t.audit.settle(msg, t.env)
		t.audit, cmd = t.audit.rearm(accepted, t.polls(feedAudit), t.fetchAudit)
		if accepted && changed && t.audit.data != nil {
			t = t.applyAudit(t.audit.data)
		}
	case feedAlerts:
		t.alerts, accepted, changed = t.alerts.settle(msg, t.env)
		t.alerts, cmd = t.alerts.rearm(accepted, t.polls(feedAlerts), t.fetchAlerts)
		if accepted && changed && t.alerts.data != nil {
			t = t.applyAlerts(t.alerts.data)
		}
	}
	return t, cmd
}

func (t activityTab) poll(msg pollMsg) (activityTab, tea.Cmd) {
	var cmd tea.Cmd
	switch msg.feed {
	case feedWatchStrategies:
		t.watched, cmd = t.watched.poll(msg, t.polls(msg.feed), t.fetchWatched)
	case feedWatchUsers:
		t.users, cmd = t.users.poll(msg, t.polls(msg.feed), t.fetchWatchedUsers)
	case feedAudit:
		t.audit, cmd = t.audit.poll(msg, t.polls(msg.feed), t.fetchAudit)
	case feedAlerts:
		t.alerts, cmd = t.alerts.poll(msg, t.polls(msg.feed), t.fetchAlerts)
	}
	return t, cmd
}

// applyAudit adds the actions the feed has not told yet, and updates the
// one line of an action whose state moved on (sent, then its outcome).
func (t activityTab) applyAudit(d *auditData) activityTab {
	if d.err != "" {
		t.notice = ui.AuditUnreadable(d.err)
		return t
	}
	if t.notice != "" && t.notice != t.env.watchErr {
		t.notice = ""
	}
	added, replaced := 0, 0
	for i := range d.records {
		r := &d.records[i]
		now := actionSeen{outcome: r.Outcome, pending: r.Pending, inFlight: d.inFlight[r.Seq]}
		seen, told := t.actions[r.Seq]
		now.line = seen.line
		if told && seen == now {
			continue
		}
		e := t.actionEntry(r, now.inFlight)
		if told && t.feed.replaceID(seen.line, e) {
			replaced++
		} else if now.line = t.feed.add(e); now.line != 0 {
			added++
		}
		t.actions[r.Seq] = now
	}
	history := !t.auditRead
	t.auditRead = true
	if added == 0 && replaced == 0 {
		return t
	}
	return t.entriesAdded(added, history)
}

// actionEntry is the line of one action. Its time is when the action was
// taken, so the outcome updates the line where it is.
func (t activityTab) actionEntry(r *audit.Record, inFlight bool) ui.ActivityEntry {
	state := ui.ActionFinished
	switch {
	case inFlight:
		state = ui.ActionInFlight
	case r.Pending:
		state = ui.ActionNoOutcome
	}
	e := ui.ActivityEntry{At: r.Time.In(t.env.now().Location()), Kind: ui.KindAction, User: clean(r.User),
		Old: clean(string(r.StateBefore)), Note: ui.ActionNote(clean(r.Action), string(r.Outcome), clean(r.Error), clean(r.Source), state), Outcome: string(r.Outcome)}
	if inFlight {
		e.Outcome = "" // not known yet, and not "unknown": nothing needs attention
	}
	if r.Outcome == audit.OutcomeDone {
		e.New = clean(string(r.Expected))
		if r.Expected == "" {
			e.New = e.Old // the action does not change the state
		}
	}
	if len(r.StrategyIDs) > 0 {
		e.Strategy = r.StrategyIDs[0]
	}
	if len(r.StrategyIDs) > 1 {
		e.Note += " · " + itoa(int64(len(r.StrategyIDs))) + " strategies"
	}
	if r.Reason != "" {
		e.Note += " · " + ui.ReasonNote(clean(r.Reason))
	}
	e.Elsewhere = clean(t.env.elsewhere(r.Entry))
	return e
}

// toggle watches or stops watching an item, saves the set, tells the tabs
// and restarts the watch feeds for the new set.
func (t activityTab) toggle(msg watchToggleMsg) (activityTab, tea.Cmd) {
	if msg.strategy == 0 && msg.user == "" {
		return t, nil
	}
	t.watches = t.watches.toggled(msg.strategy, msg.user)
	t.version++
	set := t.watches
	cmds := []tea.Cmd{
		saveWatchesCmd(t.env.watchStore, set, t.version),
		func() tea.Msg { return watchesMsg{set: set} },
	}
	var cmd tea.Cmd
	if msg.strategy != 0 {
		t.watched = t.watched.reset()
		if t.polls(feedWatchStrategies) {
			t.watched, cmd = t.watched.start(t.fetchWatched)
		}
	} else {
		t.users = t.users.reset()
		if t.polls(feedWatchUsers) {
			t.users, cmd = t.users.start(t.fetchWatchedUsers)
		}
	}
	return t, tea.Batch(append(cmds, cmd)...)
}

func (t activityTab) Activate(on bool) (tab, tea.Cmd) {
	t.active = on
	if on && t.unseen > 0 {
		t.unseen = 0
	}
	if on {
		t = t.pin()
	}
	return t.render(), nil
}

// Refresh reads every background feed now.
func (t activityTab) Refresh() (tab, tea.Cmd) {
	return t.Start()
}

// Badge is the unseen-changes count shown on the tab's title.
func (t activityTab) Badge() int { return t.unseen }

func (t activityTab) Capturing() bool { return t.input.focused }

// Status is the engine's reads of the interface when the Activity covers
// the whole integration. Otherwise it is the audit log's, named as such: a
// local file read well says nothing of the server (a failing read of the
// watched items shows in the header's connection health).
func (t activityTab) Status() ui.Status {
	if t.env.engine != nil {
		return t.engineSeen.status(t.env.host)
	}
	var s ui.Status
	if t.polls(feedAudit) {
		s = t.audit.status(t.env.host)
		s.Subject = ui.SubjectAuditLog
	}
	return s
}

// Standing says the rules snoozed now; the alerts feed polls whether or
// not the tab is shown, so the status line says it on every tab.
func (t activityTab) Standing() string { return ui.SnoozedRules(t.snoozed()) }

func (t activityTab) Selection() selection { return selection{} }

// WithAuditPath reads the audit log at path into the Activity feed
// ("what was done"); without it the feed shows only what changed.
func WithAuditPath(path string) Option { return func(e *env) { e.auditPath = path } }
