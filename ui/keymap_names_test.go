package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

func runeKey(r rune) tea.KeyMsg { return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}} }

func TestApplyKeysRemapsAndDisables(t *testing.T) {
	def := DefaultKeyMap("Overview")
	km, problems := ApplyKeys(def, map[string][]string{"halt": {"p", "H"}, "mark": {}, "refresh": {"space"}})
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	halt, _ := km.Actions.For("halt")
	if !key.Matches(runeKey('p'), halt) || key.Matches(runeKey('h'), halt) || halt.Help().Key != "p/H" || halt.Help().Desc != "halt" {
		t.Errorf("halt: keys %v help %+v", halt.Keys(), halt.Help())
	}
	if km.List.Mark.Enabled() || Hint(km.List.Mark) != "" {
		t.Error("an empty list must disable mark")
	}
	if !key.Matches(tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}}, km.Global.Refresh) || km.Global.Refresh.Help().Key != "space" {
		t.Errorf("space: %v %+v", km.Global.Refresh.Keys(), km.Global.Refresh.Help())
	}
	// The default map is untouched (Actions is a slice).
	if h, _ := def.Actions.For("halt"); h.Help().Key != "h" {
		t.Error("ApplyKeys changed its argument")
	}
}

func TestApplyKeysProblems(t *testing.T) {
	cases := map[string]struct {
		remap map[string][]string
		want  []string
	}{
		"unknown name":       {map[string][]string{"explode": {"e"}}, []string{"explode: unknown binding name"}},
		"retired name":       {map[string][]string{"command-log": {"L"}}, []string{"command-log: retired binding name: the command log is the Activity tab's second page"}},
		"unknown key":        {map[string][]string{"halt": {"hyper+p"}}, []string{`halt: unknown key "hyper+p"`}},
		"clash with default": {map[string][]string{"halt": {"j"}}, []string{`halt: key "j" is also bound to down`}},
		"clash of remaps":    {map[string][]string{"halt": {"p"}, "stop": {"p"}}, []string{`halt: key "p" is also bound to stop`}},
		"dialog clash":       {map[string][]string{"confirm": {"n"}}, []string{`confirm: key "n" is also bound to cancel in the dialog keys`}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			_, problems := ApplyKeys(DefaultKeyMap(), tc.remap)
			if len(problems) != len(tc.want) {
				t.Fatalf("problems %v, want %v", problems, tc.want)
			}
			for i, w := range tc.want {
				if !strings.HasPrefix(problems[i].Error(), w) {
					t.Errorf("%q, want prefix %q", problems[i].Error(), w)
				}
			}
		})
	}
	if _, problems := ApplyKeys(DefaultKeyMap(), map[string][]string{"actions": {"m"}, "halt": {"A"}}); len(problems) > 0 {
		t.Errorf("the action menu key cannot move: %v", problems)
	}
	// Another scope may reuse a key: the dialog's n is free on the list.
	if _, problems := ApplyKeys(DefaultKeyMap(), map[string][]string{"halt": {"n"}}); len(problems) > 0 {
		t.Errorf("n clashes across scopes: %v", problems)
	}
	// Moving a binding onto a key freed by another remap is fine.
	if _, problems := ApplyKeys(DefaultKeyMap(), map[string][]string{"halt": {"s"}, "suspend": {"S"}}); len(problems) > 0 {
		t.Errorf("swap: %v", problems)
	}
}
