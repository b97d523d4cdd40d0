package config

// Checks of values the decoder cannot know: names of themes, colours and
// bindings, durations, templates. Each names the line of its key.

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/stratop/stratop/internal/text"
	"github.com/stratop/stratop/internal/vocab"
)

// MinInterval is the shortest poll interval, as --interval allows.
const MinInterval = time.Second

// Notify modes: the terminal bell, a desktop notification by OSC 9 ("osc")
// or OSC 777 ("osc777"; terminals support one or the other), or nothing.
var notifyModes = []string{"bell", "osc", "osc777", "none"}

// activityModes are the values of activity (ActivityShown first).
var activityModes = []string{ActivityShown, ActivityIntegration}

// maxLabel keeps a profile's badge from crowding the header.
const maxLabel = 16

var chainID = regexp.MustCompile(`^[0-9]+$`)

type checker struct {
	path string
	idx  keyLines
	errs Errors
}

func (c *checker) fail(msg string, key ...string) {
	c.errs = append(c.errs, &Error{File: c.path, Line: c.idx.line(key...), Key: dotted(key), Msg: msg})
}

func validate(path string, f *file, th theme, idx keyLines, words vocab.Words) Errors {
	c := &checker{path: path, idx: idx}
	c.words(words, f, th)
	c.interval(f.Interval, "interval")
	c.notify(f.Notify, "notify")
	c.activity(f.Activity, "activity")
	for _, name := range sortedKeys(f.Profiles) {
		p := f.Profiles[name]
		if p.Label != nil && (strings.TrimSpace(*p.Label) == "" || len([]rune(*p.Label)) > maxLabel || text.Clean(*p.Label) != *p.Label) {
			c.fail(fmt.Sprintf("a label is 1 to %d printable characters", maxLabel), "profiles", name, "label")
		}
		if p.Color != nil && words.CheckColor != nil {
			if err := words.CheckColor(*p.Color); err != nil {
				c.fail(err.Error(), "profiles", name, "color")
			}
		}
		c.interval(p.Interval, "profiles", name, "interval")
		c.notify(p.Notify, "profiles", name, "notify")
		c.activity(p.Activity, "profiles", name, "activity")
		c.prometheus(p.Prometheus, "profiles", name, "prometheus")
	}
	if f.Team != nil {
		c.prometheus(f.Team.Prometheus, "team", "prometheus")
	}
	for _, chain := range sortedKeys(f.Explorers) {
		t := f.Explorers[chain]
		switch {
		case !chainID.MatchString(chain):
			c.fail("a chain id is a number, e.g. \"4663\"", "explorers", chain)
		case !strings.Contains(t, "{address}") && !strings.Contains(t, "{tx}"):
			c.fail("the template has neither {address} nor {tx}", "explorers", chain)
		case !strings.HasPrefix(t, "https://") && !strings.HasPrefix(t, "http://"):
			c.fail("the template is not an http or https URL", "explorers", chain)
		case text.Clean(t) != t || strings.ContainsAny(t, " \"<>\\`"):
			// It ends up inside an OSC 8 sequence: a control character or
			// a quote there could break out of it.
			c.fail("the template holds a space, quote or control character", "explorers", chain)
		}
	}
	c.checkAlerts(f)
	sortErrors(c.errs)
	return c.errs
}

// words checks the presentation's names: the theme and its colours, the
// chart style and the key bindings (a zero Words checks none).
func (c *checker) words(w vocab.Words, f *file, th theme) {
	if th.name != nil && w.Themes != nil && !contains(w.Themes, *th.name) {
		c.fail(fmt.Sprintf("unknown theme %q (one of %s)", *th.name, strings.Join(w.Themes, ", ")), th.nameKey...)
	}
	for _, role := range sortedKeys(th.colors) {
		switch {
		case w.ColorRoles != nil && !contains(w.ColorRoles, role):
			c.fail("unknown colour role (one of "+strings.Join(w.ColorRoles, ", ")+")", "theme", "colors", role)
		case w.CheckColor != nil:
			if err := w.CheckColor(th.colors[role]); err != nil {
				c.fail(err.Error(), "theme", "colors", role)
			}
		}
	}
	if f.Charts != nil && w.ChartStyles != nil && !contains(w.ChartStyles, *f.Charts) {
		c.fail(fmt.Sprintf("unknown chart style %q (one of %s)", *f.Charts, strings.Join(w.ChartStyles, ", ")), "charts")
	}
	if w.CheckKeys != nil {
		for _, p := range w.CheckKeys(f.Keys) {
			c.fail(p.Msg, "keys", p.Name)
		}
	}
}

func (c *checker) interval(v *string, key ...string) {
	if v == nil {
		return
	}
	d, err := time.ParseDuration(*v)
	switch {
	case err != nil:
		c.fail(fmt.Sprintf("not a duration: %q (e.g. \"5s\", \"1m\")", *v), key...)
	case d < MinInterval:
		c.fail(fmt.Sprintf("must be at least %s", MinInterval), key...)
	}
}

func (c *checker) notify(v *string, key ...string) {
	if v != nil && !contains(notifyModes, *v) {
		c.fail(fmt.Sprintf("unknown notify mode %q (one of %s)", *v, strings.Join(notifyModes, ", ")), key...)
	}
}

func (c *checker) activity(v *string, key ...string) {
	if v != nil && !contains(activityModes, *v) {
		c.fail(fmt.Sprintf("unknown activity %q (one of %s)", *v, strings.Join(activityModes, ", ")), key...)
	}
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
