package ui

// One style tree for the whole program, built once. Colours are the 16 ANSI
// colours where one reads at 4.5:1 (contrast.go) and 256-colour numbers
// where none does: they follow the user's terminal theme, work on every
// terminal reached over SSH, and never make lipgloss query the terminal's
// background (an AdaptiveColor would send OSC 11 and could stall the first
// frame). NO_COLOR and dumb terminals give termenv's Ascii profile, where every
// colour and attribute below disappears; nothing on screen relies on colour
// alone (the cursor row carries a ">" mark, statuses are words, the active tab
// is bracketed).

import (
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/lipgloss"

	"github.com/stratop/stratop/api"
)

// Tone names the colour role of one table cell, so row builders stay free of
// lipgloss and a cell costs one byte instead of a whole Style.
type Tone uint8

// Tones of table cells. The status tones are the one colour per status used
// everywhere (tables, detail panes, overview, dialogs).
const (
	ToneDefault Tone = iota
	ToneMuted
	TonePositive
	ToneNegative
	ToneActive
	ToneSuspended
	TonePaused
	ToneCompleted
	ToneArchived
)

// Styles is every style the program draws with. Build it once with
// DefaultStyles and pass it down; no code draws with an inline colour.
type Styles struct {
	// Header line.
	Brand       lipgloss.Style
	Profile     lipgloss.Style
	ProfileProd lipgloss.Style // a profile named prod*: production, take care
	Badge       lipgloss.Style // the profile's label from the settings file
	Host        lipgloss.Style
	HeaderStat  lipgloss.Style
	ChosenUser  lipgloss.Style
	ReadOnly    lipgloss.Style

	// Tab bar.
	Tab       lipgloss.Style
	TabActive lipgloss.Style

	// Tables.
	TableHeader lipgloss.Style
	Selected    lipgloss.Style // the cursor row, drawn over plain cells
	Marked      lipgloss.Style // the mark gutter of a row marked for a bulk action
	Pending     lipgloss.Style // the mark gutter of a row with an action in flight
	Watched     lipgloss.Style // the mark gutter of a watched strategy or user

	// Cell tones (see Tone).
	Muted     lipgloss.Style
	Positive  lipgloss.Style
	Negative  lipgloss.Style
	Active    lipgloss.Style
	Suspended lipgloss.Style
	Paused    lipgloss.Style
	Completed lipgloss.Style
	Archived  lipgloss.Style

	// Panes and sections.
	PaneTitle lipgloss.Style
	Section   lipgloss.Style
	Label     lipgloss.Style
	Bar       lipgloss.Style

	// Footer.
	Updated lipgloss.Style
	Stale   lipgloss.Style
	Error   lipgloss.Style
	Notice  lipgloss.Style
	Paging  lipgloss.Style

	// Filter picker.
	FilterField  lipgloss.Style
	FilterActive lipgloss.Style

	// Dialogs.
	Dialog       lipgloss.Style
	DialogTitle  lipgloss.Style
	DialogDanger lipgloss.Style

	// Help is handed to bubbles/help; built from the palette above.
	Help help.Styles
}

// DefaultStyles builds the style tree of the default (dark) theme.
func DefaultStyles() Styles { return buildStyles(darkPalette()) }

// buildStyles builds the style tree from a palette. Attributes that carry
// meaning without hue (bold, reverse, brackets) are the same in every
// palette, so a theme without colour still tells every state apart.
func buildStyles(p palette) Styles {
	n := lipgloss.NewStyle
	hc := p.highContrast
	s := Styles{
		Brand:       n().Bold(true).Foreground(p.accent),
		Profile:     n().Bold(true),
		ProfileProd: n().Bold(true).Foreground(p.alertFg).Background(p.alertBg).Reverse(p.none),
		Badge:       n().Bold(true).Reverse(true),
		Host:        n().Foreground(p.muted),
		HeaderStat:  n(),
		ChosenUser:  n().Bold(true).Foreground(p.notice),
		ReadOnly:    n().Bold(true).Foreground(p.notice).Reverse(true),

		Tab:       n().Foreground(p.muted),
		TabActive: n().Bold(true).Foreground(p.accent).Underline(hc),

		TableHeader: n().Bold(true).Foreground(p.muted).Underline(hc),
		Selected:    n().Reverse(true).Bold(hc),
		Marked:      n().Bold(true).Foreground(p.marked).Reverse(hc),
		Pending:     n().Bold(true).Foreground(p.notice),
		Watched:     n().Foreground(p.accent),

		Muted:     n().Foreground(p.muted),
		Positive:  n().Foreground(p.positive).Bold(hc),
		Negative:  n().Foreground(p.negative).Bold(hc),
		Active:    n().Foreground(p.active).Bold(hc),
		Suspended: n().Foreground(p.suspended).Bold(hc).Underline(hc),
		Paused:    n().Foreground(p.paused).Bold(hc).Italic(hc),
		Completed: n().Foreground(p.completed),
		Archived:  n().Foreground(p.archived).Faint(hc),

		PaneTitle: n().Bold(true).Foreground(p.accent),
		Section:   n().Bold(true),
		Label:     n().Foreground(p.muted),
		Bar:       n().Foreground(p.accent),

		Updated: n().Foreground(p.muted),
		Stale:   n().Bold(true).Foreground(p.alertFg).Background(p.alertBg).Reverse(p.none || hc),
		Error:   n().Foreground(p.negative).Bold(hc),
		Notice:  n().Foreground(p.notice).Bold(hc),
		Paging:  n().Foreground(p.muted),

		FilterField:  n().Foreground(p.muted),
		FilterActive: n().Bold(true).Reverse(true),

		Dialog:       n().Border(lipgloss.NormalBorder()).Padding(0, 1).BorderForeground(p.frame),
		DialogTitle:  n().Bold(true),
		DialogDanger: n().Bold(true).Foreground(p.negative).Reverse(hc),
	}
	if hc {
		s.Dialog = s.Dialog.Border(lipgloss.ThickBorder())
	}
	if p.badge != nil {
		s.Badge = s.Badge.Reverse(false).Foreground(p.badgeFg).Background(p.badge)
	}
	s.Help = help.Styles{
		Ellipsis:       s.Muted,
		ShortKey:       n().Bold(true),
		ShortDesc:      s.Muted,
		ShortSeparator: s.Muted,
		FullKey:        n().Bold(true),
		FullDesc:       s.Muted,
		FullSeparator:  s.Muted,
	}
	return s
}

// ToneStyle is the style of a cell tone.
func (s Styles) ToneStyle(t Tone) lipgloss.Style {
	switch t {
	case ToneMuted:
		return s.Muted
	case TonePositive:
		return s.Positive
	case ToneNegative:
		return s.Negative
	case ToneActive:
		return s.Active
	case ToneSuspended:
		return s.Suspended
	case TonePaused:
		return s.Paused
	case ToneCompleted:
		return s.Completed
	case ToneArchived:
		return s.Archived
	}
	return lipgloss.Style{}
}

// StatusTone is the one tone of a strategy status, used everywhere a status
// is drawn. An unknown status (a value the spec does not list) is muted.
func StatusTone(st api.Status) Tone {
	switch st {
	case api.StatusActive:
		return ToneActive
	case api.StatusSuspended:
		return ToneSuspended
	case api.StatusPaused:
		return TonePaused
	case api.StatusCompleted:
		return ToneCompleted
	case api.StatusArchived:
		return ToneArchived
	}
	return ToneMuted
}

// StatusStyle is the style of a strategy status.
func (s Styles) StatusStyle(st api.Status) lipgloss.Style { return s.ToneStyle(StatusTone(st)) }
