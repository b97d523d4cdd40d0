package ui

// The words of the profile switcher: the profiles of profiles.json with
// their labels, the one in use marked, and what is happening (reading the
// list, connecting, or why connecting failed).

import (
	"strconv"
	"strings"

	"github.com/stratop/stratop/internal/text"
)

// ProfileItem is one line of the switcher.
type ProfileItem struct {
	Name    string
	Label   string // the settings file's badge, "" for none
	Current bool   // the profile the dashboard shows now
}

// ProfileSwitcherData is what the switcher shows. Every string must be
// sanitised.
type ProfileSwitcherData struct {
	Items  []ProfileItem
	Cursor int
	Busy   string // "reading profiles" or "connecting to staging", "" when idle
	Err    string // why the last step failed, in words
}

// ProfileSwitcher words the switcher as a dialog.
func ProfileSwitcher(st Styles, d ProfileSwitcherData, hint string) Dialog {
	lines := make([]string, 0, len(d.Items)+4)
	nameWidth := 1
	for _, it := range d.Items {
		nameWidth = max(nameWidth, text.Width(it.Name))
	}
	for i, it := range d.Items {
		mark := "  "
		if i == d.Cursor {
			mark = "› "
		}
		line := mark + it.Name + strings.Repeat(" ", nameWidth-text.Width(it.Name))
		if it.Label != "" {
			line += "  " + it.Label
		}
		if it.Current {
			line += "  (in use)"
		}
		if i == d.Cursor {
			line = st.Selected.Render(line)
		}
		lines = append(lines, line)
	}
	if len(d.Items) == 0 && d.Busy == "" && d.Err == "" {
		lines = append(lines, NoProfiles)
	}
	if d.Busy != "" {
		lines = append(lines, "", d.Busy+"…")
	}
	if d.Err != "" {
		lines = append(lines, "")
		lines = append(lines, WrapWords(d.Err, 66)...)
	}
	return Dialog{Title: "Switch profile", Lines: lines, Danger: d.Err != "", Hint: hint}
}

// NoProfiles says profiles.json lists nothing to switch to.
const NoProfiles = "no profiles: add one with stratop login --profile NAME"

// Connecting is the switcher's busy line while a profile's credentials are
// resolved.
func Connecting(profile string) string { return "connecting to " + profile }

// ReadingProfiles is the switcher's busy line while the list is read.
const ReadingProfiles = "reading profiles"

// NoticeSwitched says the dashboard now shows another profile.
func NoticeSwitched(profile, host string) string {
	return "now on profile " + profile + " (" + host + ")"
}

// NoticeSwitchInFlight says why the profile cannot change now: n actions
// in flight or jobs being followed.
func NoticeSwitchInFlight(n int) string {
	if n == 1 {
		return "an action or job is running: switch profiles once it has finished"
	}
	return strconv.Itoa(n) + " actions or jobs are running: switch profiles once they have finished"
}

// NoticeNoSwitcher says the dashboard was started without profiles to
// switch between (the demo, or credentials from the environment).
const NoticeNoSwitcher = "profile switching is not available in this session"

// WindowTitle is the terminal title: where the dashboard is connected.
func WindowTitle(profile, host string) string {
	return "stratop · " + profile + " · " + host
}
