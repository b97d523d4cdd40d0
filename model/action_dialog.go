package model

// The confirmation dialog of one action. It is bound to the strategy
// record captured when it opened: refreshes, reorders, filters and page
// changes do not reach it. The default answer is cancel: y confirms halt,
// suspend and resume (enter alone cancels); archive and stop cannot be
// undone and ask to type the strategy id and enter. When the owner is
// unknown it first asks for the external user id (tab completes from the
// users list). It decides nothing else: Model.afterOverlay sends.

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/ui"
)

// maxTyped bounds what a dialog accepts as typed input.
const maxTyped = 64

// actionDialog is the Overlay asking to confirm one action.
type actionDialog struct {
	d         *deps
	action    Action
	target    api.Strategy // captured at key press: the only target
	owner     string
	askOwner  bool // the owner is being typed
	users     []string
	input     string
	note      string // a line explaining the last refusal
	blocked   bool   // the target changed meanwhile: any key closes
	confirmed bool   // read (and cleared) by Model.afterOverlay
}

func newActionDialog(d *deps, a Action, target api.Strategy, owner string, users []string) actionDialog {
	dl := actionDialog{d: d, action: a, target: target, owner: owner, users: users}
	dl.askOwner = a.needsOwner() && owner == ""
	return dl
}

// Update handles keys; every other message leaves the dialog as it is.
func (dl actionDialog) Update(msg tea.Msg) (Overlay, tea.Cmd) {
	km, ok := msg.(tea.KeyMsg)
	if !ok {
		return dl, nil
	}
	k := dl.d.keys
	if dl.blocked {
		return nil, nil
	}
	if km.Type == tea.KeyEsc {
		return nil, nil
	}
	switch {
	case dl.askOwner:
		return dl.updateOwner(km), nil
	case dl.action.typed():
		switch km.Type {
		case tea.KeyEnter:
			if dl.input == itoa(dl.target.ID) {
				dl.confirmed = true
				return dl, nil
			}
			dl.note = "type " + itoa(dl.target.ID) + " exactly to " + dl.action.String()
			return dl, nil
		case tea.KeyBackspace:
			dl.input = dropLast(dl.input)
		case tea.KeyRunes:
			if key.Matches(km, k.Cancel) {
				return nil, nil
			}
			dl.input = appendTyped(dl.input, km.Runes, unicode.IsDigit)
		}
		return dl, nil
	}
	if key.Matches(km, k.Confirm) {
		dl.confirmed = true
		return dl, nil
	}
	// Anything else, enter included, is the default answer: cancel.
	return nil, nil
}

// updateOwner edits the owner's external id.
func (dl actionDialog) updateOwner(km tea.KeyMsg) actionDialog {
	switch km.Type {
	case tea.KeyEnter:
		if id := strings.TrimSpace(dl.input); id != "" {
			dl.owner, dl.input, dl.askOwner, dl.note = id, "", false, ""
		}
	case tea.KeyTab:
		dl.input = complete(dl.input, dl.users)
	case tea.KeyBackspace:
		dl.input = dropLast(dl.input)
	case tea.KeyRunes:
		dl.input = appendTyped(dl.input, km.Runes, func(r rune) bool { return unicode.IsPrint(r) && !unicode.IsSpace(r) })
	}
	return dl
}

// View draws the dialog.
func (dl actionDialog) View(width, height int) string {
	s := dl.target
	a := dl.action
	owner := ui.SanitizeLimit(dl.owner, maxFieldRunes)
	if owner == "" {
		owner = "unknown"
		if !a.needsOwner() {
			owner += " (not needed by this route)"
		}
	}
	title := strings.ToUpper(a.String()[:1]) + a.String()[1:] + " strategy " + itoa(s.ID) + "?"
	lines := []string{
		"action    " + a.String(),
		"strategy  " + itoa(s.ID),
		"pool      " + ui.OrDash(ui.SanitizeLimit(s.Pool.Symbol, 24)),
		"chain     " + ui.ChainName(s.ChainID),
		"owner     " + owner,
		"state     " + ui.SanitizeLimit(string(s.Status), 20) + " -> " + string(a.Next()),
	}
	if a.typed() {
		lines = append(lines, "", "This cannot be undone.")
	}
	if dl.note != "" {
		lines = append(lines, "", ui.Sanitize(dl.note))
	}
	dg := ui.Dialog{Title: title, Lines: lines, Danger: a.typed()}
	switch {
	case dl.blocked:
		dg.Hint = "nothing was sent · any key closes"
	case dl.askOwner:
		dg.Prompt = "owner unknown: type the owner's external user id (tab completes), enter"
		dg.Input = ui.Sanitize(dl.input)
		dg.Hint = "enter accept · esc cancel (default)"
	case a.typed():
		dg.Prompt = "type " + itoa(s.ID) + " and enter to " + a.String()
		dg.Input = dl.input
		dg.Hint = "enter confirm when typed · n/esc cancel (default)"
	default:
		dg.Hint = "y confirm · n/esc/enter cancel (default)"
	}
	return ui.RenderDialog(dl.d.styles, dg, width, height)
}

// Help lists the dialog's keys for the help line.
func (dl actionDialog) Help() ui.HelpMap {
	k := dl.d.keys
	var short []key.Binding
	switch {
	case dl.blocked:
		short = []key.Binding{ui.WithDesc(k.Back, "close")}
	case dl.askOwner:
		short = []key.Binding{key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "complete")),
			ui.WithDesc(k.Enter, "accept"), ui.WithDesc(k.Back, "cancel")}
	case dl.action.typed():
		short = []key.Binding{ui.WithDesc(k.Enter, "confirm when typed"), k.Cancel}
	default:
		short = []key.Binding{k.Confirm, k.Cancel}
	}
	return ui.HelpMap{Short: short, Full: [][]key.Binding{short}}
}

// Help lists the result's keys for the help line.
func (r resultDialog) Help() ui.HelpMap {
	short := []key.Binding{key.NewBinding(key.WithKeys("esc"), key.WithHelp("any key", "close"))}
	if r.retry != nil {
		short = append([]key.Binding{ui.WithDesc(r.d.keys.Confirm, "retry")}, short...)
	}
	return ui.HelpMap{Short: short, Full: [][]key.Binding{short}}
}

// resultDialog reports an outcome (a bulk report, an unknown outcome) and,
// when retry is set, offers to send the action again on y. Any other key
// closes it; nothing is ever retried without that key.
type resultDialog struct {
	d       *deps
	title   string
	lines   []string
	danger  bool
	retry   *retryRequest
	retried bool // read by Model.afterOverlay
}

// retryRequest is an action the user may send again by hand.
type retryRequest struct {
	action Action
	target api.Strategy // the re-read record
	owner  string
}

func (r resultDialog) Update(msg tea.Msg) (Overlay, tea.Cmd) {
	km, ok := msg.(tea.KeyMsg)
	if !ok {
		return r, nil
	}
	if r.retry != nil && key.Matches(km, r.d.keys.Confirm) {
		r.retried = true
		return r, nil
	}
	return nil, nil
}

func (r resultDialog) View(width, height int) string {
	lines := make([]string, 0, len(r.lines))
	room := max(height-8, 1) // border, title, hint and their gaps
	for i, l := range r.lines {
		if i == room-1 && len(r.lines) > room {
			lines = append(lines, "… "+strconv.Itoa(len(r.lines)-i)+" more")
			break
		}
		lines = append(lines, ui.Sanitize(l))
	}
	hint := "any key closes"
	if r.retry != nil {
		hint = "y retry " + r.retry.action.String() + " (sends it again) · any other key closes"
	}
	return ui.RenderDialog(r.d.styles, ui.Dialog{Title: r.title, Lines: lines, Danger: r.danger, Hint: hint}, width, height)
}

// appendTyped appends the runes accepted by ok, up to maxTyped.
func appendTyped(s string, rs []rune, ok func(rune) bool) string {
	for _, r := range rs {
		if ok(r) && len([]rune(s)) < maxTyped {
			s += string(r)
		}
	}
	return s
}

// dropLast removes the last rune.
func dropLast(s string) string {
	rs := []rune(s)
	if len(rs) == 0 {
		return s
	}
	return string(rs[:len(rs)-1])
}

// complete extends prefix to the first known id starting with it
// (case-insensitive); with one press per candidate it cycles onwards.
func complete(prefix string, ids []string) string {
	p := strings.ToLower(prefix)
	var first string
	for i, id := range ids {
		if !strings.HasPrefix(strings.ToLower(id), p) {
			continue
		}
		if id == prefix {
			// Already complete: move to the next match.
			for _, nx := range ids[i+1:] {
				if strings.HasPrefix(strings.ToLower(nx), p) && nx != prefix {
					return nx
				}
			}
			continue
		}
		if first == "" {
			first = id
		}
	}
	if first == "" {
		return prefix
	}
	return first
}
