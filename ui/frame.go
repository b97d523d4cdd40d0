package ui

// The frame around the tabs: header line, tab bar, status line, help line,
// and the notice shown when the terminal is too small.

import (
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/stratop/stratop/internal/text"
)

// Minimum terminal size; below it only TooSmall is drawn.
const (
	MinWidth  = 60
	MinHeight = 15
)

// Chrome heights: header and tab bar above the body, status and help below.
const (
	HeaderHeight = 2
	FooterHeight = 2
)

// HeaderData is what the header line shows.
type HeaderData struct {
	Profile    string
	Label      string // the profile's label from the settings file, drawn as a badge
	Host       string
	HasStats   bool
	StatsError bool // the stats read failed and none arrived yet
	Users      int64
	Strategies int64
	ChosenUser string // sanitised external id, "" for none
	ReadOnly   bool
	// Failing says the connection's latest requests failed; FailingFor is
	// how long ago the last good answer came (-1: none yet).
	Failing    bool
	FailingFor time.Duration
}

// IsProductionProfile reports whether a profile name looks like production
// ("prod", "production", "prod-eu"): the header marks it in red.
func IsProductionProfile(name string) bool {
	return strings.HasPrefix(strings.ToLower(name), "prod")
}

// Header draws the header line. The label badge, the profile, the chosen
// user and READ-ONLY stay whole at any width the frame is drawn at; the
// stats, the host, the brand and then the FAILING badge (the status line
// says STALE too) give way first, with an ellipsis.
func Header(st Styles, h HeaderData, width int) string {
	parts := make([]part, 0, 8)
	parts = append(parts, part{text: "stratop", style: st.Brand, rank: 3})
	if h.Label != "" {
		parts = append(parts, part{text: text.Fit(h.Label, 16), style: st.Badge, pad: true, rank: 6, keep: true, floor: 6})
	}
	if h.Profile != "" {
		ps := st.Profile
		if IsProductionProfile(h.Profile) {
			ps = st.ProfileProd
		}
		parts = append(parts, part{text: text.Fit(h.Profile, 20), style: ps, rank: 5, keep: true, floor: 8})
	}
	host := part{text: text.Fit(h.Host, 40), style: st.Host, rank: 2, floor: 8}
	if h.Profile != "" {
		host.join = " "
	}
	parts = append(parts, host)
	switch {
	case h.HasStats:
		parts = append(parts, part{text: Int(h.Users) + " users · " + Int(h.Strategies) + " strategies", style: st.HeaderStat, rank: 1, floor: 8})
	case h.StatsError:
		parts = append(parts, part{text: "no stats", style: st.Muted, rank: 1})
	default:
		parts = append(parts, part{text: "loading…", style: st.Muted, rank: 1})
	}
	if h.Failing {
		text := "FAILING"
		if h.FailingFor >= 0 {
			text += " " + Age(h.FailingFor)
		}
		parts = append(parts, part{text: text, style: st.Stale, pad: true, rank: 4, floor: 7})
	}
	if h.ChosenUser != "" {
		// Whole, however long: the other parts give way first, so an
		// external id of 42 characters is whole at 80 columns beside a
		// label, the profile and READ-ONLY at their floors.
		parts = append(parts, part{text: "user " + h.ChosenUser, style: st.ChosenUser, rank: 7, keep: true, floor: 12})
	}
	if h.ReadOnly {
		parts = append(parts, part{text: "READ-ONLY", style: st.ReadOnly, pad: true, rank: 8, keep: true, floor: 9})
	}
	return fitParts(parts, "  ", width)
}

// TabBar draws the tab titles; the active one is bracketed so it shows
// without colour too.
func TabBar(st Styles, titles []string, active, width int) string {
	var b strings.Builder
	for i, t := range titles {
		b.WriteString(tabLabel(st, i, t, active))
		b.WriteByte(' ')
	}
	return cutStyled(b.String(), width)
}

// tabLabel is one tab of TabBar (TabAt measures the same labels).
func tabLabel(st Styles, i int, title string, active int) string {
	label := strconv.Itoa(i+1) + " " + title
	if i == active {
		return st.TabActive.Render("[" + label + "]")
	}
	return st.Tab.Render(" " + label + " ")
}

// Status is what the status line shows for the visible data.
type Status struct {
	// ReadAt is when the visible data was last read well; ChangedAt when
	// it last changed or recovered from stale. The line says both: "read
	// 3s ago · changed 11:20:03", ages at Now.
	ReadAt      time.Time
	ChangedAt   time.Time
	Now         time.Time
	Loading     bool // nothing to show yet
	Stale       bool
	StaleReason string
	Notice      string // a one-off message, e.g. why a key did nothing
	// A list read again only when it may have changed shows its age as
	// "users as of 12:01, checked 12:05:30": AsOf is when it was read,
	// CheckedAt the latest time a cheaper signal said it still holds.
	// Subject names the list ("users as of…"); with AsOf zero it names
	// what was read ("audit log read 3s ago").
	Subject   string
	AsOf      time.Time
	CheckedAt time.Time
}

// Ages reports whether the line shows an age that moves with Now.
func (s Status) Ages() bool {
	return !s.ReadAt.IsZero() && s.AsOf.IsZero() || s.Stale && !s.Loading
}

// StatusLine draws the status line. The STALE badge and the notice stay;
// the data's ages give way first, then the reason of the error.
func StatusLine(st Styles, s Status, width int) string {
	parts := make([]part, 0, 5)
	switch {
	case s.Loading && !s.Stale:
		parts = append(parts, part{text: "loading…", style: st.Muted, rank: 2})
	case !s.AsOf.IsZero():
		parts = append(parts, part{text: s.Subject + " as of " + s.AsOf.Format("15:04") + ", checked " + Clock(s.CheckedAt), style: st.Updated, rank: 2, floor: 12})
	case !s.ReadAt.IsZero():
		if !s.Stale {
			parts = append(parts, part{text: JoinNonEmpty(" ", s.Subject, "read "+Ago(s.Now.Sub(s.ReadAt))), style: st.Updated, rank: 2})
		}
		if !s.ChangedAt.IsZero() {
			parts = append(parts, part{text: "changed " + Clock(s.ChangedAt), style: st.Updated, rank: 1, join: " · "})
		}
	}
	if s.Stale {
		badge := "ERROR" // nothing to show yet: not stale, missing
		if !s.Loading {
			badge = "STALE " + Age(s.Now.Sub(s.ReadAt))
		}
		parts = append(parts, part{text: badge, style: st.Stale, pad: true, rank: 9, keep: true},
			part{text: s.StaleReason, style: st.Error, rank: 3, floor: 12})
	}
	if s.Notice != "" {
		parts = append(parts, part{text: s.Notice, style: st.Notice, rank: 8, keep: true, floor: 24})
	}
	return fitParts(parts, "  ", width)
}

// WaitingForAnswer says a read is outstanding: "waiting 16s for an answer".
func WaitingForAnswer(d time.Duration) string { return "waiting " + Age(d) + " for an answer" }

// SubjectAuditLog names the audit log in a status line.
const SubjectAuditLog = "audit log"

// NoticeRefreshing answers ctrl+r until an answer is in.
const NoticeRefreshing = "refreshing…"

// NoticeSeparator joins notices shown together, newest first.
const NoticeSeparator = " · "

// NewHelp returns a bubbles help model drawn with the style tree.
func NewHelp(st Styles) help.Model {
	h := help.New()
	h.Styles = st.Help
	h.ShortSeparator = " · "
	return h
}

// ShortHelp draws the one-line help of the footer.
func ShortHelp(h help.Model, hm HelpMap, width int) string {
	pinned := ""
	if len(hm.Pinned) > 0 {
		h.Width = 0
		pinned = h.ShortHelpView(hm.Pinned)
	}
	if pinned == "" {
		h.Width = width
		// bubbles/help lets an item overflow when not even the ellipsis fits.
		return cutStyled(h.ShortHelpView(hm.Short), width)
	}
	sep := h.Styles.ShortSeparator.Inline(true).Render(h.ShortSeparator)
	room := width - text.Width(pinned) - text.Width(sep)
	// The longest run of Short that fits, with an ellipsis when cut
	// (bubbles/help may overflow its width by one item instead).
	h.Width = 0
	tail := " " + h.Styles.Ellipsis.Inline(true).Render(h.Ellipsis)
	for n := len(hm.Short); n > 0; n-- {
		line := h.ShortHelpView(hm.Short[:n])
		if n < len(hm.Short) {
			line += tail
		}
		if line != "" && text.Width(line) <= room {
			return cutStyled(line+sep+pinned, width)
		}
	}
	return cutStyled(pinned, width)
}

// FullHelp draws the full help screen: one column per group of enabled
// bindings, wrapped onto further rows of columns when the width runs out
// (bubbles/help would cut the last columns off instead).
func FullHelp(st Styles, h help.Model, groups [][]key.Binding, width, height int) string {
	title := st.PaneTitle.Render("Keys") + st.Muted.Render("  (? or esc to close)")
	lines := []string{title, ""}
	var row []string
	rowWidth := 0
	flush := func() {
		if len(row) == 0 {
			return
		}
		for _, l := range strings.Split(lipgloss.JoinHorizontal(lipgloss.Top, row...), "\n") {
			lines = append(lines, cutStyled(l, width))
		}
		lines = append(lines, "")
		row, rowWidth = nil, 0
	}
	for _, g := range groups {
		var keys, descs []string
		for _, b := range g {
			if b.Enabled() {
				keys = append(keys, b.Help().Key)
				descs = append(descs, b.Help().Desc)
			}
		}
		if len(keys) == 0 {
			continue
		}
		col := lipgloss.JoinHorizontal(lipgloss.Top,
			h.Styles.FullKey.Render(strings.Join(keys, "\n")), " ",
			h.Styles.FullDesc.Render(strings.Join(descs, "\n")), "    ")
		w := lipgloss.Width(col)
		if rowWidth > 0 && rowWidth+w > width {
			flush()
		}
		row = append(row, col)
		rowWidth += w
	}
	flush()
	return Lines(lines, height)
}

// TooSmall is drawn instead of the frame below MinWidth x MinHeight. The
// size it needs always shows: on one line when it fits, else on lines of
// their own with "need 60x15" first when there is room for only one or two.
func TooSmall(st Styles, width, height int) string {
	need := "need " + strconv.Itoa(MinWidth) + "x" + strconv.Itoa(MinHeight)
	have := "now " + strconv.Itoa(width) + "x" + strconv.Itoa(height)
	if msg := "terminal too small: " + have + ", " + need; text.Width(msg) <= width {
		return st.Notice.Render(msg)
	}
	if width < text.Width(need) {
		need = strconv.Itoa(MinWidth) + "x" + strconv.Itoa(MinHeight)
	}
	lines := []string{"terminal too small", need, have}
	if height < len(lines) {
		lines = []string{need, "too small"}
	}
	lines = lines[:min(len(lines), max(height, 1))]
	for i, l := range lines {
		lines[i] = st.Notice.Render(text.Fit(l, width))
	}
	return strings.Join(lines, "\n")
}

// cutStyled cuts a styled line to width cells; lines shorter than width
// are returned unchanged without measuring escape sequences twice.
func cutStyled(s string, width int) string {
	if text.Width(s) <= width {
		return s
	}
	return truncateStyled(s, width)
}

// truncateStyled cuts a line holding escape sequences to width cells.
func truncateStyled(s string, width int) string {
	return ansi.Truncate(s, width, "")
}
