package ui

// A modal dialog drawn over the body, for confirmations and reports: a
// title, lines of facts, an optional typed answer, and a hint naming the
// keys. Danger marks actions that cannot be undone.

import (
	"strconv"
	"strings"

	"github.com/charmbracelet/lipgloss"

	"github.com/stratop/stratop/internal/text"
)

// Dialog is what a dialog shows. Every string must be sanitised.
type Dialog struct {
	Title  string
	Lines  []string
	Danger bool
	Input  string // what the user typed so far, shown when Prompt is set
	Prompt string // e.g. "type 123 and enter to archive"
	Hint   string // e.g. "y confirm · n/esc cancel (default)"
}

// RenderDialog draws d centred in a width x height area.
func RenderDialog(st Styles, d Dialog, width, height int) string {
	inner := min(max(width-8, 20), 72)
	title := st.DialogTitle
	if d.Danger {
		title = st.DialogDanger
	}
	var tail []string // prompt and hint: always shown
	if d.Prompt != "" {
		tail = append(tail, "", text.Fit(d.Prompt, inner), text.Fit("> "+d.Input+"_", inner))
	}
	if d.Hint != "" {
		// The hint names the keys that answer: wrapped between keys, never cut.
		tail = append(tail, "")
		for _, l := range wrapParts(d.Hint, " · ", inner) {
			tail = append(tail, st.Muted.Render(text.Fit(l, inner)))
		}
	}
	body := make([]string, 0, len(d.Lines)+1)
	body = append(body, "")
	for _, l := range d.Lines {
		body = append(body, text.Fit(l, inner))
	}
	// On a short terminal drop the spacing first, then the last facts, so
	// the box never grows taller than the area (border: 2 lines).
	room := max(height-2, 3)
	if 1+len(body)+len(tail) > room {
		body, tail = dropBlank(body), dropBlank(tail)
	}
	if over := 1 + len(body) + len(tail) - room; over > 0 {
		// A line saying so stands for what is cut: a fact cut short (a shell
		// line ending mid-command) must not pass for the whole of it.
		if n := len(body) - over; n > 0 {
			cut := len(body) - (n - 1)
			body = append(body[:n-1], st.Muted.Render(text.Fit("("+strconv.Itoa(cut)+" more lines in a taller window)", inner)))
		} else {
			body = nil
		}
	}
	lines := append([]string{title.Render(text.Fit(d.Title, inner))}, body...)
	lines = append(lines, tail...)
	box := st.Dialog.Width(inner + 2).Render(strings.Join(lines, "\n"))
	return lipgloss.Place(width, height, lipgloss.Center, lipgloss.Center, box)
}

// wrapParts packs the parts of s separated by sep into lines of width,
// breaking between parts (and within a part only when it alone is wider).
func wrapParts(s, sep string, width int) []string {
	var lines []string
	cur := ""
	for _, p := range strings.Split(s, sep) {
		switch {
		case cur == "":
			cur = p
		case text.Width(cur+sep+p) <= width:
			cur += sep + p
		default:
			lines = append(lines, cur)
			cur = p
		}
		if text.Width(cur) > width {
			wrapped := WrapWords(cur, width)
			lines = append(lines, wrapped[:len(wrapped)-1]...)
			cur = wrapped[len(wrapped)-1]
		}
	}
	return append(lines, cur)
}

// dropBlank removes empty lines.
func dropBlank(lines []string) []string {
	out := lines[:0:0]
	for _, l := range lines {
		if l != "" {
			out = append(out, l)
		}
	}
	return out
}

// Consent is what every confirmation shows besides its own question: the
// operator's reason, and, when the audit log cannot take the intent, why
// nothing will be sent and the override that sends it unrecorded.
type Consent struct {
	Reason   string
	Editing  bool // keys type into the reason
	Required bool // the profile requires a reason
	// Audit says why the audit log cannot be written ("" when it can);
	// Override is the override's step: OverrideNone, OverrideTyping
	// (Want is typed, Input so far) or OverrideConfirm.
	Audit    string
	Override int
	Want     string
	Input    string
	Note     string // why the last answer was refused
	Keys     DialogKeys
}

// The steps of the override of an unwritable audit log.
const (
	OverrideNone = iota
	OverrideTyping
	OverrideConfirm
)

// WithConsent adds c to a dialog: the reason line and the audit problem;
// while the reason is edited or the override asked, their prompt and hint
// replace the dialog's own.
func WithConsent(d Dialog, c Consent) Dialog {
	reason := c.Reason
	switch {
	case reason != "":
	case c.Required:
		reason = "required: " + KeyName(c.Keys.Reason) + " to type one"
	default:
		reason = "none (" + KeyName(c.Keys.Reason) + " to add one)"
	}
	d.Lines = append(append(d.Lines, ""), labelled("reason", reason)...)
	if c.Audit != "" {
		d.Danger = true
		d.Lines = append(d.Lines, "", "Nothing will be sent: "+c.Audit+".",
			"To send it without an audit record, type "+c.Want+", then confirm once more.")
	}
	if c.Note != "" {
		d.Lines = append(d.Lines, "", c.Note)
	}
	switch {
	case c.Editing:
		d.Prompt = "reason (a ticket or a sentence), " + KeyName(c.Keys.Submit) + " to keep it"
		d.Input = c.Reason
		d.Hint = Hint(WithDesc(c.Keys.Submit, "keep"), WithDesc(NonTyping(c.Keys.Cancel), "cancel"))
	case c.Override == OverrideTyping:
		d.Prompt = "type " + c.Want + " and " + KeyName(c.Keys.Submit) + " to send it WITHOUT an audit record"
		d.Input = c.Input
		d.Hint = Hint(c.Keys.Submit, NonTyping(c.Keys.Cancel)) + " (default)"
	case c.Override == OverrideConfirm:
		d.Title = "Send without an audit record? " + d.Title
		d.Prompt, d.Input = "", ""
		d.Hint = Hint(WithDesc(c.Keys.Confirm, "send unaudited"), c.Keys.Cancel) + " (default)"
	default:
		d.Hint += " · " + Hint(c.Keys.Reason)
	}
	return d
}

// NoticeUnaudited says an action was sent with the override, unrecorded.
const NoticeUnaudited = "sent WITHOUT an audit record (override used)"
