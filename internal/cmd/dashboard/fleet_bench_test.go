package dashboard

import (
	"context"
	"io"
	"regexp"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/internal/fleet"
	"github.com/stratop/stratop/internal/fleet/fleettest"
	"github.com/stratop/stratop/internal/testkit"
	"github.com/stratop/stratop/shell"
)

// driver runs a shell as a program does, without a terminal: commands on
// goroutines, their messages back to Update one at a time.
type driver struct {
	s    shell.Model
	ch   chan tea.Msg
	done chan struct{}
}

func newDriver(s shell.Model) *driver {
	d := &driver{s: s, ch: make(chan tea.Msg, 256), done: make(chan struct{})}
	d.run(s.Init())
	return d
}

func (d *driver) run(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	go func() {
		msg := cmd()
		select {
		case d.ch <- msg:
		case <-d.done:
		}
	}()
}

func (d *driver) send(msg tea.Msg) {
	if b, ok := msg.(tea.BatchMsg); ok {
		for _, c := range b {
			d.run(c)
		}
		return
	}
	var cmd tea.Cmd
	d.s, cmd = d.s.Update(msg)
	d.run(cmd)
}

// until takes messages until the frame satisfies cond and returns how
// many it took; false when limit passed first.
func (d *driver) until(limit time.Duration, cond func(string) bool) (int, bool) {
	timeout := time.After(limit)
	for n := 0; ; n++ {
		if cond(d.s.View()) {
			return n, true
		}
		select {
		case msg := <-d.ch:
			d.send(msg)
		case <-timeout:
			return n, false
		}
	}
}

func (d *driver) stop() { close(d.done) }

var usersShown = regexp.MustCompile(`\busers +\d+`)

// From enter on a row to its dashboard, the member's context warm (the
// fleet has polled it): the time to the dashboard's first frame, to the
// first frame with its data from a loopback sandbox, and, after esc, to
// the data again when the dashboard is entered a second time. The program
// draws the model's frame at its next renderer tick (1/55 s at most)
// after these times.
func BenchmarkFleetEnter(b *testing.B) {
	sb := testkit.NewSandbox(b)
	fac, _ := fleettest.Factory(b, fleettest.Profile{Name: "p", URL: sb.URL})
	host := &fleetHost{f: fac, out: io.Discard, fleet: fleet.Options{Interval: time.Minute, Budget: 100000}}
	b.Cleanup(host.Close)
	ctx, cancel := context.WithCancel(context.Background())
	b.Cleanup(cancel)
	fl, err := fleet.Open(ctx, fac, fleet.Options{Interval: time.Minute})
	if err != nil {
		b.Fatal(err)
	}
	fl.PollOnce(ctx)
	if rows := fl.Rows(); rows[0].State != fleet.OK {
		b.Fatalf("the member did not answer: %s", rows[0].Error)
	}
	opened := func(context.Context) (*fleet.Fleet, error) { return fl, nil }
	dashboard := func(v string) bool { return !isFleet(v) && strings.Contains(v, "Overview") }
	var first, data, again time.Duration
	for b.Loop() {
		d := newDriver(shell.New(ctx, opened, host.openDashboard))
		d.send(tea.WindowSizeMsg{Width: 120, Height: 40})
		if _, ok := d.until(5*time.Second, isFleet); !ok {
			b.Fatal("the fleet never showed")
		}
		start := time.Now()
		d.send(testkit.Key("enter"))
		if _, ok := d.until(5*time.Second, dashboard); !ok {
			b.Fatalf("no dashboard after enter:\n%s", d.s.View())
		}
		first += time.Since(start)
		if _, ok := d.until(5*time.Second, usersShown.MatchString); !ok {
			b.Fatalf("the dashboard never showed its data:\n%s", d.s.View())
		}
		data += time.Since(start)
		d.send(testkit.Key("esc"))
		if _, ok := d.until(5*time.Second, isFleet); !ok {
			b.Fatal("esc did not come back")
		}
		start = time.Now()
		d.send(testkit.Key("enter"))
		if _, ok := d.until(5*time.Second, usersShown.MatchString); !ok {
			b.Fatal("entering again did not show the data")
		}
		again += time.Since(start)
		d.stop()
	}
	n := float64(b.N)
	b.ReportMetric(float64(first.Microseconds())/n/1000, "ms/first-frame")
	b.ReportMetric(float64(data.Microseconds())/n/1000, "ms/data-frame")
	b.ReportMetric(float64(again.Microseconds())/n/1000, "ms/warm-again")
}
