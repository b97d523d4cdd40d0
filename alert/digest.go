package alert

// The digest: once a day at the configured time, a summary of the shift
// since the last one: changes by kind and by user, actions with their
// outcomes, the alerts still open, and the outages (lost connections and
// dead-man periods). It is kept in memory: a restart starts a new period,
// and the digest says since when it counts.

import (
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/stratop/stratop/config"
	"github.com/stratop/stratop/internal/text"
	"github.com/stratop/stratop/watch"
)

// maxDigestLines bounds each list in a digest.
const maxDigestLines = 20

type digest struct {
	mu      sync.Mutex
	since   time.Time
	byKind  map[string]int
	byUser  map[string]int
	actions []string
	outages []string
	lost    time.Time // a connection.lost not yet restored
	next    time.Time // when the next digest is due
}

func newDigest(since time.Time) *digest {
	return &digest{since: since, byKind: map[string]int{}, byUser: map[string]int{}}
}

func (d *digest) add(ev watch.Event) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.byKind[string(ev.Kind)]++
	if ev.User != "" && ev.Kind != watch.KindCounts {
		d.byUser[ev.User]++
	}
	switch ev.Kind {
	case watch.KindAction:
		d.actions = append(d.actions, ev.Time.Format("15:04")+" "+eventLine(ev))
	case watch.KindConnLost:
		d.lost = ev.Time
	case watch.KindConnBack:
		if !d.lost.IsZero() {
			d.outages = append(d.outages, outageLine("connection lost", d.lost, ev.Time))
			d.lost = time.Time{}
		}
	}
}

func (d *digest) outage(from, to time.Time) {
	d.mu.Lock()
	d.outages = append(d.outages, outageLine("no good read", from, to))
	d.mu.Unlock()
}

func outageLine(what string, from, to time.Time) string {
	return fmt.Sprintf("%s %s – %s (%s)", what, from.Format("Jan 2 15:04"), to.Format("15:04"), to.Sub(from).Round(time.Second))
}

// nextDaily is the first time at or after now at the daily time.
func nextDaily(now time.Time, at config.Daily) time.Time {
	t := time.Date(now.Year(), now.Month(), now.Day(), at.Hour, at.Minute, 0, 0, now.Location())
	if t.Before(now) {
		t = t.AddDate(0, 0, 1)
	}
	return t
}

func (e *Engine) checkDigest(now time.Time) {
	if e.o.Digest == nil {
		return
	}
	d := e.digest
	d.mu.Lock()
	if d.next.IsZero() {
		d.next = nextDaily(d.since, *e.o.Digest)
	}
	if now.Before(d.next) {
		d.mu.Unlock()
		return
	}
	board, err := e.store.Board()
	if err != nil {
		e.logf("alerts: digest: %v", err)
	}
	m := d.message(now, board)
	d.since, d.byKind, d.byUser, d.actions, d.outages = now, map[string]int{}, map[string]int{}, nil, nil
	d.next = nextDaily(now.Add(time.Minute), *e.o.Digest)
	d.mu.Unlock()
	e.stats.with(func(s *Stats) { s.Digests++ })
	e.queue(m, e.o.DigestTo)
}

func (d *digest) message(now time.Time, board Board) Message {
	total := 0
	for _, n := range d.byKind {
		total += n
	}
	var b strings.Builder
	section := func(title string, lines []string) {
		fmt.Fprintf(&b, "%s:\n", title)
		if len(lines) == 0 {
			b.WriteString("  none\n")
		}
		for i, l := range lines {
			if i == maxDigestLines {
				fmt.Fprintf(&b, "  … and %d more\n", len(lines)-maxDigestLines)
				break
			}
			b.WriteString("  " + text.Clean(l) + "\n") // a user id may hold a line break
		}
	}
	section("Changes by kind", countLines(d.byKind))
	section("Changes by user", countLines(d.byUser))
	section("Actions", d.actions)
	var open []string
	for _, o := range board.Open {
		open = append(open, fmt.Sprintf("%s %s (%s)", o.ID, o.Title, o.Time.Format("Jan 2 15:04")))
	}
	section("Open alerts", open)
	outages := d.outages
	if !d.lost.IsZero() {
		outages = append(outages, "connection lost since "+d.lost.Format("Jan 2 15:04"))
	}
	section("Outages", outages)
	return Message{ID: fmt.Sprintf("digest-%d", now.Unix()), Time: now, Severity: "info", Kind: MsgDigest,
		Title: fmt.Sprintf("stratop digest %s – %s: %d events, %d open alerts, %d actions, %d outages",
			d.since.Format("Jan 2 15:04"), now.Format("Jan 2 15:04"), total, len(board.Open), len(d.actions), len(outages)),
		Body: strings.TrimRight(b.String(), "\n")}
}

// countLines lists counts, largest first.
func countLines(m map[string]int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if m[keys[i]] != m[keys[j]] {
			return m[keys[i]] > m[keys[j]]
		}
		return keys[i] < keys[j]
	})
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = fmt.Sprintf("%s: %d", k, m[k])
	}
	return out
}
