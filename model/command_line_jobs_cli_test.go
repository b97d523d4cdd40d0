package model_test

import (
	"bytes"
	"slices"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/internal/cmd/root"
	"github.com/stratop/stratop/internal/testkit"
)

// The user-wide jobs' confirmation line (the user's external id, the
// reason), copied from the dialog and run through the command tree against
// a second sandbox in the same state, starts the same job as the dialog.
func TestJobsDialogCommandLineDoesWhatTheDialogDid(t *testing.T) {
	cases := []struct {
		name, menuKey, title, reason string
	}{
		{name: "disable-all with a reason", menuKey: "K", title: "Disable-all", reason: `INC-9 user's "keys" leaked`},
		{name: "remove-all", menuKey: "R", title: "Remove-all"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dash, shell := newCopyRig(t)
			user := dash.sb.Users()[0].ExternalUserID
			c := dash.client(t)
			tm, pr, term := startCopying(t, c)
			wait := func(subs ...string) {
				t.Helper()
				testkit.WaitFor(t, 10*time.Second, strings.Join(subs, ", "), pr.Frame, func(v string) bool {
					for _, s := range subs {
						if !strings.Contains(v, s) {
							return false
						}
					}
					return true
				})
			}
			typeText := func(s string) {
				for _, r := range s {
					tm.Send(testkit.Runes(string(r)))
				}
			}
			tm.Send(testkit.Key("4"))
			wait("12 users")
			tm.Send(testkit.Key("/"))
			typeText(user)
			tm.Send(testkit.Key("enter"))
			wait("1 of 12") // the filter left the one user, selected
			tm.Send(testkit.Key("A"))
			wait("Actions for ")
			tm.Send(testkit.Key(tc.menuKey))
			wait(tc.title+" for user "+user+"?", "stratop --profile ops users")
			if tc.reason != "" {
				tm.Send(testkit.Key("tab"))
				typeText(tc.reason)
				tm.Send(testkit.Key("enter"))
			}
			tm.Send(tea.KeyMsg{Type: tea.KeyCtrlY}) // letters type the user's id: the dialog copies on ctrl+y
			testkit.WaitFor(t, 5*time.Second, "the copied line", func() string { return copied(term) },
				func(s string) bool { return strings.HasPrefix(s, "stratop ") })
			line := copied(term)
			typeText(user)
			tm.Send(testkit.Key("enter"))
			testkit.WaitFor(t, 10*time.Second, "the dashboard's request", func() string { return strings.Join(dash.sent(), "\n") },
				func(s string) bool { return s != "" })

			words := shellWords(t, line)
			if words[0] != "stratop" {
				t.Fatalf("line %q does not start with stratop", line)
			}
			// The reason reaches only the audit log, not the request: the
			// line must carry it word for word all the same.
			if i := slices.Index(words, "--reason"); tc.reason != "" && (i < 0 || i+1 >= len(words) || words[i+1] != tc.reason) {
				t.Fatalf("line %q does not give the reason %q", line, tc.reason)
			}
			t.Setenv("STRATOP_BASE_URL", shell.url)
			var out, errb bytes.Buffer
			if code := root.Run(append(words[1:], "--yes"), strings.NewReader(""), &out, &errb); code != 0 {
				t.Fatalf("%s: exit %d: %s", line, code, errb.String())
			}
			want, got := dash.sent(), shell.sent()
			if len(got) != 1 || !slices.Equal(want, got) || !strings.Contains(got[0], user) {
				t.Fatalf("%s\ndashboard sent:\n%s\nthe command sent:\n%s", line, strings.Join(want, "\n"), strings.Join(got, "\n"))
			}
		})
	}
}
