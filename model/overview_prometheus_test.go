package model

import (
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stratop/stratop/history"
	"github.com/stratop/stratop/integration"
	"github.com/stratop/stratop/ui"
)

// With prometheus set the Overview draws Prometheus's series of this
// integration and says where they come from; with Prometheus down it
// draws the local file and says Prometheus was not read.
func TestOverviewTrendsFromPrometheusAndTheFallback(t *testing.T) {
	now := time.Now().Truncate(time.Second)
	id, err := integration.New("https://partner.example", "key-1")
	if err != nil {
		t.Fatal(err)
	}
	prom := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.ParseForm()
		q, result := r.Form.Get("query"), ""
		if strings.HasPrefix(q, "max by (status) (stratop_strategies") && strings.Contains(q, id.String()) {
			result = fmt.Sprintf(`{"metric":{"status":"active"},"values":[[%d,"70"],[%d,"77"]]}`, now.Add(-30*time.Minute).Unix(), now.Add(-time.Minute).Unix())
		}
		fmt.Fprintf(w, `{"status":"success","data":{"resultType":"matrix","result":[%s]}}`, result)
	}))
	defer prom.Close()
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	dead := "http://" + ln.Addr().String()
	ln.Close()

	dir := t.TempDir()
	local, err := history.Open(withHistoryPath(dir))
	if err != nil {
		t.Fatal(err)
	}
	local.Add(history.Sample{Time: now.Add(-10 * time.Minute), Counts: map[string]int{"active": 5}, Users: -1})
	if err := local.Close(); err != nil {
		t.Fatal(err)
	}

	for _, tc := range []struct {
		name, url, source, note string
		active                  float64
	}{
		{"prometheus", prom.URL, "Prometheus", "", 77},
		{"prometheus down", dead, "", "Prometheus not read", 5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newEnv(t.Context(), newFakeAPI(), []Option{withHistoryIn(dir), WithIntegration(id), WithPrometheus(tc.url)}, nil)
			oh := overviewHistory{cache: &trendCache{}}
			oh = oh.loaded(loadHistory(e)().(historyLoadedMsg))
			d := oh.trends(now, ui.ChartBraille, 40)
			if d.Source != tc.source || !strings.Contains(d.Note, tc.note) || (tc.note == "" && d.Note != "") {
				t.Errorf("source %q note %q", d.Source, d.Note)
			}
			if got := d.Series[0]; got.Name != "active" || !got.Has || got.Current != tc.active {
				t.Errorf("active %+v, want %v", got, tc.active)
			}
		})
	}
}

func withHistoryPath(dir string) string { return dir + "/" + integration.HistoryFileName }
