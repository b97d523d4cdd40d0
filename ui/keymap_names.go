package ui

// Binding names for the settings file's [keys] table: the same words the
// help shows, so an operator remaps what they read on screen. A remap
// replaces a binding's keys and its help text together, so the footer, the
// full help and every dialog hint follow it.

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/bubbles/key"

	"github.com/stratop/stratop/internal/vocab"
)

// KeyProblem is one reason a remap was refused; Name is the binding name
// it concerns (for a conflict, the one named in the settings file).
type KeyProblem = vocab.KeyProblem

// slot is one nameable binding and the group of bindings active at the
// same time as it: a key may mean one thing per group only.
type slot struct {
	name  string
	group string
	b     *key.Binding
}

// Groups of bindings that are matched against the same key press. The
// list, the actions and the global keys all answer on a list; a dialog
// answers alone.
const (
	groupMain   = "list"
	groupDialog = "dialog"
)

// slots lists the nameable bindings of km (pointers into km).
func (km *KeyMap) slots() []slot {
	g, l, d := &km.Global, &km.List, &km.Dialog
	out := []slot{
		{"next-tab", groupMain, &g.NextTab}, {"prev-tab", groupMain, &g.PrevTab},
		{"refresh", groupMain, &g.Refresh}, {"redraw", groupMain, &g.Redraw},
		{"help", groupMain, &g.Help}, {"quit", groupMain, &g.Quit},
		{"up", groupMain, &l.Up}, {"down", groupMain, &l.Down},
		{"page-up", groupMain, &l.PageUp}, {"page-down", groupMain, &l.PageDown},
		{"top", groupMain, &l.Top}, {"bottom", groupMain, &l.Bottom},
		{"prev-page", groupMain, &l.PrevPage}, {"next-page", groupMain, &l.NextPage},
		{"details", groupMain, &l.Enter}, {"back", groupMain, &l.Back},
		{"filter", groupMain, &l.Search}, {"filters", groupMain, &l.Filter},
		{"mark", groupMain, &l.Mark}, {"actions", groupMain, &km.Menu.Open},
		{"watch", groupMain, &l.Watch}, {"sort", groupMain, &l.Sort}, {"reverse-sort", groupMain, &l.SortReverse},
		{"longer-window", groupMain, &l.Longer}, {"shorter-window", groupMain, &l.Shorter},
		{"ack-alert", groupMain, &l.Ack},
		{"profile", groupMain, &g.Profile}, {"fleet", groupMain, &g.Fleet}, {"copy", groupMain, &g.Copy}, {"copy-json", groupMain, &g.CopyRecord},
		{"export", groupMain, &g.Export}, {"mouse", groupMain, &g.Mouse}, {"undo", groupMain, &g.Undo},
		{"command-line", groupMain, &g.Palette}, {"copy-command", groupMain, &g.CopyCommand},
	}
	for i := range km.Actions {
		out = append(out, slot{km.Actions[i].Name, groupMain, &km.Actions[i].Binding})
	}
	out = append(out, slot{"confirm", groupDialog, &d.Confirm}, slot{"cancel", groupDialog, &d.Cancel})
	return out
}

// retiredBindings are names [keys] once accepted, each with what took its
// place: a settings file written for an earlier release is told what to
// change, not only that the name is unknown.
var retiredBindings = map[string]string{
	"command-log": "retired binding name: the command log is the Activity tab's second page now (next-page, ], from the feed; :>log from any tab); remove this line",
}

// BindingNames lists the names [keys] accepts, sorted.
func BindingNames() []string {
	km := DefaultKeyMap()
	var names []string
	for _, s := range km.slots() {
		names = append(names, s.name)
	}
	sort.Strings(names)
	return names
}

// ApplyKeys returns km with the bindings named in remap bound to the keys
// given (an empty list disables the binding), and every problem found: an
// unknown name, an unknown key, or a key that would mean two things at
// once. km itself is not changed.
func ApplyKeys(km KeyMap, remap map[string][]string) (KeyMap, []KeyProblem) {
	km.Actions = slices.Clone(km.Actions)
	slots := km.slots()
	byName := make(map[string]*slot, len(slots))
	for i := range slots {
		byName[slots[i].name] = &slots[i]
	}
	names := make([]string, 0, len(remap))
	for n := range remap {
		names = append(names, n)
	}
	sort.Strings(names)

	var problems []KeyProblem
	changed := map[string]bool{}
	for _, name := range names {
		s, ok := byName[name]
		if !ok {
			msg, retired := retiredBindings[name]
			if !retired {
				msg = "unknown binding name (known: " + strings.Join(BindingNames(), ", ") + ")"
			}
			problems = append(problems, KeyProblem{Name: name, Msg: msg})
			continue
		}
		keys, bad := normaliseKeys(remap[name])
		for _, k := range bad {
			problems = append(problems, KeyProblem{Name: name, Msg: fmt.Sprintf("unknown key %q", k)})
		}
		if len(bad) > 0 {
			continue
		}
		desc := s.b.Help().Desc
		if len(keys) == 0 {
			*s.b = key.NewBinding(key.WithHelp("", desc), key.WithDisabled())
		} else {
			*s.b = key.NewBinding(key.WithKeys(keys...), key.WithHelp(helpKeys(keys), desc))
		}
		changed[name] = true
	}
	// A remapped key must not also belong to another binding of its group;
	// clashes among the defaults themselves (quit and force-quit share
	// ctrl+c on purpose) are not the user's doing and stay allowed.
	for _, name := range names {
		s, ok := byName[name]
		if !ok || !changed[name] {
			continue
		}
		for _, k := range s.b.Keys() {
			for _, o := range slots {
				if o.name == name || o.group != s.group || !slices.Contains(o.b.Keys(), k) {
					continue
				}
				if changed[o.name] && o.name < name {
					continue // reported from the other side
				}
				problems = append(problems, KeyProblem{Name: name, Msg: fmt.Sprintf("key %q is also bound to %s in the %s keys", k, o.name, s.group)})
			}
		}
	}
	return km, problems
}

// namedKeys are the key names Bubble Tea reports besides single characters.
var namedKeys = map[string]bool{
	"enter": true, "esc": true, "tab": true, "shift+tab": true, "backspace": true,
	"delete": true, "insert": true, "up": true, "down": true, "left": true, "right": true,
	"home": true, "end": true, "pgup": true, "pgdown": true,
	"shift+up": true, "shift+down": true, "shift+left": true, "shift+right": true,
	"ctrl+up": true, "ctrl+down": true, "ctrl+left": true, "ctrl+right": true,
}

// normaliseKeys turns the settings file's key names into Bubble Tea's
// ("space" is " "), dropping repeats, and returns the names it does not know.
func normaliseKeys(in []string) (keys, bad []string) {
	keys = []string{}
	for _, k := range in {
		n := k
		if n == "space" {
			n = " "
		}
		if !validKey(n) {
			bad = append(bad, k)
			continue
		}
		if !slices.Contains(keys, n) {
			keys = append(keys, n)
		}
	}
	return keys, bad
}

func validKey(k string) bool {
	if utf8.RuneCountInString(k) == 1 {
		r, _ := utf8.DecodeRuneInString(k)
		return r >= ' ' && r != utf8.RuneError && r != 0x7f
	}
	if namedKeys[k] {
		return true
	}
	if len(k) >= 2 && k[0] == 'f' {
		var n int
		if _, err := fmt.Sscanf(k, "f%d", &n); err == nil && n >= 1 && n <= 20 && k == fmt.Sprintf("f%d", n) {
			return true
		}
	}
	if rest, ok := strings.CutPrefix(k, "ctrl+"); ok {
		return len(rest) == 1 && rest[0] >= 'a' && rest[0] <= 'z'
	}
	if rest, ok := strings.CutPrefix(k, "alt+"); ok {
		return rest != "" && !strings.HasPrefix(rest, "alt+") && validKey(rest)
	}
	return false
}

// helpKeys words keys for a hint: "space" for " ", arrows for up and down.
func helpKeys(keys []string) string {
	words := make([]string, len(keys))
	for i, k := range keys {
		switch k {
		case " ":
			k = "space"
		case "up":
			k = "↑"
		case "down":
			k = "↓"
		}
		words[i] = k
	}
	return strings.Join(words, "/")
}

// BindingKeys returns the keys of every nameable binding of km, as the
// settings file writes them ("space" for " ").
func BindingKeys(km KeyMap) map[string][]string {
	out := map[string][]string{}
	for _, s := range km.slots() {
		keys := []string{}
		for _, k := range s.b.Keys() {
			if k == " " {
				k = "space"
			}
			keys = append(keys, k)
		}
		out[s.name] = keys
	}
	return out
}
