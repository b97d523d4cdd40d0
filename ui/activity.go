package ui

// Rows and wording of the Activity tab: what changed (seen by polling) and
// what was done (the audit log), newest first.

import (
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/internal/text"
)

// Kinds of Activity lines: the words shown in the KIND column and matched
// by the filter.
const (
	KindStatus     = "status"     // a strategy changed state
	KindAppeared   = "appeared"   // a strategy newer than every one seen before
	KindCompleted  = "completed"  // a strategy reached completed
	KindVanished   = "vanished"   // archived, or gone (404) on a read by id
	KindCount      = "count"      // an integration count changed
	KindUser       = "user"       // a user was added
	KindAction     = "action"     // an action sent from this machine
	KindAlert      = "alert"      // an alert raised by `stratop serve`
	KindConnection = "connection" // the watch of the whole integration lost or regained the interface
)

// ActivityEntry is one line of the Activity feed. Text fields are
// sanitised by the model before they get here.
type ActivityEntry struct {
	At       time.Time
	Kind     string
	Strategy int64  // 0 when the line is about no strategy
	User     string // external user id, "" for none
	Symbol   string // pool symbol
	Old, New string // the state (or count) before and after
	Note     string // more words: an action's outcome and error text
	Outcome  string // an action's outcome: done, refused, failed, unknown ("" while pending)
	Watched  bool   // about a watched strategy or user
	Alert    string // an alert's id, "" when the line is no alert
	// Elsewhere names another integration whose action the line is (its
	// label); "" for the integration shown.
	Elsewhere string
}

// ActivityColumns are the columns of the Activity feed.
func ActivityColumns() []Column {
	return []Column{
		{Title: "TIME", Min: 8, Max: 8},
		{Title: "KIND", Min: 10, Max: 10}, // "connection"
		{Title: "ID", Min: 5, Max: 8, Right: true},
		{Title: "USER", Min: 8, Max: 20, Priority: 2},
		{Title: "POOL", Min: 5, Max: 10, Priority: 1},
		{Title: "CHANGE", Min: 16, Max: 90},
	}
}

// kindTones colour the KIND cell.
var kindTones = map[string]Tone{
	KindAppeared:   TonePositive,
	KindCompleted:  ToneCompleted,
	KindVanished:   ToneNegative,
	KindCount:      ToneMuted,
	KindAlert:      ToneNegative,
	KindConnection: ToneNegative,
}

// ActivityCells builds the cells of an entry in ActivityColumns order.
func ActivityCells(e ActivityEntry) []Cell {
	id := ""
	if e.Strategy != 0 {
		id = Int(e.Strategy)
	}
	change := e.Note
	switch {
	case e.Kind == KindCount:
		change = JoinNonEmpty(" ", e.Note, text.OrDash(e.Old)+" -> "+text.OrDash(e.New))
	case e.Old != "" || e.New != "":
		change = JoinNonEmpty(" ", stateChange(e), e.Note)
	}
	tone := kindTones[e.Kind]
	if e.Elsewhere != "" {
		// First, so that a narrow terminal cuts anything but whose it is.
		change, tone = ElsewhereNote(e.Elsewhere)+" · "+change, ToneMuted
	}
	if e.Kind == KindStatus && e.Elsewhere == "" {
		tone = StatusTone(api.Status(e.New))
	}
	return []Cell{
		{Text: Clock(e.At), Tone: ToneMuted},
		{Text: e.Kind, Tone: tone},
		{Text: id},
		{Text: e.User},
		{Text: e.Symbol},
		{Text: change},
	}
}

// ActivitySearchKey is the lower-cased text the Activity filter matches:
// the entry's cells (ActivityCells) but the time, and "watched".
func ActivitySearchKey(e ActivityEntry, cells []Cell) string {
	var b strings.Builder
	n := len("watched")
	for _, c := range cells {
		n += len(c.Text) + 1
	}
	b.Grow(n)
	for _, c := range cells[1:] {
		b.WriteString(c.Text)
		b.WriteByte('\x00')
	}
	if e.Watched {
		b.WriteString("watched")
	}
	return strings.ToLower(b.String())
}

// ActionState is how far an action the audit log records got.
type ActionState uint8

const (
	// ActionFinished has its outcome line.
	ActionFinished ActionState = iota
	// ActionInFlight has none yet, and its sender still waits for it.
	ActionInFlight
	// ActionNoOutcome has none and will get none: its sender is gone or
	// gave up.
	ActionNoOutcome
)

// ActionNote words an action's outcome for the feed: "done", "refused: why",
// "failed: error", "outcome unknown", with who sent it.
func ActionNote(action, outcome, errText, source string, state ActionState) string {
	var o string
	switch {
	case state == ActionInFlight:
		o = "sent, waiting for the answer"
	case state == ActionNoOutcome:
		o = "outcome unknown (no outcome recorded)"
	case outcome == "unknown":
		o = "outcome unknown"
	case errText != "" && (outcome == "refused" || outcome == "failed"):
		o = outcome + ": " + errText
	default:
		o = outcome
	}
	s := action + ": " + o
	if source != "" {
		s += " (" + source + ")"
	}
	return s
}

// ElsewhereNote marks an action of an integration other than the one
// shown; it comes first on the line so that a narrow terminal keeps it.
func ElsewhereNote(label string) string { return "other integration " + label }

// NoticeElsewhere says why enter opened nothing: the line is another
// integration's action, and its ids mean other strategies here.
func NoticeElsewhere(label string) string {
	return "that action belongs to another integration (" + label + "): switch to its profile to open it"
}

// ActivityCount is the feed's count: "12 entries", "3 of 12 entries".
func ActivityCount(shown, total int, filtered bool) string {
	s := Int(int64(total)) + " entries"
	if total == 1 {
		s = "1 entry"
	}
	if filtered {
		s = Int(int64(shown)) + " of " + s
	}
	return s
}

// NewAbove is the Activity's marker while the operator is away from the
// newest line: "↑ 3 new above · g newest · 40 entries", the count first,
// so it is the last thing a narrow line cuts.
func NewAbove(st Styles, n int, top key.Binding, count string, width int) string {
	marker := "↑ " + Int(int64(n)) + " new above"
	rest := JoinNonEmpty(" · ", Hint(top), count)
	line := text.Fit(marker+" · "+rest, width)
	rest, whole := strings.CutPrefix(line, marker)
	if !whole {
		return st.Notice.Render(line)
	}
	return st.Notice.Render(marker) + st.Muted.Render(rest)
}

// EmptyActivity says why the feed has no lines.
func EmptyActivity(filtered bool) string {
	if filtered {
		return "no entry matches"
	}
	return "nothing changed yet: changes seen by polling and actions sent show here"
}

// Badge is a tab title with its unseen count: "Activity (3)".
func Badge(title string, n int) string {
	if n <= 0 {
		return title
	}
	return title + " (" + Int(int64(n)) + ")"
}

// WatchesUnreadable says the saved watches could not be read.
func WatchesUnreadable(err string) string {
	return "watches could not be read (" + text.Clean(err) + "): starting with none"
}

// WatchesUnsaved says the watches could not be saved.
func WatchesUnsaved(err string) string { return "watches could not be saved: " + text.Clean(err) }

// AuditUnreadable says the audit log could not be read.
func AuditUnreadable(err string) string { return "audit log could not be read: " + text.Clean(err) }

// NotifyText is what a desktop notification says of an entry; NotifyFrom
// heads it with the profile.
func NotifyText(e ActivityEntry) string {
	s := e.Kind
	if e.Strategy != 0 {
		s += " strategy " + Int(e.Strategy)
	}
	if e.User != "" {
		s += " user " + e.User
	}
	if e.Old != "" || e.New != "" {
		s += " " + stateChange(e)
	}
	return s
}

// stateChange words an entry's states: "active -> paused"; an action that
// leaves the state as it was (add-balance, duplicate) "active
// (unchanged)"; one whose new state is not known (refused, failed,
// unknown, in flight) "was active".
func stateChange(e ActivityEntry) string {
	switch {
	case e.Kind == KindAction && e.Old != "" && e.New == e.Old:
		return e.Old + " (unchanged)"
	case e.Kind == KindAction && e.Old != "" && e.New == "":
		return "was " + e.Old
	}
	return text.OrDash(e.Old) + " -> " + text.OrDash(e.New)
}

// NotifyFrom heads a notification with the profile it is about: it is
// read away from the dashboard, where the header naming the profile is
// not in sight, and an operator may run one dashboard per profile.
func NotifyFrom(profile, msg string) string {
	if profile == "" {
		return "stratop: " + msg
	}
	return "stratop " + text.Clean(profile) + ": " + msg
}

// WatchingCount says what is watched: "watching 2 strategies, 1 user".
func WatchingCount(strategies, users int) string {
	if strategies == 0 && users == 0 {
		return ""
	}
	var parts []string
	if strategies == 1 {
		parts = append(parts, "1 strategy")
	} else if strategies > 1 {
		parts = append(parts, Int(int64(strategies))+" strategies")
	}
	if users == 1 {
		parts = append(parts, "1 user")
	} else if users > 1 {
		parts = append(parts, Int(int64(users))+" users")
	}
	return "watching " + strings.Join(parts, ", ")
}

// ActivityDropped says changes of the whole integration were reported
// faster than the feed took them, and some are not shown.
func ActivityDropped(n int64) string {
	return Int(n) + " changes of the integration were not shown: the Activity fell behind its watch"
}

// ActivityUnwatched says the watch of the whole integration stopped.
func ActivityUnwatched(err string) string {
	return "the watch of the whole integration stopped (" + text.Clean(err) + "): the Activity shows no more of its changes"
}
