package model

// What the dashboard showed, key by key. A test that checks every request
// the server received against the dialog the operator saw needs to know
// which keys the root took (after splitting what a read grouped) and what
// was open after each; the root reports it to the env's trace, which only
// tests set. Nothing here decides anything.

import tea "github.com/charmbracelet/bubbletea"

// traceEvent is one key taken by the root (or one resize, key "").
type traceEvent struct {
	key           string
	width, height int // after a resize
	hidden        bool
	profile       string
	before        shownDialog // the dialog open when the key arrived
	shown         shownDialog // the dialog open after the key (kind "" for none)
	// Other layers that an escape must close.
	switcher, help, capturing bool
	// Where the key left the operator: the command line open (searching
	// its history, where an escape ends the search first), the tab shown.
	palette, paletteSearch bool
	tab                    int
}

// shownDialog is what a dialog showed: its kind and what it acts on.
type shownDialog struct {
	kind     string // "confirm", "balance", "review", "job", "counting", "menu", "result"
	action   string
	strategy int64
	user     string
	ids      []int64  // bulk: the marked ids it named
	count    int      // user-wide job: the count it stated
	want     string   // a typed confirmation: what must be typed
	amount   string   // the review: the raw amount that would be sent
	retry    bool     // a result offering to send the action again
	reason   string   // the reason typed so far
	editing  bool     // keys type into the reason
	override int      // the unaudited override's step (ui.Override*)
	offers   []string // a menu: the keys of the entries it offers
	// overrideWant is what the override asks to be typed.
	overrideWant string
}

// traced reports a key (or a resize when msg is nil) to the env's trace;
// before is what was open when it arrived.
func (m Model) traced(msg *tea.KeyMsg, before shownDialog) {
	if m.env.trace == nil {
		return
	}
	ev := traceEvent{width: m.width, height: m.height, hidden: m.hidden(), profile: m.env.profile, before: before,
		shown: m.shownNow(), switcher: m.switcher != nil, help: m.showHelp, capturing: m.tabs[m.active].Capturing(),
		palette: m.palette != nil, paletteSearch: m.palette != nil && m.palette.search, tab: m.active}
	if msg != nil {
		ev.key = msg.String()
	}
	m.env.trace(ev)
}

// shownNow is the open dialog, for the trace (zero without a trace).
func (m Model) shownNow() shownDialog {
	if m.env.trace == nil || m.acts.overlay == nil {
		return shownDialog{}
	}
	return m.acts.overlay.shown()
}

func requestShown(kind string, r request) shownDialog {
	return shownDialog{kind: kind, action: r.spec.Name, strategy: r.target.Strategy.ID, user: r.target.Owner,
		ids: r.ids, count: r.count}
}

// consentShown adds what the consent shows.
func consentShown(s shownDialog, c consent) shownDialog {
	s.reason, s.editing, s.override, s.overrideWant = c.reason.Value(), c.editing, c.step, c.want
	return s
}

func (d confirmDialog) shown() shownDialog {
	s := requestShown("confirm", d.req)
	if d.isTyped() {
		s.want = d.want()
	}
	return consentShown(s, d.consent)
}

func (d balanceDialog) shown() shownDialog {
	if d.review == nil {
		return requestShown("balance", d.req)
	}
	s := requestShown("review", d.req)
	s.amount = d.review.Raw
	return consentShown(s, d.consent)
}

func (d jobDialog) shown() shownDialog {
	s := requestShown("job", d.req)
	s.want = d.req.target.Owner
	return consentShown(s, d.consent)
}

func (d countingDialog) shown() shownDialog { return shownDialog{kind: "counting", action: d.subject} }

func (d menuDialog) shown() shownDialog {
	s := shownDialog{kind: "menu"}
	for _, e := range d.entries {
		s.offers = append(s.offers, e.binding.Keys()...)
	}
	return s
}

func (r resultDialog) shown() shownDialog {
	if r.retry == nil {
		return shownDialog{kind: "result"}
	}
	s := requestShown("result", *r.retry)
	s.retry = true
	return s
}
