package fleet

// Open alerts as the team's Alertmanager holds them: every alert labelled
// with the integration, whichever machine's serve sent it, read from the
// Alertmanager sinks the settings' rules route to (as the dashboard reads
// its silences). The local alert state only knows this machine's serve.

import (
	"context"
	"errors"
	"os"
	"sort"

	"github.com/stratop/stratop/alert"
	"github.com/stratop/stratop/config"
)

// amSource is the settings' Alertmanager sinks that a rule routes to.
type amSource struct {
	clients []*alert.AMClient // by sink name
}

// newAMSource is nil when no rule routes to an Alertmanager sink. The
// sinks' credentials come from the environment, as serve reads them.
func newAMSource(cfg *config.Config, getenv func(string) string) (*amSource, error) {
	if cfg == nil {
		return nil, nil
	}
	if getenv == nil {
		getenv = os.Getenv
	}
	routed := map[string]bool{}
	for _, r := range cfg.Alerts() {
		for _, to := range r.To {
			routed[to] = true
		}
	}
	src := &amSource{}
	for name, s := range cfg.Sinks() {
		if s.Alertmanager == nil || !routed[name] {
			continue
		}
		c, err := alert.NewAMClient(name, s.Alertmanager, getenv)
		if err != nil {
			return nil, err
		}
		src.clients = append(src.clients, c)
	}
	if len(src.clients) == 0 {
		return nil, nil
	}
	sort.Slice(src.clients, func(i, j int) bool { return src.clients[i].Name < src.clients[j].Name })
	return src, nil
}

// count is the integration's alerts not resolved on the sinks'
// Alertmanagers, one per label set (two sinks may hold the same alert);
// an error when no sink answered.
func (a *amSource) count(ctx context.Context, integration string) (int, error) {
	seen := map[string]bool{}
	var errs []error
	answered := false
	for _, c := range a.clients {
		list, err := c.Alerts(ctx, integration)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		answered = true
		for _, al := range list {
			seen[labelKey(al.Labels)] = true
		}
	}
	if !answered {
		return 0, errors.Join(errs...)
	}
	return len(seen), nil
}

func labelKey(labels map[string]string) string {
	keys := make([]string, 0, len(labels))
	for k := range labels {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b []byte
	for _, k := range keys {
		b = append(b, k...)
		b = append(b, 0)
		b = append(b, labels[k]...)
		b = append(b, 0)
	}
	return string(b)
}
