package model

// The command line's dropdown: the best maxHits completions of what is
// typed, by its first character: @ the loaded users (fuzzy, users_fuzzy.go),
// ! the loaded pools, > the actions and views and their arguments; nothing
// typed, the modes themselves; under ctrl+r, the history.

import (
	"slices"
	"strconv"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/action"
	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/internal/text"
	"github.com/stratop/stratop/ui"
)

// completion is one line of the dropdown.
type completion struct {
	line  string // the command line it stands for
	label string
	desc  string
	id    int64 // the user's row or the pool's id it names
}

// paletteTurnMsg runs the next turn of a user search still under way.
type paletteTurnMsg struct{ gen uint64 }

// paletteFoundMsg is the index's answer to a user search that took longer
// than a key waits for it.
type paletteFoundMsg struct {
	gen   uint64
	users userFuzzy
}

// indexWait is how long a key waits for the index's answer: a turn of the
// scan's length. Most answers take a millisecond and show with the key;
// one that takes longer (letters in order over a million wallets) comes as
// a message, so the keys typed meanwhile never wait for it.
var indexWait = fuzzySlice

// answerFromIndex runs f's indexed search off the UI goroutine and waits
// up to indexWait for it; past that, it gives the users of the answer
// shown that match f's query too, and the whole answer as a message.
func answerFromIndex(f, shown userFuzzy, gen uint64) (userFuzzy, tea.Cmd) {
	answer := make(chan userFuzzy, 1)
	go func() { answer <- f.resume(0) }()
	if indexWait > 0 {
		select {
		case a := <-answer:
			return a, nil
		case <-time.After(indexWait):
		}
	}
	return f.rescored(shown), func() tea.Msg { return paletteFoundMsg{gen: gen, users: <-answer} }
}

// modes is the dropdown of an empty line.
var modes = []completion{
	{line: "#", label: "#ID", desc: "show a strategy by its id"},
	{line: "@", label: "@USER", desc: "choose a user (fuzzy over the users loaded)"},
	{line: "!", label: "!POOL", desc: "show a pool (fuzzy over the pools loaded)"},
	{line: ">", label: ">ACTION", desc: "an action or a view: >suspend --reason R, >filter, >profile, >fleet, >theme, >log"},
}

// views are the > words that are not actions.
var views = []completion{
	{line: ">filter ", label: "filter", desc: "the Strategies filter: status= category= method= chain= sort= (none: clear)"},
	{line: ">profile ", label: "profile", desc: "switch to a profile, as P"},
	{line: ">fleet", label: "fleet", desc: "every integration at a glance, as F"},
	{line: ">theme ", label: "theme", desc: "draw in another theme for this session; the settings file is not changed"},
	{line: ">log", label: "log", desc: "the command log: what this program sent, as commands (Activity, ])"},
}

// complete fills the dropdown for what p holds now, and starts the turns
// of a user search that did not end in its first.
func (m Model) complete(p palette) (palette, tea.Cmd) {
	line := p.input.Value()
	p.items, p.sel = nil, 0
	// A new generation for every change of the line: a turn or an answer
	// of a search begun for an earlier line is dropped.
	p.gen = nextGen()
	gen := p.gen
	var cmd tea.Cmd
	switch {
	case p.search:
		p.items = m.history.matching(line, maxHits)
	case line == "":
		p.items = modes
	case line[0] == '@':
		f := p.users.start(m.loadedUsers(), line[1:])
		if f.index != nil {
			f, cmd = answerFromIndex(f, p.users, gen)
		} else if f = f.resume(fuzzySlice); !f.done() {
			cmd = func() tea.Msg { return paletteTurnMsg{gen: gen} }
		}
		p.users = f
		p.items = userItems(p.users)
	case line[0] == '!':
		p.items = poolItems(m.loadedPools(), line[1:])
	case line[0] == '>':
		p.items = verbItems(line[1:])
	}
	return p, cmd
}

// turn runs the next turn of the user search.
func (m Model) paletteTurn(msg paletteTurnMsg) (Model, tea.Cmd) {
	if m.palette == nil || m.palette.gen != msg.gen || m.palette.users.done() {
		return m, nil
	}
	p := *m.palette
	sel := p.sel
	p.users = p.users.resume(fuzzySlice)
	p.items = userItems(p.users)
	p.sel = min(sel, max(len(p.items)-1, 0))
	m.palette = &p
	if p.users.done() {
		return m, nil
	}
	return m, func() tea.Msg { return paletteTurnMsg{gen: msg.gen} }
}

// paletteFound shows the index's answer, unless a later key asked again.
func (m Model) paletteFound(msg paletteFoundMsg) (Model, tea.Cmd) {
	if m.palette == nil || m.palette.gen != msg.gen {
		return m, nil
	}
	p := *m.palette
	sel := p.sel
	p.users = msg.users
	p.items = userItems(p.users)
	p.sel = min(sel, max(len(p.items)-1, 0))
	m.palette = &p
	return m, nil
}

// loadedUsers is the users list the Users tab holds (nil: not read yet).
func (m Model) loadedUsers() *usersData {
	if i, ok := m.owners[feedUsers]; ok {
		if t, ok := m.tabs[i].(usersTab); ok {
			return t.shown()
		}
	}
	return nil
}

// loadedPools is the pools the Pools tab holds.
func (m Model) loadedPools() []api.Pool {
	i, ok := m.owners[feedPools]
	if !ok {
		return nil
	}
	t, ok := m.tabs[i].(poolsTab)
	if !ok || t.pane.list.data == nil {
		return nil
	}
	nd := t.pane.list.data
	if !nd.userView {
		return nd.pools
	}
	out := make([]api.Pool, len(nd.items))
	for i, it := range nd.items {
		out[i] = it.Pool
	}
	return out
}

func userItems(f userFuzzy) []completion {
	top := f.top()
	out := make([]completion, 0, len(top))
	for _, h := range top {
		ext := f.data.External(int(h.row))
		out = append(out, completion{line: "@" + ext, label: ext, id: int64(h.row),
			desc: "user " + strconv.FormatInt(f.data.ID(int(h.row)), 10) + " · " + text.OrDash(f.data.field(int(h.row), 1))})
	}
	if !f.done() && len(out) > 0 {
		out[0].desc += " · searching"
	}
	return out
}

// poolItems ranks the pools by symbol, then name, as users are ranked by
// external id, then wallet.
func poolItems(pools []api.Pool, q string) []completion {
	key := foldASCII([]byte(strings.TrimSpace(q)))
	var best topHits
	for i, p := range pools {
		s := int32(1)
		if len(key) > 0 {
			s = scoreUser(foldASCII([]byte(p.Symbol)), foldASCII([]byte(p.Name)), key)
		}
		if s > 0 {
			best.offer(userHit{row: int32(i), score: s})
		}
	}
	out := make([]completion, 0, best.n)
	for _, h := range best.hits() {
		p := pools[h.row]
		out = append(out, completion{line: "!" + p.Symbol, label: text.OrDash(p.Symbol), id: p.ID,
			desc: text.OrDash(p.Name) + " · " + ui.ChainName(p.ChainID) + " · pool " + strconv.FormatInt(p.ID, 10)})
	}
	return out
}

// verbItems completes the first word after > with the actions and views,
// and the words after it with what that verb takes.
func verbItems(rest string) []completion {
	words := strings.Fields(rest)
	if len(words) == 0 || (len(words) == 1 && !strings.HasSuffix(rest, " ")) {
		q := ""
		if len(words) == 1 {
			q = words[0]
		}
		return rankWords(verbs(), q)
	}
	last := ""
	if !strings.HasSuffix(rest, " ") {
		last = words[len(words)-1]
	}
	head := ">" + strings.TrimSuffix(rest, last)
	var opts []completion
	switch words[0] {
	case "filter":
		for f := 0; f < fieldCount; f++ {
			for _, v := range union(fieldValues(f, false), fieldValues(f, true)) {
				if v != "" {
					w := fieldNames[f] + "=" + v
					opts = append(opts, completion{line: head + w + " ", label: w, desc: fieldLabel(f, v, false)})
				}
			}
		}
	case "theme":
		opts = themeItems(head)
	default:
		if _, ok := action.Lookup(words[0]); ok {
			opts = []completion{{line: head + `--reason ""`, label: "--reason R", desc: "the reason the audit log keeps"}}
		}
	}
	return rankWords(opts, last)
}

func verbs() []completion {
	out := make([]completion, 0, len(action.All)+len(views))
	for _, s := range action.All {
		out = append(out, completion{line: ">" + s.Name + " ", label: s.Name, desc: "as its key: the same dialog and policy"})
	}
	return append(out, views...)
}

// rankWords keeps the best maxHits of opts for q by their labels, in
// their order when q is empty.
func rankWords(opts []completion, q string) []completion {
	key := foldASCII([]byte(q))
	var best topHits
	for i, o := range opts {
		s := int32(1)
		if len(key) > 0 {
			s = scoreUser(foldASCII([]byte(o.label)), nil, key)
		}
		if s > 0 {
			best.offer(userHit{row: int32(i), score: s})
		}
	}
	out := make([]completion, 0, best.n)
	for _, h := range best.hits() {
		out = append(out, opts[h.row])
	}
	return out
}

func union(a, b []string) []string {
	out := slices.Clone(a)
	for _, v := range b {
		if !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	return out
}

// dropdownLines draws the completions, the selected one marked, and the
// selected one's description.
func (m Model) dropdownLines(p *palette, width int) []string {
	if len(p.items) == 0 {
		return nil
	}
	st := m.env.styles
	labelW := 0
	for _, it := range p.items {
		labelW = max(labelW, len([]rune(text.Clean(it.label))))
	}
	labelW = min(labelW, width/2)
	lines := make([]string, 0, len(p.items)+1)
	for i, it := range p.items {
		row := "  " + text.Fit(text.Clean(it.label), labelW)
		if i == p.sel {
			lines = append(lines, st.Selected.Render(text.Fit("› "+row[2:], width)))
			continue
		}
		lines = append(lines, text.Fit(row, width))
	}
	return append(lines, st.Muted.Render(text.Fit("  "+text.Clean(p.items[p.sel].desc), width)))
}
