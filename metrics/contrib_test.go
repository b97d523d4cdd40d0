package metrics

import (
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"
)

var metricName = regexp.MustCompile(`stratop_[a-z_]+`)

// Every metric the Grafana dashboard and the Prometheus rules in contrib/
// query is one /metrics serves: a renamed metric cannot leave them blank.
func TestContribQueriesOnlyServedMetrics(t *testing.T) {
	h := Handler(Options{Sources: sources(now), Latency: NewLatency(), Now: func() time.Time { return now }})
	_, body := get(t, h, "/metrics", "")
	served := map[string]bool{}
	for _, n := range metricName.FindAllString(body, -1) {
		served[n] = true
		for _, suffix := range []string{"_bucket", "_count", "_sum"} {
			served[strings.TrimSuffix(n, suffix)] = true
		}
	}
	for _, path := range []string{"../contrib/grafana/stratop.json", "../contrib/prometheus/stratop-rules.yml"} {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(path, ".json") {
			var v map[string]any
			if err := json.Unmarshal(data, &v); err != nil {
				t.Fatalf("%s: %v", path, err)
			}
		}
		names := metricName.FindAllString(string(data), -1)
		if len(names) < 5 {
			t.Fatalf("%s names only %v", path, names)
		}
		for _, n := range names {
			if !served[n] {
				t.Errorf("%s queries %s, which /metrics does not serve", path, n)
			}
		}
	}
}
