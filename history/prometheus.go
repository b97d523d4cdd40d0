package history

// Trends from Prometheus: with [team] prometheus set, the history is what
// Prometheus keeps of the metrics every `stratop serve` of the integration
// exposes (selected by stratop_serve_info's integration label), read with
// range queries at each tier's own step, so every
// operator's dashboard draws the same history. A Prometheus that does not
// answer, or holds no series of the integration, is an error: the caller
// falls back to the local file and says so.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
)

// PromError is a Prometheus that could not be read.
type PromError struct {
	URL string // the base URL, as configured (it holds no credential)
	Err error
}

func (e *PromError) Error() string { return fmt.Sprintf("prometheus %s: %v", e.URL, e.Err) }

func (e *PromError) Unwrap() error { return e.Err }

// ErrNoSeries is a Prometheus that holds nothing of the integration.
var ErrNoSeries = errors.New("no series of this integration (is a stratop serve of it scraped?)")

// PromOptions say what to read.
type PromOptions struct {
	URL         string // base URL, e.g. http://prom:9090
	Integration string // the integration's canonical id, as stratop_serve_info labels it
	Now         time.Time
	Client      *http.Client // default: a client with a 10 s timeout
}

// promQueries are the series read, each one value per step; %[1]s is the
// join on the integration's serve processes, %[2]s the step. A pair of
// serve both report: max takes one.
var promQueries = []struct {
	name, expr string
}{
	{"counts", `max by (status) (stratop_strategies %[1]s)`},
	{"users", `max(stratop_users %[1]s)`},
	{"errors", `max(increase(stratop_watch_read_errors_total[%[2]s]) %[1]s)`},
	{"latency", `max(rate(stratop_watch_read_latency_seconds_sum[%[2]s]) / rate(stratop_watch_read_latency_seconds_count[%[2]s]) %[1]s)`},
}

// FromPrometheus reads the integration's trends: each tier of the history
// over its span (an hour at 10 s, a day at 1 min, a week at 10 min) from
// range queries at its own step.
func FromPrometheus(ctx context.Context, o PromOptions) (*History, error) {
	if o.Client == nil {
		o.Client = &http.Client{Timeout: 10 * time.Second}
	}
	if o.Now.IsZero() {
		o.Now = time.Now()
	}
	join := fmt.Sprintf(`* on (job, instance) group_left () max by (job, instance) (stratop_serve_info{integration=%q})`, o.Integration)
	h := New()
	found := false
	for tier, t := range Tiers {
		samples, err := tierSamples(ctx, o, join, t)
		if err != nil {
			return nil, &PromError{URL: o.URL, Err: err}
		}
		for _, s := range samples {
			h.addTier(tier, s)
			found = true
		}
	}
	if !found {
		return nil, &PromError{URL: o.URL, Err: ErrNoSeries}
	}
	return h, nil
}

// tierSamples are one tier's samples, oldest first.
func tierSamples(ctx context.Context, o PromOptions, join string, t Tier) ([]Sample, error) {
	span := t.Step * time.Duration(t.Keep)
	// increase() and rate() need two scrapes in their range.
	rng := strconv.FormatInt(int64(max(t.Step, 30*time.Second)/time.Second), 10) + "s"
	samples := map[int64]*Sample{}
	at := func(ts int64) *Sample {
		s := samples[ts]
		if s == nil {
			s = &Sample{Time: time.Unix(ts, 0), Users: -1}
			samples[ts] = s
		}
		return s
	}
	for _, q := range promQueries {
		res, err := rangeQuery(ctx, o, fmt.Sprintf(q.expr, join, rng), o.Now.Add(-span), t.Step)
		if err != nil {
			return nil, err
		}
		for _, series := range res {
			for _, v := range series.Values {
				ts, val, ok := point(v)
				if !ok {
					continue
				}
				switch q.name {
				case "counts":
					s := at(ts)
					if s.Counts == nil {
						s.Counts = map[string]int{}
					}
					s.Counts[series.Metric["status"]] = int(val)
				case "users":
					at(ts).Users = int(val)
				case "errors":
					if s := samples[ts]; s != nil && val > 0 {
						s.Failed = true
					}
				case "latency":
					if s := samples[ts]; s != nil {
						s.Latency = time.Duration(val * float64(time.Second))
					}
				}
			}
		}
	}
	keys := make([]int64, 0, len(samples))
	for ts := range samples {
		keys = append(keys, ts)
	}
	slices.Sort(keys)
	out := make([]Sample, len(keys))
	for i, ts := range keys {
		out[i] = *samples[ts]
	}
	return out, nil
}

type promSeries struct {
	Metric map[string]string `json:"metric"`
	Values [][2]any          `json:"values"`
}

func rangeQuery(ctx context.Context, o PromOptions, expr string, start time.Time, step time.Duration) ([]promSeries, error) {
	q := url.Values{"query": {expr}, "start": {unixText(start)}, "end": {unixText(o.Now)},
		"step": {strconv.FormatFloat(step.Seconds(), 'f', -1, 64)}}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, strings.TrimRight(o.URL, "/")+"/api/v1/query_range",
		strings.NewReader(q.Encode()))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := o.Client.Do(req)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 64<<20))
	if err != nil {
		return nil, err
	}
	var out struct {
		Status string `json:"status"`
		Error  string `json:"error"`
		Data   struct {
			ResultType string       `json:"resultType"`
			Result     []promSeries `json:"result"`
		} `json:"data"`
	}
	if err := json.Unmarshal(body, &out); err != nil {
		return nil, fmt.Errorf("answered %s, not the query API's JSON", resp.Status)
	}
	if out.Status != "success" {
		return nil, fmt.Errorf("answered %s: %s", resp.Status, out.Error)
	}
	if out.Data.ResultType != "matrix" {
		return nil, fmt.Errorf("a %q result, want a matrix", out.Data.ResultType)
	}
	return out.Data.Result, nil
}

func unixText(t time.Time) string { return strconv.FormatInt(t.Unix(), 10) }

// point reads one [time, "value"] pair of a matrix.
func point(v [2]any) (int64, float64, bool) {
	ts, ok := v[0].(float64)
	if !ok {
		return 0, 0, false
	}
	s, ok := v[1].(string)
	if !ok {
		return 0, 0, false
	}
	val, err := strconv.ParseFloat(s, 64)
	if err != nil || val != val { // NaN: no reads in the step
		return 0, 0, false
	}
	return int64(ts), val, true
}
