package alert

import (
	"context"
	"time"

	"github.com/stratop/stratop/config"
	"github.com/stratop/stratop/watch"
)

// SendTest sends a sample message of rule to each of its sinks now,
// without the outbox, and returns each sink's outcome (nil: delivered).
// It is how an operator checks a rule's wiring: `stratop alerts test`.
func SendTest(ctx context.Context, rule config.AlertRule, sinks map[string]Sink, timeout time.Duration, now time.Time) map[string]error {
	ev := watch.Event{ID: "test", Time: now, Kind: watch.Kind(rule.When), Before: "active", After: "paused",
		Detail: "a test of rule " + rule.Name + " from `stratop alerts test`"}
	m := burst(rule.Name, rule.Severity, []watch.Event{ev}, now)
	m.ID = "test-" + rule.Name + "-" + now.Format("20060102T150405")
	m.Kind = MsgTest
	m.Title = "[test] " + m.Title
	out := map[string]error{}
	for _, name := range rule.To {
		s, ok := sinks[name]
		if !ok {
			continue
		}
		sctx, cancel := context.WithTimeout(ctx, timeout)
		out[name] = s.Send(sctx, m)
		cancel()
	}
	return out
}
