package ui

// The words of the user-wide background jobs (disable-all, remove-all):
// their typed confirmation, and the progress, end and refusals said in the
// status line. The model decides and counts; these say it. Every server
// string passed in must already be sanitised.

import (
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/charmbracelet/bubbles/key"

	"github.com/stratop/stratop/internal/text"
)

// JobDialogData is the confirmation of a user-wide job.
type JobDialogData struct {
	Action string // "disable-all"
	Label  string // "pause every active strategy of the user"
	Effect string
	User   string // the user's external id, the typed answer
	// Count is how many of the user's strategies the job changes, counted
	// before the dialog opened; Counted says which ("active").
	Count   int
	Counted string
	Next    string
	Input   string
	Note    string
	Keys    DialogKeys
}

// JobDialog words the confirmation of a user-wide job. It always cannot be
// undone: the user's external id is typed.
func JobDialog(d JobDialogData) Dialog {
	dg := Dialog{Danger: true, Title: capital(d.Action) + " for user " + d.User + "?"}
	dg.Lines = []string{
		"action    " + d.Action + ": " + d.Label,
		"user      " + d.User,
		"now       " + CountedStrategies(d.Count, d.Counted) + " -> " + text.OrDash(d.Next),
	}
	if d.Effect != "" {
		dg.Lines = append(dg.Lines, labelled("effect", d.Effect)...)
	}
	dg.Lines = append(dg.Lines, "", "It runs in the background; its progress shows in the status line.", "This cannot be undone.")
	if d.Note != "" {
		dg.Lines = append(dg.Lines, "", d.Note)
	}
	dg.Prompt = "type " + d.User + " and " + KeyName(d.Keys.Submit) + " to " + d.Action
	dg.Input = d.Input
	dg.Hint = Hint(d.Keys.Submit, d.Keys.Cancel) + " (default)"
	return dg
}

// CountedStrategies is "12 active strategies", "1 non-archived strategy".
func CountedStrategies(n int, counted string) string {
	noun := "strategies"
	if n == 1 {
		noun = "strategy"
	}
	if counted == "" {
		return strconv.Itoa(n) + " " + noun
	}
	return strconv.Itoa(n) + " " + counted + " " + noun
}

// JobSubject names a job in notices: "disable-all user u-7".
func JobSubject(action, user string) string { return text.JobSubject(action, user) }

// NoticeNoUser says a user-wide job needs a user.
const NoticeNoUser = "choose a user first (enter on the Users tab), or select one there"

// JobProgress is "12 of 40 paused".
func JobProgress(done, total int, next string) string { return text.JobProgress(done, total, next) }

// NoticeJobCounted says what the confirmation was opened with.
func NoticeJobCounted(subject, counted string) string { return subject + ": " + counted + " now" }

// NoticeJobCountFailed says the count before the dialog failed.
func NoticeJobCountFailed(subject, reason string) string {
	return subject + ": could not count the user's strategies (" + reason + "): nothing sent"
}

// NoticeJobNothing says a job has nothing to change.
func NoticeJobNothing(subject, counted string) string {
	return subject + ": no " + counted + " strategies, nothing sent"
}

// NoticeJobBusy refuses a second job for a user while one runs.
func NoticeJobBusy(subject, running, progress string) string {
	return subject + ": refused, " + running + " still running for this user (" + progress + ")"
}

// JobCountingDialog is the placeholder shown while a job's count is read.
func JobCountingDialog(subject string, keys DialogKeys) Dialog {
	return Dialog{Title: capital(subject), Lines: []string{
		"Counting the user's strategies…",
		"The confirmation opens with the count; keys typed before it shows are ignored.",
	}, Hint: Hint(keys.Cancel)}
}

// JobRunning is the status-line progress of a running job.
func JobRunning(subject, progress string, sending, unknown bool, lastErr string) string {
	s := subject + ": "
	switch {
	case sending:
		return s + "starting…"
	case unknown:
		s += "start unconfirmed, following: "
	default:
		s += "running: "
	}
	s += progress
	if lastErr != "" {
		s += " (last count failed: " + lastErr + ")"
	}
	return s
}

// NoticeJobDone says a job left none of the user's strategies to change.
func NoticeJobDone(subject, progress string) string { return subject + ": done, " + progress }

// NoticeJobStillRunning says a job was not seen to end in time; the
// dashboard stops following it.
func NoticeJobStillRunning(subject string, after time.Duration, progress string, left int, unknown bool) string {
	s := subject + ": still running after " + strconv.Itoa(int(after/time.Second)) + " s, " + progress + ", " +
		strconv.Itoa(left) + " left; no longer followed (ctrl+r shows the lists now)"
	if unknown {
		s += "; its start was never confirmed"
	}
	return s
}

// NoticeJobUnknown says the start of a job got no answer: it may have
// started, and the dashboard follows the user's strategies to find out.
func NoticeJobUnknown(subject, reason, progress string) string {
	return subject + ": " + reason + "; following the user's strategies: " + progress
}

// WithJobs joins a notice and the progress of the running jobs for the
// status line.
func WithJobs(notice string, jobs []string) string {
	if len(jobs) == 0 {
		return notice
	}
	all := strings.Join(jobs, " · ")
	if notice == "" {
		return all
	}
	return notice + " · " + all
}

// NonTyping is b without its single-character keys, for a dialog where
// those type (an external id may hold any letter, n included); esc when
// none is left.
func NonTyping(b key.Binding) key.Binding {
	var keys []string
	for _, k := range b.Keys() {
		if utf8.RuneCountInString(k) > 1 {
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 {
		keys = []string{"esc"}
	}
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(strings.Join(keys, "/"), b.Help().Desc))
}
