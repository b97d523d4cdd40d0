package model

// Program tests of what the screen says during an outage: the real program
// on the sandbox over loopback, with the server stopped, killed, stalled,
// or answering 401, an HTML page or 500. The model's clock is real elapsed
// time plus an offset that jumps an hour when the outage begins, so that
// a time shown from before the outage and one from after cannot be
// confused.

import (
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/teatest"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/api/sandbox"
	"github.com/stratop/stratop/internal/testkit"
)

// outage is how the server fails.
type outage int

const (
	healthy outage = iota
	stopped        // every connection dropped on arrival
	stalled        // every request held until the client gives up
	answers401
	answersHTML
	answers500
)

// faultServer is the sandbox behind a switch of outages.
type faultServer struct {
	sb   *sandbox.Sandbox
	mode atomic.Int32
}

func (f *faultServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	_, _ = io.Copy(io.Discard, r.Body)
	switch outage(f.mode.Load()) {
	case stopped:
		f.sb.ServeHTTP(w, r) // Faults{Down: true}: dropped unhandled
	case stalled:
		<-r.Context().Done()
	case answers401:
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusUnauthorized)
		_, _ = io.WriteString(w, `{"statusCode":401,"message":"Invalid API key","error":"Unauthorized"}`)
	case answersHTML:
		w.Header().Set("Content-Type", "text/html")
		_, _ = io.WriteString(w, "<html><body>Sign in to the proxy</body></html>")
	case answers500:
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusInternalServerError)
		_, _ = io.WriteString(w, `{"statusCode":500,"message":"Internal server error"}`)
	default:
		f.sb.ServeHTTP(w, r)
	}
}

// offsetClock is real time since start, from t0, plus an offset.
type offsetClock struct {
	start  time.Time
	mu     sync.Mutex
	offset time.Duration
}

func (c *offsetClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return t0.Add(c.offset + time.Since(c.start))
}

func (c *offsetClock) jump(d time.Duration) {
	c.mu.Lock()
	c.offset += d
	c.mu.Unlock()
}

var (
	lastGoodRe = regexp.MustCompile(`last good +(\d\d):\d\d:\d\d`)
	latencyRe  = regexp.MustCompile(`latency +(\d+) ms`)
	errorsRe   = regexp.MustCompile(`errors +(\d+) in a row`)
)

// panelFigures reads the Connection panel of a frame: the hour of the last
// good answer, the latency and the errors in a row (-1 when not shown).
func panelFigures(v string) (hour, latency, errs int) {
	hour, latency, errs = -1, -1, -1
	if m := lastGoodRe.FindStringSubmatch(v); m != nil {
		hour, _ = strconv.Atoi(m[1])
	}
	if m := latencyRe.FindStringSubmatch(v); m != nil {
		latency, _ = strconv.Atoi(m[1])
	}
	if m := errorsRe.FindStringSubmatch(v); m != nil {
		errs, _ = strconv.Atoi(m[1])
	}
	return hour, latency, errs
}

func TestProgramHealthDuringOutages(t *testing.T) {
	cases := []struct {
		name string
		mode outage
		kill bool   // the server is closed: connections refused
		says string // the last error in words
	}{
		{"stopped", stopped, false, "cannot reach"},
		{"killed", healthy, true, "cannot reach"},
		{"stalled", stalled, false, "timed out"},
		{"401", answers401, false, "credentials rejected"},
		{"html", answersHTML, false, "got text/html from sandbox.test"},
		{"500", answers500, false, "server error 500"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			// Every answer takes 30-90 ms: the latency shown is measured.
			sb := sandbox.New(sandbox.WithSeed(1), sandbox.WithTick(0), sandbox.WithUsers(12), sandbox.WithStrategies(60),
				sandbox.WithClock(func() time.Time { return sandboxEpoch }))
			sb.SetFaults(sandbox.Faults{Latency: 60 * time.Millisecond})
			fs := &faultServer{sb: sb}
			srv := httptest.NewServer(fs)
			t.Cleanup(srv.Close)
			t.Cleanup(sb.Close)
			c, err := api.New(srv.URL, api.WithCredentials(api.Credentials{Key: sandbox.DemoKey, Secret: sandbox.DemoSecret}),
				api.WithRetries(0), api.WithTimeout(time.Second))
			if err != nil {
				t.Fatal(err)
			}
			clk := &offsetClock{start: time.Now()}
			m := New(t.Context(), sandboxClient{c}, appOptions(WithClock(clk.Now), WithFetchTimeout(time.Second))...)
			pr := testkit.NewProbe(m.Tea())
			// Tall enough for the whole Connection panel below the rest of
			// the Overview.
			tm := teatest.NewTestModel(t, pr, teatest.WithInitialTermSize(100, 40))
			t.Cleanup(func() { testkit.Stop(t, tm) })
			a := &app{t: t, w: 100, h: 40, tm: tm, sb: sb, probe: pr}

			a.waitFor("a measured latency before the outage", func(v string) bool {
				hour, lat, errs := panelFigures(v)
				return hour == 12 && lat >= 25 && errs == 0 && strings.Contains(v, "listed")
			})

			// The outage begins; the clock jumps an hour, so anything read
			// from now on is at 13:xx.
			switch {
			case tc.kill:
				srv.CloseClientConnections()
				srv.Listener.Close()
			case tc.mode == stopped:
				sb.SetFaults(sandbox.Faults{Down: true})
				fs.mode.Store(int32(stopped))
			default:
				fs.mode.Store(int32(tc.mode))
			}
			// A good answer served just before the switch may still land:
			// the jump waits until every feed of the screen has failed
			// once after it (one fetch in flight per feed).
			a.waitFor("the first failures", func(v string) bool {
				_, _, errs := panelFigures(v)
				return errs >= 6 && strings.Contains(v, "STALE")
			})
			clk.jump(time.Hour)
			a.waitFor("failures after the jump, with every figure from before it", func(v string) bool {
				hour, lat, errs := panelFigures(v)
				if hour != 12 {
					t.Fatalf("the Overview shows a last good answer at hour %d, after the outage began:\n%s", hour, v)
				}
				if lat < 25 {
					t.Fatalf("latency %d ms shown, not the measured one of the last good answer (30-90 ms):\n%s", lat, v)
				}
				if errs == 0 {
					t.Fatalf("no errors in a row during the outage:\n%s", v)
				}
				return strings.Contains(v, "last error   13:") && strings.Contains(v, tc.says)
			})
			v := a.frame()
			header := strings.Split(v, "\n")[0]
			if !strings.Contains(header, "FAILING") || !strings.Contains(v, "STALE") || !strings.Contains(v, "(of the last good answer)") {
				t.Fatalf("the header, status line and panel disagree:\n%s", v)
			}
		})
	}
}
