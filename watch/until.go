package watch

import (
	"fmt"
	"slices"
	"strings"
)

// Until is a condition on a scope's strategies, for `stratop watch --until`:
// "status=paused" or "status=paused|completed". It holds when every
// strategy of the scope is in one of the statuses; a strategy that vanished
// (archived or gone) counts as "archived".
type Until struct {
	statuses []string
}

// untilKeys are the fields a condition may name.
var untilKeys = []string{"status"}

// ParseUntil reads a condition.
func ParseUntil(expr string) (Until, error) {
	key, value, ok := strings.Cut(strings.TrimSpace(expr), "=")
	key, value = strings.TrimSpace(key), strings.TrimSpace(value)
	if !ok || value == "" {
		return Until{}, fmt.Errorf("--until %q: want FIELD=VALUE[|VALUE...], e.g. status=paused", expr)
	}
	if !slices.Contains(untilKeys, key) {
		return Until{}, fmt.Errorf("--until %q: unknown field %q (known: %s)", expr, key, strings.Join(untilKeys, ", "))
	}
	var u Until
	for _, v := range strings.Split(value, "|") {
		v = strings.TrimSpace(v)
		if !slices.Contains([]string{"active", "suspended", "paused", "completed", "archived"}, v) {
			return Until{}, fmt.Errorf("--until %q: %q is not a status (active, suspended, paused, completed, archived)", expr, v)
		}
		u.statuses = append(u.statuses, v)
	}
	return u, nil
}

// String is the condition as given.
func (u Until) String() string { return "status=" + strings.Join(u.statuses, "|") }

// Holds reports whether the condition holds for the engine's scope, from
// what the engine holds: false until the scope has been read in full once.
// A users scope with no strategies left holds only for "archived".
func (u Until) Holds(e *Engine) bool {
	if !e.Stats().Baselined {
		return false
	}
	ok := func(status string) bool { return slices.Contains(u.statuses, status) }
	sc := e.opts.Scope
	for _, id := range sc.Strategies {
		status := "archived"
		if h, held := e.Held(id); held {
			status = h.Status
		}
		if !ok(status) {
			return false
		}
	}
	for _, user := range sc.Users {
		hs := e.HeldBy(user)
		if len(hs) == 0 && !ok("archived") {
			return false
		}
		for _, h := range hs {
			if !ok(h.Status) {
				return false
			}
		}
	}
	return len(sc.Strategies)+len(sc.Users) > 0
}
