package model

// Bulk actions on the rows marked with space: a archives them with
// removeStrategies (one request per owner; type the count to confirm), h
// halts each in turn (one request in flight per id; y confirms). Each ends
// in a report: removed, failed and skipped, or one line per id.

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/ui"
)

// bulkDialog confirms a bulk action on the ids marked at key press.
type bulkDialog struct {
	d         *deps
	action    Action
	ids       []int64
	owner     string // the chosen user, "" for each record's owner
	input     string
	note      string
	confirmed bool
}

func newBulkDialog(d *deps, a Action, marked []int64, chosen string) bulkDialog {
	ids := slices.Clone(marked)
	slices.Sort(ids)
	return bulkDialog{d: d, action: a, ids: ids, owner: chosen}
}

func (b bulkDialog) Update(msg tea.Msg) (Overlay, tea.Cmd) {
	km, ok := msg.(tea.KeyMsg)
	if !ok {
		return b, nil
	}
	if km.Type == tea.KeyEsc {
		return nil, nil
	}
	if b.action != ActionArchive {
		if key.Matches(km, b.d.keys.Confirm) {
			b.confirmed = true
			return b, nil
		}
		return nil, nil // the default answer: cancel
	}
	count := strconv.Itoa(len(b.ids))
	switch km.Type {
	case tea.KeyEnter:
		if b.input == count {
			b.confirmed = true
			return b, nil
		}
		b.note = "type " + count + " exactly to archive them"
	case tea.KeyBackspace:
		b.input = dropLast(b.input)
	case tea.KeyRunes:
		if key.Matches(km, b.d.keys.Cancel) {
			return nil, nil
		}
		b.input = appendTyped(b.input, km.Runes, unicode.IsDigit)
	}
	return b, nil
}

func (b bulkDialog) View(width, height int) string {
	n := strconv.Itoa(len(b.ids))
	owner := "each strategy's owner (grouped per owner)"
	if b.owner != "" {
		owner = ui.SanitizeLimit(b.owner, maxFieldRunes)
	}
	lines := []string{
		"action     " + b.action.String() + " every marked strategy",
		"marked     " + n + ": " + idList(b.ids, 12),
		"owner      " + owner,
		"state      any -> " + string(b.action.Next()) + " (others are skipped)",
	}
	dg := ui.Dialog{Title: strings.ToUpper(b.action.String()[:1]) + b.action.String()[1:] + " " + n + " marked strategies?", Lines: lines}
	if b.action == ActionArchive {
		dg.Danger = true
		dg.Lines = append(dg.Lines, "", "This cannot be undone.")
		dg.Prompt = "type " + n + " and enter to archive them"
		dg.Input = b.input
		dg.Hint = "enter confirm when typed · n/esc cancel (default)"
	} else {
		dg.Hint = "y confirm · n/esc/enter cancel (default)"
	}
	if b.note != "" {
		dg.Lines = append(dg.Lines, "", b.note)
	}
	return ui.RenderDialog(b.d.styles, dg, width, height)
}

// Help lists the dialog's keys for the help line.
func (b bulkDialog) Help() ui.HelpMap {
	k := b.d.keys
	short := []key.Binding{k.Confirm, k.Cancel}
	if b.action == ActionArchive {
		short = []key.Binding{ui.WithDesc(k.Enter, "confirm when typed"), k.Cancel}
	}
	return ui.HelpMap{Short: short, Full: [][]key.Binding{short}}
}

// idList lists up to limit ids.
func idList(ids []int64, limit int) string {
	parts := make([]string, 0, min(len(ids), limit)+1)
	for i, id := range ids {
		if i == limit {
			parts = append(parts, "… "+strconv.Itoa(len(ids)-limit)+" more")
			break
		}
		parts = append(parts, itoa(id))
	}
	return strings.Join(parts, ", ")
}

// bulkReplyMsg reports a bulk action.
type bulkReplyMsg struct {
	action  Action
	ids     []int64 // every id the action was started for
	lines   []string
	records []api.Strategy // re-read records
}

// marksClearedMsg unmarks ids after a bulk action acted on them.
type marksClearedMsg struct{ IDs []int64 }

// startBulk locks the marked ids not already in flight and starts the bulk
// command; ids in flight are reported as skipped.
func (m Model) startBulk(b bulkDialog) (Model, tea.Cmd) {
	client, ok := m.d.api.(ActionAPI)
	if !ok {
		m.notice = noticeUnavailable
		return m, nil
	}
	var ids []int64
	var busy []int64
	cmds := []tea.Cmd{}
	for _, id := range b.ids {
		if m.inflight[id] {
			busy = append(busy, id)
			continue
		}
		ids = append(ids, id)
		m.inflight = toggled(m.inflight, id, true)
		var c tea.Cmd
		m, c = m.broadcast(pendingMsg{ID: id, Pending: true})
		cmds = append(cmds, c)
	}
	m.notice = b.action.String() + " " + strconv.Itoa(len(ids)) + " marked strategies: sending…"
	cmds = append(cmds, bulkCmd(m.d, client, b.action, ids, busy, b.owner))
	return m, tea.Batch(cmds...)
}

// bulkCmd runs the bulk action: every id is read first (for its owner and
// state), then archived per owner or halted one by one, then read again.
func bulkCmd(d *deps, client ActionAPI, a Action, ids, busy []int64, chosen string) tea.Cmd {
	reader, fetchTimeout, timeout := d.api, d.fetchTimeout, d.actionTimeout
	read := func(id int64) (*api.Strategy, error) {
		ctx, cancel := context.WithTimeout(context.Background(), fetchTimeout)
		defer cancel()
		s, err := reader.GetStrategy(ctx, id)
		if err == nil && s == nil {
			err = errEmptyAnswer
		}
		return s, err
	}
	return func() tea.Msg {
		rep := bulkReplyMsg{action: a, ids: ids}
		var skipped []string
		for _, id := range busy {
			skipped = append(skipped, itoa(id)+" (an action is in flight)")
		}
		if a == ActionArchive {
			rep.lines = bulkArchive(client, read, timeout, ids, chosen, skipped)
		} else {
			rep.lines = bulkHalt(client, read, timeout, ids, skipped)
		}
		for _, id := range ids {
			if s, err := read(id); err == nil {
				rep.records = append(rep.records, cleanStrategy(*s))
			}
		}
		return rep
	}
}

// bulkArchive groups the ids per owner and sends one removeStrategies each.
func bulkArchive(client ActionAPI, read func(int64) (*api.Strategy, error), timeout time.Duration,
	ids []int64, chosen string, skipped []string) []string {
	var removed, failed []string
	groups := map[string][]int64{}
	for _, id := range ids {
		s, err := read(id)
		switch {
		case errors.Is(err, api.ErrNotFound):
			failed = append(failed, itoa(id)+" (gone)")
			continue
		case err != nil:
			failed = append(failed, itoa(id)+" (not read: "+ui.ErrorText(err, "the server")+"; nothing sent)")
			continue
		case s.Status == api.StatusArchived:
			skipped = append(skipped, itoa(id)+" (already archived)")
			continue
		}
		owner := chosen
		if owner == "" {
			owner = s.UserID
		}
		if owner == "" {
			failed = append(failed, itoa(id)+" (owner unknown: choose the user first)")
			continue
		}
		groups[owner] = append(groups[owner], id)
	}
	owners := make([]string, 0, len(groups))
	for o := range groups {
		owners = append(owners, o)
	}
	slices.Sort(owners)
	for _, o := range owners {
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		res, err := client.RemoveStrategies(ctx, api.RemoveStrategiesRequest{UserID: o, IDs: groups[o]})
		cancel()
		if err != nil {
			why := actionErrorText(err, ActionArchive)
			if outcomeUnknown(err) {
				why = "outcome unknown: " + ui.ErrorText(err, "the server") + "; see the rows"
			}
			for _, id := range groups[o] {
				failed = append(failed, itoa(id)+" ("+why+")")
			}
			continue
		}
		if res == nil {
			res = &api.RemoveStrategiesResult{}
		}
		for _, id := range res.Removed {
			removed = append(removed, itoa(id))
		}
		for _, f := range res.Failed {
			failed = append(failed, itoa(f.ID)+" ("+ui.SanitizeLimit(f.Reason, 60)+")")
		}
		for _, id := range res.SkippedArchived {
			skipped = append(skipped, itoa(id)+" (already archived)")
		}
	}
	return []string{
		"owners    " + strconv.Itoa(len(owners)) + " (one removeStrategies each)",
		"removed   " + countList(removed),
		"failed    " + countList(failed),
		"skipped   " + countList(skipped),
	}
}

// bulkHalt halts the ids one after another and reports each.
func bulkHalt(client ActionAPI, read func(int64) (*api.Strategy, error), timeout time.Duration,
	ids []int64, skipped []string) []string {
	lines := make([]string, 0, len(ids)+len(skipped))
	for _, id := range ids {
		s, err := read(id)
		switch {
		case errors.Is(err, api.ErrNotFound):
			lines = append(lines, itoa(id)+": gone (404), nothing sent")
			continue
		case err != nil:
			lines = append(lines, itoa(id)+": not read ("+ui.ErrorText(err, "the server")+"), nothing sent")
			continue
		}
		if ok, why := ActionHalt.Allowed(s.Status); !ok {
			lines = append(lines, itoa(id)+": skipped, "+why)
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		_, err = client.HaltStrategy(ctx, id)
		cancel()
		switch {
		case err == nil:
			lines = append(lines, itoa(id)+": halted")
		case outcomeUnknown(err):
			lines = append(lines, itoa(id)+": outcome unknown ("+ui.ErrorText(err, "the server")+"); see the row")
		default:
			lines = append(lines, itoa(id)+": failed, "+actionErrorText(err, ActionHalt))
		}
	}
	for _, s := range skipped {
		lines = append(lines, s+": skipped")
	}
	return lines
}

// countList is "n: a, b, c" or "0".
func countList(items []string) string {
	if len(items) == 0 {
		return "0"
	}
	return strconv.Itoa(len(items)) + ": " + strings.Join(items, ", ")
}

// settleBulk unlocks the ids, refreshes their rows, clears their marks and
// shows the report.
func (m Model) settleBulk(r bulkReplyMsg) (Model, tea.Cmd) {
	var cmds []tea.Cmd
	var c tea.Cmd
	for _, id := range r.ids {
		m.inflight = toggled(m.inflight, id, false)
		m, c = m.broadcast(pendingMsg{ID: id})
		cmds = append(cmds, c)
	}
	for _, s := range r.records {
		m, c = m.broadcast(strategyRecordMsg{Strategy: s})
		cmds = append(cmds, c)
	}
	m, c = m.broadcast(marksClearedMsg{IDs: r.ids})
	cmds = append(cmds, c)
	m.notice = "bulk " + r.action.String() + " done: see the report"
	rd := resultDialog{d: m.d, title: "Bulk " + r.action.String() + " report", lines: r.lines}
	if m.overlay == nil {
		m.overlay = rd
	}
	return m, tea.Batch(cmds...)
}
