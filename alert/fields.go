package alert

import (
	"strconv"

	"github.com/stratop/stratop/watch"
)

// fields reads an event's fields by their JSON names, the names a rule's
// `where` uses (config.FilterFields).
var fields = map[string]func(watch.Event) string{
	"id":          func(e watch.Event) string { return e.ID },
	"kind":        func(e watch.Event) string { return string(e.Kind) },
	"profile":     func(e watch.Event) string { return e.Profile },
	"host":        func(e watch.Event) string { return e.Host },
	"integration": func(e watch.Event) string { return e.Integration },
	"strategyId": func(e watch.Event) string {
		if e.Strategy == 0 {
			return ""
		}
		return strconv.FormatInt(e.Strategy, 10)
	},
	"user": func(e watch.Event) string { return e.User },
	"pool": func(e watch.Event) string { return e.Pool },
	"chain": func(e watch.Event) string {
		if e.Chain == 0 {
			return ""
		}
		return strconv.Itoa(e.Chain)
	},
	"type":     func(e watch.Event) string { return e.Type },
	"category": func(e watch.Event) string { return e.Category },
	"status":   func(e watch.Event) string { return e.Status },
	"before":   func(e watch.Event) string { return e.Before },
	"after":    func(e watch.Event) string { return e.After },
	"detail":   func(e watch.Event) string { return e.Detail },
}

// getter returns the field reader a config.Filter matches with.
func getter(e watch.Event) func(string) string {
	return func(name string) string {
		if f, ok := fields[name]; ok {
			return f(e)
		}
		return ""
	}
}
